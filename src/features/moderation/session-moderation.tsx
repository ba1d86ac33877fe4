import { BoardCount, BoardToolbar } from '@/components/ui/board-list';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon } from '@/components/ui/icons';
import { DASHBOARD_PAGE_SIZE, SESSION_STATUSES, type SessionsSearch, type SessionStatus } from '@/lib/list-search';
import type { Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import {
  confirmFailed,
  duplicateFailed,
  isBusy,
  isConfirming,
  isDuplicating,
  isLoading,
} from '@machines/moderation.selectors';
import { createSessionModerationActors } from '@machines/moderation.actors';
import type { ModerationAction, ModerationFilter, ModerationItem } from '@machines/moderation.machine';
import {
  BoardItems,
  BoardPager,
  DecisionDialog,
  errorToast,
  useModerationBoard,
} from '@/components/ui/moderation-board';
import { sessionFormFrom, todayIso } from '@/lib/session-form';
import { sessionFailed, sessionSucceeded } from '@/lib/session-messages';
import { SessionRequestDialog, type Timezone } from '@/components/ui/session-request-form';
import { sessionStatusLabels } from '@/lib/session-status-labels';
import { type SessionListItem, SessionCard } from './session-card';

export type { SessionListItem } from './session-card';

/**
 * A list of sessions with their status badges and moderation actions, driven by the moderation
 * machine over GET /sessions?status&page (filter and page in the URL):
 * - `mode="moderation"` (admins, /dashboard/moderation): the pending queue by default;
 * - `mode="sessions"` (/dashboard/sessions): every status, for educators (their own) and admins.
 * `actions` are the actions the viewer may take (approve/reject only show on PENDING sessions).
 * Every outcome raises the spec's toast (#messages); a duplicate opens the request form prefilled.
 */
export function SessionBoard({
  api,
  mode,
  actions,
  search,
  onSearch,
  timezones,
  showEducator,
}: {
  api: Api;
  mode: 'moderation' | 'sessions';
  actions: readonly ModerationAction[];
  search: SessionsSearch;
  onSearch: (next: SessionsSearch) => void;
  timezones: readonly Timezone[];
  showEducator: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const status: SessionStatus | undefined = search.status ?? (mode === 'moderation' ? 'PENDING' : undefined);
  const page = search.page ?? 1;
  const filter = useMemo<ModerationFilter>(() => ({ status, page, pageSize: DASHBOARD_PAGE_SIZE }), [status, page]);
  // The spec's toasts (#messages) for the machine's outcomes.
  const board = useModerationBoard({
    api,
    createActors: createSessionModerationActors,
    filter,
    actions,
    toasts: {
      succeeded: (a) => (sessionSucceeded[a] ? t(sessionSucceeded[a]) : null),
      failed: (a, e) => errorToast(failedText(a), e),
      listFailed: t`Could not get the sessions`,
    },
  });
  const { snapshot, send } = board;
  const { items, total, target, action, error, loaded } = snapshot.context;
  const sessions = items as SessionListItem[];

  const busy = isBusy(snapshot);
  const loading = isLoading(snapshot);
  function failedText(a: ModerationAction): string {
    const text = sessionFailed[a];
    return text ? t(text) : t`System error please try later !`;
  }
  const targetSession = target ? (sessions.find((s) => s.id === target.id) ?? (target as SessionListItem)) : null;
  const duplicating = isDuplicating(snapshot) && targetSession;
  const failureText = error && action ? failedText(action) : null;
  const courseTitle = targetSession?.course.title ?? '';

  const dialogCopy: Partial<
    Record<ModerationAction, { title: string; confirm: string; label: string | null; help?: string }>
  > = {
    approve: {
      title: t`Approve this session?`,
      confirm: t`Approve`,
      label: t`Note to the educator (optional)`,
      help: t`The session is published in explore and the educator gets an e-mail.`,
    },
    reject: {
      title: t`Reject this session?`,
      confirm: t`Reject`,
      label: t`Message to the educator`,
      help: t`Say what to change; it is sent by e-mail.`,
    },
    delete: {
      title: t`Delete this session?`,
      confirm: t`Delete`,
      label: t`Message to the educator and the enrolled learners`,
      help: t`This cannot be undone. Paid enrollments are refunded to the learners' wallets.`,
    },
  };
  const copy = action ? dialogCopy[action] : undefined;
  const confirming = isConfirming(snapshot) && targetSession && action && copy;

  const dateRange = targetSession
    ? `${formatLongDate(targetSession.startDate, locale)} – ${formatLongDate(targetSession.endDate, locale)}`
    : '';
  return (
    <div>
      <BoardToolbar>
        <SelectField
          label={t`Status`}
          value={status ?? ''}
          onChange={(e) => {
            const value = e.target.value as SessionStatus | '';
            onSearch({ status: value === '' ? undefined : value, page: undefined });
          }}
          className={css({ width: { base: 'full', tablet: '16rem' } })}
        >
          {mode === 'sessions' ? <option value="">{t`All statuses`}</option> : null}
          {SESSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(sessionStatusLabels[s])}
            </option>
          ))}
        </SelectField>
        <BoardCount
          loading={loading}
          loaded={loaded}
          loadingText={<Trans>Loading sessions…</Trans>}
          count={<Plural value={total} one="# session" other="# sessions" />}
        />
      </BoardToolbar>

      <BoardItems
        board={board}
        failedTitle={<Trans>Could not get the sessions</Trans>}
        loadingLabel={t`Loading sessions…`}
        empty={
          <EmptyState
            icon={<CalendarIcon size={28} />}
            title={
              mode === 'moderation' && status === 'PENDING' ? (
                <Trans>No session is waiting for approval</Trans>
              ) : (
                <Trans>No session to show</Trans>
              )
            }
            description={
              mode === 'moderation' ? (
                <Trans>New session requests from educators appear here.</Trans>
              ) : (
                <Trans>Request a session of one of your courses to see it here.</Trans>
              )
            }
            action={
              mode === 'sessions' ? (
                <Link to="/dashboard/courses" className={buttonStyles()}>
                  <Trans>Courses to teach</Trans>
                </Link>
              ) : undefined
            }
          />
        }
      >
        {sessions.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            locale={locale}
            showEducator={showEducator}
            actions={actions}
            busy={busy || loading}
            onAction={(a, item) => board.request(a, item as ModerationItem)}
          />
        ))}
      </BoardItems>
      <BoardPager board={board} search={search} onSearch={onSearch} />

      {confirming ? (
        <DecisionDialog
          board={board}
          action={action}
          itemId={targetSession.id}
          copy={copy}
          description={
            <Trans>
              {courseTitle}, {dateRange}
            </Trans>
          }
          failureText={confirmFailed(snapshot) ? failureText : null}
        />
      ) : null}
      {duplicating ? (
        <SessionRequestDialog
          key={`duplicate-${targetSession.id}`}
          open
          onClose={() => send({ type: 'moderation.cancelled' })}
          title={<Trans>Duplicate the session</Trans>}
          description={
            <Trans>A new session of “{courseTitle}” with the same schedule, seats and price. It starts pending.</Trans>
          }
          courseId={targetSession.courseId}
          initialValues={sessionFormFrom(targetSession, todayIso())}
          timezones={timezones}
          busy={busy}
          failure={duplicateFailed(snapshot) ? (error?.message ?? t`Please check the form and try again.`) : null}
          serverErrors={error?.fieldErrors}
          onSubmit={(request) => send({ type: 'duplicate.submitted', request })}
        />
      ) : null}
    </div>
  );
}
