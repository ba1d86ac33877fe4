import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { css, cx } from 'styled-system/css';
import { gridList, titleLink } from '@/components/ui/layout-styles';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { CalendarPlusIcon, ClockIcon, PencilIcon, PlusIcon, SearchIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Price } from '@/components/ui/price';
import { CoursePicture } from '@/components/ui/course-picture';
import { cardTopRow, categoryEyebrow, courseCardBody } from '@/components/ui/course-card-parts';
import { categoryName, difficultyLabels } from '@/lib/course-labels';
import { courseEditorHref, HrefLink } from '@/components/ui/href-link';
import type { CoursesToTeachSearch } from '@/lib/list-search';
import type { Settled as Loaded } from '@/lib/load';
import { Pager } from '@/components/ui/pager';
import { useErrorToast } from '@/lib/use-toast-once';
import { usePageTitle } from '@/lib/document-head';
import { type Api, unwrap } from '@/lib/api/client';
import { toaster } from '@/components/ui/toast';
import { CheckIcon } from '@/components/ui/icons';
import { courseFailed, courseSucceeded } from '@/lib/course-messages';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { RequestSessionFlow } from './request-session';
import { defaultSessionForm, todayIso } from '@/lib/session-form';
import { sessionToasts } from '@/lib/session-messages';
import type { Timezone } from '@/components/ui/session-request-form';
import { browserTimeZone } from '@/lib/time-slots';
import { type CourseSummary, ModerationNote } from './course-moderation-note';

type PagedCourses = components['schemas']['PagedModeratedCourse'];
export interface CoursesToTeachData {
  courses: Loaded<PagedCourses>;
  timezones: Timezone[];
}

/** Offered when the browser's time zone is not in the US list (the most common US zone). */
export const FALLBACK_TIMEZONE = 'America/New_York';

/**
 * The time zone a new session form starts with: the browser's if the list offers it, else
 * America/New_York if offered, else the first of the list (or the browser's when the list is empty).
 */
export function initialTimezone(timezones: readonly Timezone[], browser: string = browserTimeZone()): string {
  if (timezones.some((z) => z.id === browser)) return browser;
  if (timezones.some((z) => z.id === FALLBACK_TIMEZONE)) return FALLBACK_TIMEZONE;
  return timezones[0]?.id ?? browser;
}

/**
 * Publishing one's own APPROVED course (POST /courses/{id}/publish): one request, so a plain hook
 * (docs/decisions.md "plain hook or statechart"): the pending course id, and the outcome as a toast
 * ('Course published', or the failure with the server's message); `onDone` reloads the list.
 */
function usePublishCourse(api: Api, onDone: () => void) {
  const { t } = useLingui();
  const [publishing, setPublishing] = useState<number | null>(null);
  async function publish(course: CourseSummary) {
    setPublishing(course.id);
    try {
      unwrap(await api.POST('/courses/{id}/publish', { params: { path: { id: course.id } }, body: {} }));
      toaster.create({ title: t(courseSucceeded.publish!), type: 'success' });
      onDone();
    } catch (error) {
      const detail = (error as { serverMessage?: unknown }).serverMessage;
      toaster.create({
        title: t(courseFailed.publish!),
        ...(typeof detail === 'string' && detail ? { description: detail } : {}),
        type: 'error',
      });
    } finally {
      setPublishing(null);
    }
  }
  return { publishing, publish };
}

function TeachCard({
  course,
  locale,
  onRequest,
  onPublish,
  publishing,
}: {
  course: CourseSummary;
  locale: Locale;
  onRequest: (course: CourseSummary) => void;
  onPublish: (course: CourseSummary) => void;
  publishing: boolean;
}) {
  const { t } = useLingui();
  const next = course.nextSession;
  const startDate = next ? formatLongDate(next.startDate, locale) : '';
  const hours = course.numHours;
  return (
    <Card as="li" className={css({ display: 'flex', flexDirection: 'column' })}>
      <CoursePicture src={course.pictureUrl} alt="" />
      <div className={courseCardBody}>
        <div className={cardTopRow}>
          <span className={cx(categoryEyebrow, css({ truncate: true }))}>{categoryName(course.category, locale)}</span>
          <StatusBadge status={course.status} />
        </div>
        <h2 className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: '1.35' })}>
          <Link to="/courses/$courseId" params={{ courseId: course.id }} className={titleLink}>
            {course.title}
          </Link>
        </h2>
        <p
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '3',
            fontSize: 'sm',
            color: 'fg.muted',
          })}
        >
          <span>{t(difficultyLabels[course.difficultyLevel])}</span>
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
            <ClockIcon size={14} />
            <Plural value={hours} one="# hour" other="# hours" />
          </span>
          <Price value={course.price} size="sm" />
        </p>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {next ? <Trans>Next session: {startDate}</Trans> : <Trans>No upcoming session</Trans>}
        </p>
        <ModerationNote course={course} />
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            marginBlockStart: 'auto',
            paddingBlockStart: '2',
          })}
        >
          {course.status === 'APPROVED' ? (
            <Button
              size="sm"
              variant="secondary"
              loading={publishing}
              onClick={() => onPublish(course)}
              startIcon={<CheckIcon size={16} />}
            >
              <Trans>Publish</Trans> <span className={css({ srOnly: true })}>{course.title}</span>
            </Button>
          ) : null}
          <Button size="sm" onClick={() => onRequest(course)} startIcon={<CalendarPlusIcon size={16} />}>
            <Trans>Request a session</Trans>
          </Button>
          <HrefLink href={courseEditorHref(course.id)} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            <PencilIcon size={16} />
            <Trans>Edit</Trans>
            <span className={css({ srOnly: true })}>{course.title}</span>
          </HrefLink>
        </div>
      </div>
    </Card>
  );
}

