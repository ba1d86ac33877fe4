import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { buttonStyles } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { createWaitlistActors } from '@machines/waitlist.actors';
import { waitlistMachine } from '@machines/waitlist.machine';
import { confirmFailed, hasJoined, isBusy } from '@machines/waitlist.selectors';

/**
 * `/waitlist/confirm/$token`: the page of the link mailed to a guest who joined a waitlist (issue
 * 16 part 2). It confirms the address at once and says 'You are now on the waitlist!', or why the
 * link does not work (unknown, expired: join again from the course page).
 */
export function WaitlistConfirmPage({ token, api }: { token: string; api: Api }) {
  const { t } = useLingui();
  usePageTitle(t`Waitlist`);
  const machine = useMemo(() => waitlistMachine.provide({ actors: createWaitlistActors(api) }), [api]);
  const [snapshot] = useMachine(machine, { input: { courseId: 0, token } });
  const busy = isBusy(snapshot);
  const done = hasJoined(snapshot);
  const failed = confirmFailed(snapshot);
  const { confirmed, error } = snapshot.context;
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done || failed) result.current?.focus();
  }, [done, failed]);
  const title = confirmed?.courseTitle ?? '';

  return (
    <PageContainer className={css({ paddingBlock: { base: '8', tablet: '12' }, maxWidth: '40rem' })}>
      <PageHeader title={<Trans>Waitlist</Trans>} />
      <div
        ref={result}
        tabIndex={-1}
        className={css({ outline: 'none', display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {busy ? (
          <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
            <Spinner size="sm" decorative />
            <Trans>Confirming your address…</Trans>
          </p>
        ) : null}
        {done && confirmed ? (
          <>
            <FormAlert tone="success" title={<Trans>You are now on the waitlist!</Trans>}>
              <Trans>
                We will e-mail <bdi>{confirmed.email}</bdi> when a session of <bdi>{title}</bdi> opens or a seat frees.
              </Trans>
            </FormAlert>
            <Link
              to="/courses/$courseId"
              params={{ courseId: confirmed.courseId }}
              className={buttonStyles({ variant: 'outline' })}
            >
              <Trans>Back to the course</Trans>
            </Link>
          </>
        ) : null}
        {failed && error ? (
          <>
            <FormAlert
              title={
                error.code === 'link.expired' ? (
                  <Trans>This link has expired</Trans>
                ) : error.code === 'link.notFound' ? (
                  <Trans>This link is not valid</Trans>
                ) : (
                  <Trans>System error please try later !</Trans>
                )
              }
            >
              {error.code === 'link.expired' ? (
                <Trans>Join the waitlist again from the course page to get a new link.</Trans>
              ) : error.code === 'link.notFound' ? (
                <Trans>Check the link in your e-mail, or join the waitlist again.</Trans>
              ) : null}
            </FormAlert>
            <Link to="/courses" className={buttonStyles({ variant: 'outline' })}>
              <Trans>Explore courses</Trans>
            </Link>
          </>
        ) : null}
      </div>
    </PageContainer>
  );
}
