import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CoursePicture } from '@/components/ui/course-picture';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { BanIcon, BookIcon, CheckIcon, SearchIcon } from '@/components/ui/icons';
import { ModerationDialog } from '@/components/ui/moderation-dialog';
import { Pager } from '@/components/ui/pager';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { categoryName } from '@/lib/course-labels';
import { isLocale, type Locale } from '@/lib/i18n';
import { COURSE_STATUSES, DASHBOARD_PAGE_SIZE, type CourseStatus, type ModerationSearch } from '@/lib/list-search';
import type { components } from '@contract/schema';
import { createCourseModerationActors } from '@machines/moderation.actors';
import {
  type ModerationAction,
  type ModerationFilter,
  type ModerationItem,
  moderationMachine,
} from '@machines/moderation.machine';
import { confirmFailed, isBusy, isConfirming, isLoading, loadFailed } from '@machines/moderation.selectors';
import { courseFailed, courseStatusLabels, courseSucceeded } from '@/lib/course-messages';

export type ModeratedCourse = components['schemas']['ModeratedCourse'];

const COURSE_ACTIONS: readonly ModerationAction[] = ['approve', 'reject', 'unpublish', 'publish'];
const actionButton = { size: 'sm', variant: 'outline' } as const;

/** The decisions a course in `status` is open to (product.md#entities: PENDING → APPROVED | REJECTED → PUBLISHED ⇄ UNPUBLISHED). */
export function courseActionsOf(status: string): ModerationAction[] {
  switch (status) {
    case 'PENDING':
      return ['approve', 'reject'];
    case 'PUBLISHED':
      return ['unpublish'];
    case 'APPROVED':
    case 'UNPUBLISHED':
      return ['publish'];
    default:
      return [];
  }
}