/**
 * Courses to teach (/dashboard/courses, educators and admins): the caller's courses and the
 * published multi-instructor ones (GET /courses/to-teach?query), searchable and paged in the URL,
 * each with its review state (waiting, approved, or the admin's message when rejected or
 * unpublished), "Publish" on an approved course, "Request a session" (POST
 * /sessions in a dialog) and "Edit" (the course editor, where it is sent for review again), plus
 * "New course". A failed load shows the spec's toast and a retry.
 */
export function CoursesToTeachPage({
  data,
  search,
  api,
  onSearch,
  onRetry,
  onRequested,
}: {
  data: CoursesToTeachData;
  search: CoursesToTeachSearch;
  api: Api;
  onSearch: (next: CoursesToTeachSearch) => void;
  onRetry: () => void;
  onRequested?: (sessionId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Courses to teach`);
  const [query, setQuery] = useState(search.query ?? '');
  useEffect(() => setQuery(search.query ?? ''), [search.query]);
  const [requesting, setRequesting] = useState<CourseSummary | null>(null);
  const { publishing, publish } = usePublishCourse(api, onRetry);
  const failure = data.courses.ok ? null : data.courses.error;
  useErrorToast(failure, t(sessionToasts.coursesToTeachFailed), failure?.serverMessage);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    onSearch({ ...search, query: q || undefined, page: undefined });
  }

  const page = data.courses.ok ? data.courses.data : null;
  const total = page?.total ?? 0;
  const searched = search.query;
  return (
    <PageContainer>
      <PageHeader
        title={<Trans>Courses to teach</Trans>}
        lead={
          <Trans>
            Your courses and the published courses open to more instructors. Request a new session of any of them.
          </Trans>
        }
        actions={
          <>
            <Link to="/dashboard/sessions" className={buttonStyles({ variant: 'outline' })}>
              <Trans>My sessions</Trans>
            </Link>
            <Link to="/dashboard/discount-codes" className={buttonStyles({ variant: 'outline' })}>
              <Trans>Discount codes</Trans>
            </Link>
            <HrefLink href={courseEditorHref()} className={buttonStyles()}>
              <PlusIcon size={16} />
              <Trans>New course</Trans>
            </HrefLink>
          </>
        }
      />
      <form
        role="search"
        aria-label={t`Courses to teach`}
        onSubmit={submit}
        className={css({
          display: 'flex',
          gap: '3',
          alignItems: 'flex-end',
          marginBlockEnd: '6',
          flexWrap: { base: 'wrap', tablet: 'nowrap' },
        })}
      >
        <SearchField
          value={query}
          onSearch={setQuery}
          placeholder={t`Course, skill or topic`}
          className={css({ flex: '1', minWidth: '12rem' })}
        />
        <Button type="submit" variant="outline" startIcon={<SearchIcon size={16} />}>
          <Trans>Search</Trans>
        </Button>
      </form>
      {failure ? (
        <EmptyState
          title={<Trans>Exploring courses to teach faild !</Trans>}
          description={failure.serverMessage ?? t`System error please try later !`}
          action={<Button onClick={onRetry}>{t`Try again`}</Button>}
        />
      ) : page && page.items.length > 0 ? (
        <>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlockEnd: '4' })} aria-live="polite">
            <Plural value={total} one="# course" other="# courses" />
          </p>
          <ul
            className={cx(
              gridList,
              css({ gap: '5', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))' }),
            )}
          >
            {page.items.map((course) => (
              <TeachCard
                key={course.id}
                course={course}
                locale={locale}
                onRequest={setRequesting}
                onPublish={(c) => void publish(c)}
                publishing={publishing === course.id}
              />
            ))}
          </ul>
          <Pager
            page={page.page}
            pageSize={page.pageSize}
            total={page.total}
            onChange={(p) => onSearch({ ...search, page: p === 1 ? undefined : p })}
          />
        </>
      ) : (
        <EmptyState
          title={searched ? <Trans>No course matches “{searched}”</Trans> : <Trans>No course to teach yet</Trans>}
          description={<Trans>Create a course, then request sessions of it.</Trans>}
          action={
            <HrefLink href={courseEditorHref()} className={buttonStyles()}>
              <PlusIcon size={16} />
              <Trans>New course</Trans>
            </HrefLink>
          }
        />
      )}
      {requesting ? (
        <RequestSessionFlow
          api={api}
          course={requesting}
          timezones={data.timezones}
          initialValues={defaultSessionForm({
            price: requesting.price,
            timezone: initialTimezone(data.timezones),
            today: todayIso(),
          })}
          onClose={() => setRequesting(null)}
          onRequested={onRequested}
        />
      ) : null}
    </PageContainer>
  );
}
export type { CourseSummary } from './course-moderation-note';
