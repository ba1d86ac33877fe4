import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import type { AuthActor } from '@/lib/auth/auth-service';
import type { FederatedProvider } from '../../../machines/auth.machine';
import { selectIsLoggedIn, selectIsStartingFederated, selectLoginError } from '../../../machines/auth.selectors';

/**
 * "Sign in with MA" and "Sign in with QA" (spec §1, §9 federated providers): each sends
 * `auth.federatedStart`, after which the browser goes to the directory's sign-in page. With
 * `startWith` (`/login?sign-in-with-redirect=MA|QA`, spec §2) the sign-in starts at once, once
 * per page (not again after it failed, so the error stays readable).
 */
export function SsoButtons({ auth, redirect, startWith }: { auth: AuthActor; redirect?: string | undefined; startWith?: FederatedProvider | undefined }) {
  const starting = useSelector(auth, selectIsStartingFederated);
  const failed = useSelector(auth, (s) => selectLoginError(s) !== null);
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  const started = useRef(false);

  const start = (provider: FederatedProvider) =>
    auth.send({ type: 'auth.federatedStart', provider, ...(redirect ? { redirect } : {}) });

  useEffect(() => {
    if (!startWith || started.current || failed || loggedIn) return;
    started.current = true;
    auth.send({ type: 'auth.federatedStart', provider: startWith, ...(redirect ? { redirect } : {}) });
  }, [auth, startWith, redirect, failed, loggedIn]);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', marginBlockStart: '5' })}>
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
        <Button type="button" variant="outline" fullWidth loading={starting} onClick={() => start('MA')}>
          <Trans>Sign in with MA</Trans>
        </Button>
        <Button type="button" variant="outline" fullWidth loading={starting} onClick={() => start('QA')}>
          <Trans>Sign in with QA</Trans>
        </Button>
      </div>
    </div>
  );
}
