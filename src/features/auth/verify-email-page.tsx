import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { type Api, unwrap } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { AuthLayout, linkStyles } from './auth-layout';

/**
 * `/verify-email?token=`: the link mailed at sign-up. Posts the token once (`POST /auth/verify-email`)
 * and says whether the address is now confirmed; a bad or expired link says so (no retry: the
 * answer would be the same).
 */
export function VerifyEmailScreen({ api, token }: { api: Api; token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Confirm your e-mail address`);
  const [outcome, setOutcome] = useState<{ email: string } | 'failed' | null>(token ? null : 'failed');
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api
      .POST('/auth/verify-email', { body: { token } })
      .then((r) => setOutcome(unwrap(r)))
      .catch(() => setOutcome('failed'));
  }, [api, token]);

  return (
    <AuthLayout
      title={<Trans>Confirm your e-mail address</Trans>}
      footer={
        <Link to="/login" className={linkStyles}>
          <Trans>Back to sign in</Trans>
        </Link>
      }
    >
      {outcome === null ? (
        <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
          <Spinner size="sm" decorative />
          <Trans>Confirming your address…</Trans>
        </p>
      ) : outcome === 'failed' ? (
        <FormAlert title={<Trans>This link is not valid</Trans>}>
          <Trans>It may have expired (links work for 7 days). Check the link in your e-mail.</Trans>
        </FormAlert>
      ) : (
        <FormAlert tone="success" title={<Trans>Your address is confirmed</Trans>}>
          <Trans>
            <bdi>{outcome.email}</bdi> is now confirmed as yours.
          </Trans>
        </FormAlert>
      )}
    </AuthLayout>
  );
}