function CourseRow({
  course,
  locale,
  busy,
  onAction,
}: {
  course: ModeratedCourse;
  locale: Locale;
  busy: boolean;
  onAction: (a: ModerationAction, c: ModeratedCourse) => void;
}) {
  const { t } = useLingui();
  const title = course.title;
  const educator = course.educator.name;
  const sent = course.submittedAt ? formatLongDate(course.submittedAt.slice(0, 10), locale) : null;
  const waiting = course.pendingSessions;
  const actions = courseActionsOf(course.status);
  return (
    <li
      data-testid="course-row"
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', tablet: '9rem minmax(0, 1fr)', desktop: '9rem minmax(0, 1fr) auto' },
        alignItems: 'start',
        padding: { base: '4', tablet: '5' },
        bg: 'bg.surface',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        boxShadow: 'card',
      })}
    >
      <div className={css({ borderRadius: 'lg', overflow: 'hidden', display: { base: 'none', tablet: 'block' } })}>
        <CoursePicture src={course.pictureUrl} alt="" />
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2.5' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: '1.35' })}>
            <Link
              to="/courses/$courseId"
              params={{ courseId: course.id }}
              className={css({ _hover: { color: 'primary.strong', textDecoration: 'underline' } })}
            >
              {title}
            </Link>
          </h2>
          <StatusBadge status={course.status} />
        </div>
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
          <span>{categoryName(course.category, locale)}</span>
          <Price value={course.price} size="sm" />
          <span>{t`Educator: ${educator}`}</span>
          {sent ? <span>{t`Sent for review on ${sent}`}</span> : null}
        </p>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {waiting > 0 ? (
            <Plural
              value={waiting}
              one="# session of this course also waits for approval: approving it publishes the course."
              other="# sessions of this course also wait for approval: approving one publishes the course."
            />
          ) : course.status === 'PENDING' ? (
            <Trans>Sent without a session.</Trans>
          ) : null}
        </p>
        {course.moderationMessage ? (
          <p
            className={css({
              fontSize: 'sm',
              paddingInlineStart: '3',
              borderInlineStartWidth: '3px',
              borderColor: 'border.strong',
              color: 'fg.muted',
            })}
          >
            <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{t`Moderator's note:`}</span>{' '}
            <span dir="auto">{course.moderationMessage}</span>
          </p>
        ) : null}
      </div>
      {actions.length ? (
        <div
          role="group"
          aria-label={t`Actions on the course ${title}`}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            justifyContent: { base: 'flex-start', desktop: 'flex-end' },
            gridColumn: { tablet: '1 / -1', desktop: 'auto' },
          })}
        >
          {actions.includes('approve') ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              startIcon={<CheckIcon />}
              onClick={() => onAction('approve', course)}
            >
              <Trans>Approve</Trans>
            </Button>
          ) : null}
          {actions.includes('reject') ? (
            <Button
              {...actionButton}
              disabled={busy}
              startIcon={<BanIcon />}
              onClick={() => onAction('reject', course)}
            >
              <Trans>Reject</Trans>
            </Button>
          ) : null}
          {actions.includes('publish') ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              startIcon={<CheckIcon />}
              onClick={() => onAction('publish', course)}
            >
              <Trans>Publish</Trans>
            </Button>
          ) : null}
          {actions.includes('unpublish') ? (
            <Button
              {...actionButton}
              disabled={busy}
              startIcon={<BanIcon />}
              onClick={() => onAction('unpublish', course)}
              className={css({ color: 'error.strong', _hover: { bg: 'error.subtle', borderColor: 'error.strong' } })}
            >
              <Trans>Unpublish</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The admins' course queue (/dashboard/moderation?queue=courses; product.md#entities course
 * statuses): courses in one status (PENDING by default: sent for review, with or without a
 * session), searchable by title, each with the decisions its status allows: approve (optional
 * note) or reject (message required), unpublish a published course (message required), publish an
 * approved or unpublished one. Driven by the moderation machine over GET /courses/moderation;
 * every decision is mailed to the educator by the server and confirmed by a toast.
 */
export function CourseModerationBoard({
  api,
  search,
  onSearch,
}: {
  api: Api;
  search: ModerationSearch;
  onSearch: (next: ModerationSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const machine = useMemo(() => moderationMachine.provide({ actors: createCourseModerationActors(api) }), [api]);
  const status: CourseStatus = search.courseStatus ?? 'PENDING';
  const filter = useMemo<ModerationFilter>(
    () => ({ status, query: search.query, page: search.page ?? 1, pageSize: DASHBOARD_PAGE_SIZE }),
    [status, search.query, search.page],
  );
  const [snapshot, send, actorRef] = useMachine(machine, { input: { filter, actions: COURSE_ACTIONS } });
  const { items, total, pageSize, page, target, action, error, message, loaded } = snapshot.context;
  const courses = items as ModeratedCourse[];
  const [query, setQuery] = useState(search.query ?? '');
  useEffect(() => setQuery(search.query ?? ''), [search.query]);

  useEffect(() => {
    const current = actorRef.getSnapshot().context.filter;
    const keys = new Set([...Object.keys(current), ...Object.keys(filter)]);
    if ([...keys].some((k) => current[k] !== filter[k])) send({ type: 'queue.filtered', filter });
  }, [filter, actorRef, send]);

  useEffect(() => {
    const subscriptions = [
      actorRef.on('moderation.succeeded', (e) => {
        const text = courseSucceeded[e.action];
        if (text) toaster.create({ title: t(text), type: 'success' });
      }),
      actorRef.on('moderation.failed', (e) => {
        const text = courseFailed[e.action];
        toaster.create({
          title: text ? t(text) : t`System error please try later !`,
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        });
      }),
      actorRef.on('queue.failed', (e) =>
        toaster.create({
          title: t`Could not get courses !`,
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  const busy = isBusy(snapshot);
  const loading = isLoading(snapshot);
  const targetCourse = target ? (courses.find((c) => c.id === target.id) ?? (target as ModeratedCourse)) : null;
  const copy: Partial<Record<ModerationAction, { title: string; confirm: string; label: string; help: string }>> = {
    approve: {
      title: t`Approve this course?`,
      confirm: t`Approve`,
      label: t`Note to the educator (optional)`,
      help: t`The educator gets an e-mail and can publish the course; approving one of its sessions publishes it too.`,
    },
    reject: {
      title: t`Reject this course?`,
      confirm: t`Reject`,
      label: t`Message to the educator`,
      help: t`Say what to change; it is sent by e-mail and shown on the educator's courses page.`,
    },
    unpublish: {
      title: t`Unpublish this course?`,
      confirm: t`Unpublish`,
      label: t`Message to the educator`,
      help: t`The course leaves the catalog and nobody new can enroll; sessions already running go on for their learners.`,
    },
    publish: {
      title: t`Publish this course?`,
      confirm: t`Publish`,
      label: t`Note to the educator (optional)`,
      help: t`The course and its open sessions appear in the catalog again.`,
    },
  };
  const dialog = action ? copy[action] : undefined;
  const confirming = isConfirming(snapshot) && targetCourse && action && dialog;
  const failure = action ? courseFailed[action] : undefined;

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onSearch({ ...search, query: query.trim() || undefined, page: undefined });
  }

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
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })}>
          <SelectField
            label={t`Status`}
            value={status}
            onChange={(e) => onSearch({ ...search, courseStatus: e.target.value as CourseStatus, page: undefined })}
            className={css({ width: { base: 'full', tablet: '14rem' } })}
          >
            {COURSE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(courseStatusLabels[s])}
              </option>
            ))}
          </SelectField>
          <form
            role="search"
            aria-label={t`Search courses`}
            onSubmit={submitSearch}
            className={css({ display: 'flex', alignItems: 'flex-end', gap: '2' })}
          >
            <TextField
              label={t`Course title`}
              type="search"
              name="query"
              value={query}
              maxLength={200}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Button type="submit" variant="outline" startIcon={<SearchIcon size={16} />}>
              <Trans>Search</Trans>
            </Button>
          </form>
        </div>
        <p
          className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '2' })}
          aria-live="polite"
        >
          {loading ? (
            <>
              <Spinner size="sm" decorative />
              <Trans>Loading courses…</Trans>
            </>
          ) : loaded ? (
            <Plural value={total} one="# course" other="# courses" />
          ) : null}
        </p>
      </div>

      {loadFailed(snapshot) ? (
        <EmptyState
          title={<Trans>Could not get courses !</Trans>}
          description={error?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'queue.reloaded' })}>{t`Try again`}</Button>}
        />
      ) : !loaded ? (
        <div
          className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '16', color: 'primary.strong' })}
        >
          <Spinner size="lg" label={t`Loading courses…`} />
        </div>
      ) : courses.length === 0 ? (
        <EmptyState
          icon={<BookIcon size={28} />}
          title={
            status === 'PENDING' ? <Trans>No course is waiting for review</Trans> : <Trans>No course to show</Trans>
          }
          description={<Trans>Courses that educators send for review appear here, with or without a session.</Trans>}
        />
      ) : (
        <ul
          className={cx(
            css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', padding: 0 }),
            loading ? css({ opacity: 0.6 }) : undefined,
          )}
          aria-busy={loading || undefined}
        >
          {courses.map((course) => (
            <CourseRow
              key={course.id}
              course={course}
              locale={locale}
              busy={busy || loading}
              onAction={(a, c) => send({ type: 'moderation.requested', action: a, item: c as ModerationItem })}
            />
          ))}
        </ul>
      )}
      {loaded ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          disabled={loading}
          onChange={(p) => onSearch({ ...search, page: p === 1 ? undefined : p })}
        />
      ) : null}

      {confirming ? (
        <ModerationDialog
          key={`${action}-${targetCourse.id}`}
          open
          action={action}
          title={dialog.title}
          description={targetCourse.title}
          messageLabel={dialog.label}
          messageHelp={dialog.help}
          initialMessage={message}
          confirmLabel={dialog.confirm}
          busy={busy}
          error={error}
          failureText={confirmFailed(snapshot) && failure ? t(failure) : null}
          onConfirm={(m) => send({ type: 'moderation.confirmed', message: m })}
          onCancel={() => send({ type: 'moderation.cancelled' })}
        />
      ) : null}
    </div>
  );
}
