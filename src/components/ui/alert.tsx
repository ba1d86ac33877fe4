import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api/client';
import type { Failure } from '@machines/support/errors';

const tones = {
  error: css({ bg: 'error.subtle', borderColor: 'error.muted', color: 'error.stronger' }),
  success: css({ bg: 'success.subtle', borderColor: 'success.muted', color: 'success.stronger' }),
  info: css({ bg: 'info.subtle', borderColor: 'info.muted', color: 'info.stronger' }),
  warning: css({ bg: 'warning.subtle', borderColor: 'warning.muted', color: 'warning.stronger' }),
};

/**
 * An inline message box. `tone="error"` is announced at once (role=alert); the others politely
 * (role=status).
 */
export function FormAlert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        css({
          display: 'flex',
          gap: '2.5',
          alignItems: 'flex-start',
          paddingInline: '3.5',
          paddingBlock: '3',
          borderRadius: 'lg',
          borderWidth: '1px',
          fontSize: 'sm',
        }),
        tones[tone],
        className,
      )}
    >
      <Icon size={18} aria-hidden className={css({ flexShrink: 0, marginBlockStart: '0.5' })} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: 0 })}>
        {title ? <p className={css({ fontWeight: 'semibold' })}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** A failure a machine keeps (`machines/support/errors.ts` `Failure`): code, HTTP status when answered, server message. */
function isMachineFailure(error: unknown): error is Failure<string> {
  return Boolean(
    error &&
      typeof error === 'object' &&
      !(error instanceof Error) &&
      typeof (error as { code?: unknown }).code === 'string',
  );
}

/**
 * Why a call failed, in words: the server's message, or what a network error means. Takes what
 * the call threw (an `ApiError`, a network error) or a machine's `Failure` kept from it.
 */
export function useErrorReason() {
  const { t } = useLingui();
  return (error: unknown): string => {
    const answer =
      error instanceof ApiError
        ? { status: error.status, message: error.serverMessage }
        : isMachineFailure(error)
          ? error
          : null;
    if (answer?.status) {
      if (answer.message) return answer.message;
      if (answer.status === 403) return t`You do not have access to this page`;
      return t`System error please try later !`;
    }
    if (answer?.message) return answer.message;
    return t`We could not reach the server. Check your connection and try again.`;
  };
}

/** A section's failure: the headline, the reason and a "Try again" that re-runs the loader. */
export function SectionError({ title, error, onRetry }: { title: ReactNode; error: unknown; onRetry: () => void }) {
  const reason = useErrorReason();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
      <FormAlert title={title} className={css({ width: 'full' })}>
        {reason(error)}
      </FormAlert>
      <button
        type="button"
        onClick={onRetry}
        className={css({
          color: 'primary.strong',
          fontWeight: 'semibold',
          fontSize: 'sm',
          cursor: 'pointer',
          _hover: { textDecoration: 'underline' },
        })}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
