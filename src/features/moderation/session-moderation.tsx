import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { BanIcon, CalendarIcon, CheckIcon, CopyIcon, TrashIcon, UsersIcon, VideoIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { DASHBOARD_PAGE_SIZE, SESSION_STATUSES, type SessionsSearch, type SessionStatus } from '@/lib/list-search';
import { ModerationDialog } from '@/components/ui/moderation-dialog';
import { Pager } from '@/components/ui/pager';
import { WeeklySchedule } from '@/components/ui/schedule';
import type { Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import {
  confirmFailed,
  duplicateFailed,
  isBusy,
  isConfirming,
  isDuplicating,
  isLoading,
  loadFailed,
} from '@machines/moderation.selectors';
import { createSessionModerationActors } from '@machines/moderation.actors';
import {
  type ModerationAction,
  type ModerationFilter,
  type ModerationItem,
  moderationMachine,
} from '@machines/moderation.machine';
import { sessionFormFrom, todayIso } from '@/lib/session-form';
import { sessionFailed, sessionSucceeded } from '@/lib/session-messages';
import { SessionRequestDialog, type Timezone } from '@/components/ui/session-request-form';
import { sessionStatusLabels } from '@/lib/session-status-labels';

export type SessionListItem = components['schemas']['SessionListItem'];

/** Same filter values (order-insensitive, undefined = absent). */
function sameFilter(a: ModerationFilter, b: ModerationFilter): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

const actionButton = { size: 'sm', variant: 'outline' } as const;

function SessionCard({
  session,
  locale,
  showEducator,
  actions,
  busy,
  onAction,
}: {
  session: SessionListItem;
  locale: Locale;
  showEducator: boolean;
  actions: readonly ModerationAction[];
  busy: boolean;
  onAction: (action: ModerationAction, session: SessionListItem) => void;
}) {
  const { t } = useLingui();
  const start = formatLongDate(session.startDate, locale);
  const end = formatLongDate(session.endDate, locale);
  const taken = session.seatsTaken;
  const seats = session.maxSeats;
  const educator = session.educator.name;
  const pending = session.status === 'PENDING';
  const title = session.course.title;
  const can = (action: ModerationAction) => actions.includes(action);
  return (
    <li
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', desktop: 'minmax(0, 1fr) auto' },
        alignItems: 'start',
        padding: { base: '4', tablet: '5' },
        bg: 'bg.surface',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        boxShadow: 'card',
      })}
      data-testid="session-row"
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', minWidth: 0 })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2.5' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: '1.35' })}>
            <Link
              to="/sessions/$sessionId"
              params={{ sessionId: session.id }}
              className={css({ _hover: { color: 'primary.strong', textDecoration: 'underline' } })}
            >
              {title}
            </Link>
          </h2>
          <StatusBadge status={session.status} />
        </div>
        <div
          className={css({
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) minmax(0, 1fr)' },
          })}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '1.5',
                fontSize: 'sm',
                color: 'fg.muted',
                flexWrap: 'wrap',
              })}
            >
              <CalendarIcon size={16} />
              <span>
                {start} – {end}
              </span>
            </p>
            <p
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: '4',
                rowGap: '1',
                fontSize: 'sm',
                color: 'fg.muted',
              })}
            >
              <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
                <UsersIcon size={16} />
                <Trans>
                  {taken} of {seats} seats taken
                </Trans>
              </span>
              <Price value={session.price} size="sm" />
              {showEducator ? <span>{t`Educator: ${educator}`}</span> : null}
            </p>
          </div>
          <WeeklySchedule schedule={session.schedule} timezone={session.timezone} from={session.startDate} compact />
        </div>
        {session.moderationMessage ? (
          <p
            className={css({
              fontSize: 'sm',
              paddingInlineStart: '3',
              borderInlineStartWidth: '3px',
              borderColor: session.status === 'REJECTED' ? 'error.muted' : 'border.strong',
              color: 'fg.muted',
            })}
          >
            <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{t`Moderator's note:`}</span>{' '}
            <span dir="auto">{session.moderationMessage}</span>
          </p>
        ) : null}
      </div>
      <div
        role="group"
        aria-label={t`Actions on the session of ${title}`}
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          justifyContent: { base: 'flex-start', desktop: 'flex-end' },
          maxWidth: { desktop: '24rem' },
        })}
      >
        {can('approve') && pending ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            startIcon={<CheckIcon />}
            onClick={() => onAction('approve', session)}
          >
            <Trans>Approve</Trans>
          </Button>
        ) : null}
        {can('reject') && pending ? (
          <Button {...actionButton} disabled={busy} startIcon={<BanIcon />} onClick={() => onAction('reject', session)}>
            <Trans>Reject</Trans>
          </Button>
        ) : null}
        <Link
          to="/dashboard/sessions/$sessionId"
          params={{ sessionId: session.id }}
          className={buttonStyles(actionButton)}
        >
          <UsersIcon size={16} />
          <Trans>Learners</Trans>
        </Link>
        {session.status !== 'PENDING' && session.status !== 'REJECTED' ? (
          <Link to="/classroom/$sessionId" params={{ sessionId: session.id }} className={buttonStyles(actionButton)}>
            <VideoIcon size={16} />
            <Trans>Classroom</Trans>
          </Link>
        ) : null}
        {can('duplicate') ? (
          <Button
            {...actionButton}
            disabled={busy}
            startIcon={<CopyIcon />}
            onClick={() => onAction('duplicate', session)}
          >
            <Trans>Duplicate</Trans>
          </Button>
        ) : null}
        {can('delete') ? (
          <Button
            {...actionButton}
            disabled={busy}
            startIcon={<TrashIcon />}
            onClick={() => onAction('delete', session)}
            className={css({ color: 'error.strong', _hover: { bg: 'error.subtle', borderColor: 'error.strong' } })}
          >
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

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
  const machine = useMemo(() => moderationMachine.provide({ actors: createSessionModerationActors(api) }), [api]);
  const status: SessionStatus | undefined = search.status ?? (mode === 'moderation' ? 'PENDING' : undefined);
  const page = search.page ?? 1;
  const filter = useMemo<ModerationFilter>(() => ({ status, page, pageSize: DASHBOARD_PAGE_SIZE }), [status, page]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { filter, actions } });
  const { items, total, pageSize, target, action, error, message, loaded } = snapshot.context;
  const sessions = items as SessionListItem[];

  // The URL is the source of the filter: a change reloads the list.
  useEffect(() => {
    if (!sameFilter(actorRef.getSnapshot().context.filter, filter)) send({ type: 'queue.filtered', filter });
  }, [filter, actorRef, send]);

  // The spec's toasts (#messages) for the machine's emitted outcomes.
  useEffect(() => {
    const subscriptions = [
      actorRef.on('moderation.succeeded', (e) => {
        const text = sessionSucceeded[e.action];
        if (text) toaster.create({ title: t(text), type: 'success' });
      }),
      actorRef.on('moderation.failed', (e) =>
        toaster.create({
          title: ((text) => (text ? t(text) : t`System error please try later !`))(sessionFailed[e.action]),
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
      actorRef.on('queue.failed', (e) =>
        toaster.create({
          title: t`Could not get the sessions`,
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

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
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '4',
          marginBlockEnd: '5',
        })}
      >
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
        <p
          className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '2' })}
          aria-live="polite"
        >
          {loading ? (
            <>
              <Spinner size="sm" decorative />
              <Trans>Loading sessions…</Trans>
            </>
          ) : loaded ? (
            <Plural value={total} one="# session" other="# sessions" />
          ) : null}
        </p>
      </div>

      {loadFailed(snapshot) ? (
        <EmptyState
          title={<Trans>Could not get the sessions</Trans>}
          description={error?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'queue.reloaded' })}>{t`Try again`}</Button>}
        />
      ) : !loaded ? (
        <div
          className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '16', color: 'primary.strong' })}
        >
          <Spinner size="lg" label={t`Loading sessions…`} />
        </div>
      ) : sessions.length === 0 ? (
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
      ) : (
        <ul
          className={cx(
            css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', padding: 0 }),
            loading ? css({ opacity: 0.6 }) : undefined,
          )}
          aria-busy={loading || undefined}
        >
          {sessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              locale={locale}
              showEducator={showEducator}
              actions={actions}
              busy={busy || loading}
              onAction={(a, item) => send({ type: 'moderation.requested', action: a, item: item as ModerationItem })}
            />
          ))}
        </ul>
      )}
      {loaded ? (
        <Pager
          page={snapshot.context.page}
          pageSize={pageSize}
          total={total}
          disabled={loading}
          onChange={(p) => onSearch({ ...search, page: p === 1 ? undefined : p })}
        />
      ) : null}

      {confirming ? (
        <ModerationDialog
          key={`${action}-${targetSession.id}`}
          open
          action={action}
          title={copy.title}
          description={
            <Trans>
              {courseTitle}, {dateRange}
            </Trans>
          }
          messageLabel={copy.label}
          messageHelp={copy.help}
          initialMessage={message}
          confirmLabel={copy.confirm}
          busy={busy}
          error={error}
          failureText={confirmFailed(snapshot) ? failureText : null}
          onConfirm={(m) => send({ type: 'moderation.confirmed', message: m })}
          onCancel={() => send({ type: 'moderation.cancelled' })}
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
