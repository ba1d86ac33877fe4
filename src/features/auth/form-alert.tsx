import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '@/components/ui/icons';

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
