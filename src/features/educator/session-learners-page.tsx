import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { disc } from 'styled-system/recipes';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSectionHeader, cardListRow } from '@/components/ui/card-section';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { MailIcon, ResetIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { toaster } from '@/components/ui/toast';
import { FormAlert } from '@/components/ui/alert';
import { AppDialog } from '@/components/ui/dialog';
import type { Settled as Loaded } from '@/lib/load';
import { Pager } from '@/components/ui/pager';
import { useErrorToast } from '@/lib/use-toast-once';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import {
  contentFailed,
  isContentDialogOpen,
  isMailOpen,
  isMailSent,
  isResettingContent,
  isSendingMail,
  mailFailed,
} from '@machines/session-learners.selectors';
import { createSessionLearnersActors } from '@machines/session-learners.actors';
import { sessionLearnersMachine } from '@machines/session-learners.machine';
import { sessionToasts } from '@/lib/session-messages';
import { SessionPageHeader } from './session-tabs';
import { initials, MailDialog } from './session-mail-dialog';

type SessionInfo = components['schemas']['SessionInfo'];

const checkbox = css({ width: '4.5', height: '4.5', accentColor: 'var(--colors-primary-strong)', cursor: 'pointer' });
type PagedLearners = components['schemas']['PagedSessionLearner'];

export interface SessionLearnersData {
  session: SessionInfo;
  learners: Loaded<PagedLearners>;
}

/**
 * A session's learners (/dashboard/sessions/$sessionId, educators and admins): the enrolled
 * learners (GET /sessions/{id}/learners; a failure shows 'Could not get the session learners !'),
 * a mail to the selected learners (POST /mail/send, reset 1 s after success; the server's message
 * on failure) and "Reset syllabus" (PUT /sessions/{id}/content with [] after a confirmation).
 */
export function SessionLearnersPage({
  data,
  api,
  onPage,
  onRetry,
  refundAction,
}: {
  data: SessionLearnersData;
  api: Api;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** An admin's "Refund" of an ACTIVE learner (the route gives the payments feature's to admins only). */
  refundAction?: (learner: { userId: number; name: string }) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { session } = data;
  const title = session.course.title;
  usePageTitle(t`Learners of ${title}`);
  const machine = useMemo(() => sessionLearnersMachine.provide({ actors: createSessionLearnersActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId: session.id } });
  const learners = data.learners.ok ? data.learners.data.items : [];
  const failure = data.learners.ok ? null : data.learners.error;
  useErrorToast(failure, t(sessionToasts.learnersFailed), failure?.serverMessage);

  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  useEffect(() => setSelected(new Set()), [data.learners]);
  const allSelected = learners.length > 0 && learners.every((l) => selected.has(l.userId));
  const selectAllId = useId();

  useEffect(() => {
    const subscriptions = [
      actorRef.on('mail.sent', (e) => {
        const recipients = e.recipients;
        toaster.create({
          title: plural(recipients, { one: 'E-mail sent to # learner.', other: 'E-mail sent to # learners.' }),
          type: 'success',
        });
      }),
      actorRef.on('mail.failed', (e) =>
        // product.md#messages: the server's message is shown for mail failures.
        toaster.create({ title: e.error.message ?? t`The e-mail was not sent.`, type: 'error' }),
      ),
      actorRef.on('content.reset', () => {
        toaster.create({ title: t`The session's syllabus is now a copy of the course's syllabus.`, type: 'success' });
      }),
      actorRef.on('content.failed', (e) =>
        toaster.create({
          title: t`Could not reset the syllabus !`,
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  const mailOpen = isMailOpen(snapshot);
  const recipients = learners.filter((l) => snapshot.context.recipients.includes(l.userId));
  const mailTargets = selected.size > 0 ? learners.filter((l) => selected.has(l.userId)) : learners;
  const contentBusy = isResettingContent(snapshot);
  const total = data.learners.ok ? data.learners.data.total : 0;
  const selectedCount = selected.size;
  const mailLabel = selectedCount > 0 ? t`E-mail selected learners (${selectedCount})` : t`E-mail all learners`;

  function toggle(userId: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  }

  return (
    <PageContainer>
      <SessionPageHeader
        session={session}
        eyebrow={<Trans>Session learners</Trans>}
        current="learners"
        actions={
          <>
            <Button
              variant="outline"
              startIcon={<ResetIcon />}
              loading={contentBusy}
              onClick={() => send({ type: 'content.resetRequested' })}
            >
              <Trans>Reset syllabus</Trans>
            </Button>
            <Button
              startIcon={<MailIcon />}
              disabled={mailTargets.length === 0}
              onClick={() => send({ type: 'mail.opened', userIds: mailTargets.map((l) => l.userId) })}
            >
              {mailLabel}
            </Button>
          </>
        }
      />

      {failure ? (
        <EmptyState
          title={<Trans>Could not get the session learners !</Trans>}
          description={failure.serverMessage ?? t`System error please try later !`}
          action={<Button onClick={onRetry}>{t`Try again`}</Button>}
        />
      ) : learners.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={28} />}
          title={<Trans>No learner has enrolled yet</Trans>}
          description={<Trans>Learners appear here as soon as they enroll in this session.</Trans>}
          action={
            <Link
              to="/sessions/$sessionId"
              params={{ sessionId: session.id }}
              className={css({ color: 'primary.strong', fontWeight: 'semibold' })}
            >
              <Trans>Open the session page</Trans>
            </Link>
          }
        />
      ) : (
        <Card as="section" aria-labelledby="learners-title">
          <CardSectionHeader
            titleId="learners-title"
            title={<Plural value={total} one="# learner" other="# learners" />}
            actions={
              <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
                <input
                  id={selectAllId}
                  type="checkbox"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(learners.map((l) => l.userId)) : new Set())}
                  className={checkbox}
                />
                <label htmlFor={selectAllId} className={css({ cursor: 'pointer' })}>
                  <Trans>Select all</Trans>
                </label>
              </div>
            }
          />
          <ul className={css({ listStyle: 'none', padding: 0 })}>
            {learners.map((learner) => {
              const enrolled = formatLongDate(learner.enrolledAt.slice(0, 10), locale);
              const checkboxId = `learner-${learner.userId}`;
              return (
                <li
                  key={learner.enrollmentId}
                  className={cx(
                    cardListRow,
                    css({
                      display: 'grid',
                      gridTemplateColumns: refundAction
                        ? 'auto auto minmax(0, 1fr) auto auto'
                        : 'auto auto minmax(0, 1fr) auto',
                      alignItems: 'center',
                      gap: '3',
                    }),
                  )}
                >
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={selected.has(learner.userId)}
                    onChange={(e) => toggle(learner.userId, e.target.checked)}
                    className={checkbox}
                  />
                  <span
                    aria-hidden
                    className={cx(
                      disc(),
                      css({
                        width: '9',
                        height: '9',
                        bg: 'primary.subtle',
                        color: 'primary.stronger',
                        fontSize: 'xs',
                        fontWeight: 'bold',
                      }),
                    )}
                  >
                    {initials(learner.name)}
                  </span>
                  <label
                    htmlFor={checkboxId}
                    className={css({ display: 'flex', flexDirection: 'column', minWidth: 0, cursor: 'pointer' })}
                  >
                    <span className={css({ fontWeight: 'semibold', fontSize: 'sm', truncate: true })}>
                      {learner.name}
                    </span>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })} dir="ltr">
                      {learner.email}
                    </span>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t`Enrolled on ${enrolled}`}</span>
                  </label>
                  {learner.status === 'ACTIVE' ? (
                    <StatusBadge status="ACTIVE" />
                  ) : (
                    <Badge tone="gray">{t`Cancelled`}</Badge>
                  )}
                  {refundAction ? learner.status === 'ACTIVE' ? refundAction(learner) : <span /> : null}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      {data.learners.ok ? (
        <Pager page={data.learners.data.page} pageSize={data.learners.data.pageSize} total={total} onChange={onPage} />
      ) : null}

      {mailOpen ? (
        <MailDialog
          recipients={recipients}
          busy={isSendingMail(snapshot)}
          sent={isMailSent(snapshot)}
          sentCount={snapshot.context.sentCount}
          failure={mailFailed(snapshot) ? (snapshot.context.mailError?.message ?? t`The e-mail was not sent.`) : null}
          invalid={snapshot.context.mailError?.code === 'mail.messageRequired'}
          initialMessage={snapshot.context.message}
          onSend={(message) => send({ type: 'mail.submitted', message, userIds: snapshot.context.recipients })}
          onClose={() => send({ type: 'mail.closed' })}
        />
      ) : null}
      {isContentDialogOpen(snapshot) ? (
        <AppDialog
          open
          role="alertdialog"
          busy={contentBusy}
          onClose={() => send({ type: 'content.cancelled' })}
          title={<Trans>Reset the syllabus?</Trans>}
          description={
            <Trans>
              The weeks, sections and lessons of this session are replaced by a copy of the course's syllabus. Changes
              made to this session's syllabus are lost.
            </Trans>
          }
          footer={
            <>
              <Button variant="outline" disabled={contentBusy} onClick={() => send({ type: 'content.cancelled' })}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="danger" loading={contentBusy} onClick={() => send({ type: 'content.confirmed' })}>
                <Trans>Reset syllabus</Trans>
              </Button>
            </>
          }
        >
          {contentFailed(snapshot) ? (
            <FormAlert title={<Trans>Could not reset the syllabus !</Trans>}>
              {snapshot.context.contentError?.message ?? null}
            </FormAlert>
          ) : null}
        </AppDialog>
      ) : null}
    </PageContainer>
  );
}
