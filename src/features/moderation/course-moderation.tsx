import { BoardCount, BoardToolbar } from '@/components/ui/board-list';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { SearchField } from '@/components/ui/search-field';
import { BookIcon, SearchIcon } from '@/components/ui/icons';
import type { Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import { COURSE_STATUSES, DASHBOARD_PAGE_SIZE, type CourseStatus, type ModerationSearch } from '@/lib/list-search';
import { createCourseModerationActors } from '@machines/moderation.actors';
import type { ModerationAction, ModerationFilter, ModerationItem } from '@machines/moderation.machine';
import {
  BoardItems,
  BoardPager,
  DecisionDialog,
  errorToast,
  useModerationBoard,
} from '@/components/ui/moderation-board';
import { confirmFailed, isBusy, isConfirming, isLoading } from '@machines/moderation.selectors';
import { courseFailed, courseStatusLabels, courseSucceeded } from '@/lib/course-messages';
import { type ModeratedCourse, COURSE_ACTIONS, CourseRow } from './course-row';

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
  const status: CourseStatus = search.courseStatus ?? 'PENDING';
  const filter = useMemo<ModerationFilter>(
    () => ({ status, query: search.query, page: search.page ?? 1, pageSize: DASHBOARD_PAGE_SIZE }),
    [status, search.query, search.page],
  );
  const board = useModerationBoard({
    api,
    createActors: createCourseModerationActors,
    filter,
    actions: COURSE_ACTIONS,
    toasts: {
      succeeded: (a) => (courseSucceeded[a] ? t(courseSucceeded[a]) : null),
      failed: (a, e) => errorToast(courseFailed[a] ? t(courseFailed[a]) : t`System error please try later !`, e),
      listFailed: t`Could not get courses !`,
    },
  });
  const { snapshot } = board;
  const { items, total, target, action, loaded } = snapshot.context;
  const courses = items as ModeratedCourse[];
  const [query, setQuery] = useState(search.query ?? '');
  useEffect(() => setQuery(search.query ?? ''), [search.query]);

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
      <BoardToolbar>
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
            <SearchField label={t`Course title`} value={query} onSearch={setQuery} />
            <Button type="submit" variant="outline" startIcon={<SearchIcon size={16} />}>
              <Trans>Search</Trans>
            </Button>
          </form>
        </div>
        <BoardCount
          loading={loading}
          loaded={loaded}
          loadingText={<Trans>Loading courses…</Trans>}
          count={<Plural value={total} one="# course" other="# courses" />}
        />
      </BoardToolbar>

      <BoardItems
        board={board}
        failedTitle={<Trans>Could not get courses !</Trans>}
        loadingLabel={t`Loading courses…`}
        empty={
          <EmptyState
            icon={<BookIcon size={28} />}
            title={
              status === 'PENDING' ? <Trans>No course is waiting for review</Trans> : <Trans>No course to show</Trans>
            }
            description={<Trans>Courses that educators send for review appear here, with or without a session.</Trans>}
          />
        }
      >
        {courses.map((course) => (
          <CourseRow
            key={course.id}
            course={course}
            locale={locale}
            busy={busy || loading}
            onAction={(a, c) => board.request(a, c as ModerationItem)}
          />
        ))}
      </BoardItems>
      <BoardPager board={board} search={search} onSearch={onSearch} />

      {confirming ? (
        <DecisionDialog
          board={board}
          action={action}
          itemId={targetCourse.id}
          copy={dialog}
          description={targetCourse.title}
          failureText={confirmFailed(snapshot) && failure ? t(failure) : null}
        />
      ) : null}
    </div>
  );
}
export type { ModeratedCourse } from './course-row';
