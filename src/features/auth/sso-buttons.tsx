import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import type { AuthActor } from '@/lib/auth/auth-service';
import type { FederatedProvider } from '@machines/auth.machine';
import { selectIsLoggedIn, selectIsStartingFederated } from '@machines/auth.selectors';
import { federatedUnavailable } from './messages';

/**
 * "Sign in with MA" and "Sign in with QA" (product.md#overview, #limits federated providers): links to
 * `/login?sign-in-with-redirect=MA|QA` (so they work like the spec's query parameter, and stay
 * links for assistive technology); the page then sends `auth.federatedStart`, after which the
 * browser goes to the directory's sign-in page. With
 * `startWith` (`/login?sign-in-with-redirect=MA|QA`, product.md#screens) the sign-in starts at once, once
 * per provider and page (not again after it failed, so the error stays readable).
 * `available` lists the directories this server offers (`GET /auth/oidc/providers`): only these
 * get a button (none: no "or use your organisation's account" part at all), and a `startWith`
 * outside it says so instead of starting.
 */
export function SsoButtons({
  auth,
  redirect,
  startWith,
  available = ['MA', 'QA'],
}: {
  auth: AuthActor;
  redirect?: string | undefined;
  startWith?: FederatedProvider | undefined;
  available?: readonly FederatedProvider[];
}) {
  const { i18n } = useLingui();
  // The directory's pages in the language of this one (ui_locales).
  const locale = i18n.locale === 'ar' ? 'ar' : 'en';
  const starting = useSelector(auth, selectIsStartingFederated);
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  /** The provider this page already started (never twice for one `startWith`). */
  const startedFor = useRef<FederatedProvider | null>(null);

  const start = (provider: FederatedProvider) =>
    auth.send({ type: 'auth.federatedStart', provider, locale, ...(redirect ? { redirect } : {}) });

  const unavailable = startWith && !available.includes(startWith) ? startWith : null;

  useEffect(() => {
    if (!startWith || !available.includes(startWith) || startedFor.current === startWith || loggedIn) return;
    startedFor.current = startWith;
    auth.send({ type: 'auth.federatedStart', provider: startWith, locale, ...(redirect ? { redirect } : {}) });
  }, [auth, startWith, redirect, loggedIn, locale, available]);

  const notice = unavailable ? (
    <FormAlert className={css({ marginBlockStart: '5' })}>{i18n._(federatedUnavailable[unavailable])}</FormAlert>
  ) : null;
  if (!available.length) return notice;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', marginBlockStart: '5' })}>
      {notice}
      <p
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          color: 'fg.muted',
          fontSize: 'sm',
          _before: { content: '""', flex: '1', borderBlockStartWidth: '1px', borderColor: 'border.default' },
          _after: { content: '""', flex: '1', borderBlockStartWidth: '1px', borderColor: 'border.default' },
        })}
      >
        <Trans>or use your organisation's account</Trans>
      </p>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' }, gap: '3' })}>
        {available.map((provider) => (
          <Link
            key={provider}
            to="/login"
            search={{ 'sign-in-with-redirect': provider, ...(redirect ? { redirect } : {}) }}
            className={buttonStyles({ variant: 'outline', fullWidth: true })}
            aria-busy={starting || undefined}
            onClick={(event) => {
              // Already on this link's URL (e.g. after a failure): start again without navigating.
              if (startWith === provider) {
                event.preventDefault();
                start(provider);
              }
            }}
          >
            {starting && startWith === provider ? <Spinner size="sm" decorative /> : null}
            {provider === 'MA' ? <Trans>Sign in with MA</Trans> : <Trans>Sign in with QA</Trans>}
          </Link>
        ))}
      </div>
    </div>
  );
}
