import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/document-head';
import type { AuthActor } from '@/lib/auth/auth-service';
import type { FederatedProvider } from '@machines/auth.machine';
import { selectIsLoggedIn, selectIsRestoring, selectLoginError, selectReturnTo } from '@machines/auth.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { loginErrorText } from './messages';
import { useAfterLogin } from './use-after-login';

/** What a directory sent back to `/sso/{p}` (its query parameters); all optional as received. */
export interface DirectoryAnswer {
  state?: string | undefined;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

/**
 * The federated sign-in callback page: sends the directory's answer to the auth actor once
 * (`auth.federatedReturn`), shows "Signing you in…" while the server checks it, then leaves for the
 * page asked for when the sign-in started (or the landing page). A refusal shows the server's
 * message (product.md#messages) and a way back to the sign-in page.
 */
export function SsoCallbackScreen({
  auth,
  provider,
  answer,
}: {
  auth: AuthActor;
  provider: FederatedProvider;
  answer: DirectoryAnswer;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Signing you in`);
  const returnTo = useSelector(auth, selectReturnTo);
  useAfterLogin(auth, returnTo ?? undefined);
  const error = useSelector(auth, selectLoginError);
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  // The answer is sent once the cookie has been read (the actor takes it only when logged out).
  const restoring = useSelector(auth, selectIsRestoring);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || loggedIn || restoring) return;
    sent.current = true;
    const { state, code, iss, error: refused, error_description } = answer;
    auth.send({
      type: 'auth.federatedReturn',
      provider,
      params: {
        state: state ?? '',
        ...(code ? { code } : {}),
        ...(iss ? { iss } : {}),
        ...(refused ? { error: refused } : {}),
        ...(error_description ? { error_description } : {}),
      },
    });
  }, [auth, provider, answer, loggedIn, restoring]);

  return (
    <AuthLayout
      title={
        error ? (
          provider === 'MA' ? (
            <Trans>Sign in with MA</Trans>
          ) : (
            <Trans>Sign in with QA</Trans>
          )
        ) : provider === 'MA' ? (
          <Trans>Signing in with MA</Trans>
        ) : (
          <Trans>Signing in with QA</Trans>
        )
      }
      footer={
        <Link to="/login" className={linkStyles}>
          <Trans>Back to sign in</Trans>
        </Link>
      }
    >
      {error ? (
        // The server's message may be in English inside an Arabic page: its own direction.
        <FormAlert>
          <span dir="auto">{loginErrorText(i18n, error)}</span>
        </FormAlert>
      ) : (
        <div role="status" className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })}>
          <Spinner size="md" decorative />
          <Trans>Checking your organisation's answer…</Trans>
        </div>
      )}
    </AuthLayout>
  );
}
