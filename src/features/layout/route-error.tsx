import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { Button, buttonStyles } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';

const wrap = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '4',
  paddingBlock: { base: '16', tablet: '24' },
  paddingInline: '6',
  maxWidth: '36rem',
  marginInline: 'auto',
});

/**
 * A route's errorComponent: says what failed in plain words (server message when it sent one),
 * offers "Try again" (re-runs the loaders) and a way home. 401/403 get their own wording.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const status = error instanceof ApiError ? error.status : undefined;
  const title =
    status === 403
      ? t`You do not have access to this page`
      : status === 401
        ? t`Please sign in again`
        : status === 0 || error instanceof TypeError
          ? t`We could not reach Halaqa`
          : t`Something went wrong`;
  const detail =
    error instanceof ApiError && error.serverMessage ? error.serverMessage : t`System error please try later !`;
  usePageTitle(title);
  return (
    <div role="alert" className={wrap}>
      <span className={css({ color: 'error.strong' })}>
        <AlertIcon size={40} />
      </span>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
      <p className={css({ color: 'fg.muted' })}>{detail}</p>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
        <Link to="/" className={buttonStyles({ variant: 'outline' })}>
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </div>
  );
}

/** Shown when a URL or a record (course, session) does not exist. */
export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <div className={wrap}>
      <p aria-hidden className={css({ fontSize: '5xl', fontWeight: 'extrabold', color: 'primary.strong' })}>
        404
      </p>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        <Trans>Page not found</Trans>
      </h1>
      <p className={css({ color: 'fg.muted' })}>
        <Trans>The page you are looking for does not exist or is no longer available.</Trans>
      </p>
      <Link to="/courses" className={buttonStyles()}>
        <Trans>Explore courses</Trans>
      </Link>
    </div>
  );
}
