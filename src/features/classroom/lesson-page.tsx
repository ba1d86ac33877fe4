import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { breadcrumbLink } from '@/components/ui/breadcrumb';
import { buttonStyles } from '@/components/ui/button';
import { ChevronEndIcon, ClockIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { PageContainer } from '@/components/ui/page';
import { usePageTitle } from '@/lib/document-head';
import { formatMinutes } from '@/lib/lesson-labels';
import { useMeridiem } from '@/components/ui/schedule';
import { browserTimeZone } from '@/lib/time-slots';
import type { Api, ApiAuth } from '@/lib/api/client';
import type { XhrCredentials } from '@/lib/api/upload';
import { AssignmentLesson } from './assignment-lesson';
import type { Classroom } from './classroom-page';
import { formatInstant } from '@/lib/classroom-time';
import { ReadingLesson, VideoLesson, type ClassroomLessonDetail } from './content-lessons';
import { LessonStatusBadge, LessonTypeIcon, useLessonTypeLabel, type LessonStatus } from './lesson-visuals';
import { useUiLocale } from './meeting';
import { MeetingLesson } from './meeting-lesson';
import { ProgrammingLesson } from './programming-lesson';
import { useNow } from './use-now';
import { ClassroomBreadcrumb } from './classroom-breadcrumb';

/** The quiz and learning-path player (its own feature), loaded when a quiz lesson is opened. */
const QuizLesson = lazy(() => import('@/features/classroom/quiz/quiz-lesson').then((m) => ({ default: m.QuizLesson })));

type Neighbour = { id: number; name: string } | null;

/** The lessons before and after `lessonId` in syllabus order (week, section, lesson), and its week. */
function placeOf(
  classroom: Classroom,
  lessonId: number,
): { previous: Neighbour; next: Neighbour; week: number | null } {
  const flat: Array<{ id: number; name: string; week: number }> = [];
  for (const week of [...classroom.weeks].sort((a, b) => a.week - b.week)) {
    for (const section of [...week.sections].sort((a, b) => a.order - b.order)) {
      for (const lesson of [...section.lessons].sort((a, b) => a.order - b.order))
        flat.push({ id: lesson.id, name: lesson.name, week: week.week });
    }
  }
  const index = flat.findIndex((l) => l.id === lessonId);
  if (index < 0) return { previous: null, next: null, week: null };
  const pick = (i: number): Neighbour => (flat[i] ? { id: flat[i]!.id, name: flat[i]!.name } : null);
  return { previous: pick(index - 1), next: pick(index + 1), week: flat[index]!.week };
}

/** Previous / next lesson links at the bottom of a lesson. */
function LessonPager({ sessionId, previous, next }: { sessionId: number; previous: Neighbour; next: Neighbour }) {
  const { t } = useLingui();
  if (!previous && !next) return null;
  const linkClass = css({
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    padding: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border.default',
    minWidth: 0,
    flex: '1',
    _hover: { borderColor: 'primary.strong' },
    _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
  });
  const small = css({ fontSize: 'xs', color: 'fg.muted' });
  const name = css({ fontWeight: 'semibold', color: 'primary.strong', overflowWrap: 'anywhere' });
  return (
    <nav
      aria-label={t`Lessons`}
      className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', marginBlockStart: '10' })}
    >
      {previous ? (
        <Link
          to="/classroom/$sessionId/lessons/$lessonId"
          params={{ sessionId, lessonId: previous.id }}
          className={linkClass}
        >
          <span className={small}>
            <Trans>Previous lesson</Trans>
          </span>
          <bdi className={name}>{previous.name}</bdi>
        </Link>
      ) : (
        <span className={css({ flex: '1' })} />
      )}
      {next ? (
        <Link
          to="/classroom/$sessionId/lessons/$lessonId"
          params={{ sessionId, lessonId: next.id }}
          className={cx(linkClass, css({ textAlign: 'end', alignItems: 'flex-end' }))}
        >
          <span className={small}>
            <Trans>Next lesson</Trans>
          </span>
          <bdi className={name}>{next.name}</bdi>
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * `/classroom/$sessionId/lessons/$lessonId`: one lesson of a session's classroom (openapi
 * `ClassroomLessonDetail`), with its header (type, week, duration, the learner's status, deadline
 * and grade) and a body by type (docs/classroom.md; product.md#entities lesson types):
 * - meeting / liveSession: the slot in both time zones, countdown, "Join meeting" in its window;
 * - video: HTML5 player with captions, or an external link; reading / notes: the sanitised HTML;
 *   both with "Mark as done" (progress);
 * - quiz / learningObjective: the quiz player (`QuizLesson`);
 * - assignment: document upload with progress and the submission history;
 * - programmingAssignment: a lazy-loaded code editor, "Run tests & submit", per-test results.
 * `classroom` gives the course title, the session's time zone, the viewer's role and the
 * neighbouring lessons. `getAuth` supplies the bearer token of the document upload (XHR).
 */
export function ClassroomLessonPage({
  classroom,
  detail,
  api,
  getAuth,
  onUnauthorized,
  now: fixedNow,
  viewerTimeZone,
  uploadBaseUrl,
}: {
  classroom: Classroom;
  detail: ClassroomLessonDetail;
  api: Api;
  getAuth: () => ApiAuth | null;
  /** A 401 of the upload: resolve `true` to resend after a token refresh (`XhrCredentials`). */
  onUnauthorized?: XhrCredentials['onUnauthorized'];
  now?: number;
  viewerTimeZone?: string;
  /** API base URL of the document upload (default `/api`; tests). */
  uploadBaseUrl?: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const now = useNow(fixedNow);
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const lesson = detail.lesson;
  const code = lesson.type.code;
  const typeLabel = useLessonTypeLabel(code);
  const learner = classroom.viewerRole === 'LEARNER';
  const courseTitle = classroom.courseTitle;
  const lessonName = lesson.name;
  usePageTitle(t`${lessonName} · ${courseTitle}`);
  const { previous, next, week } = useMemo(() => placeOf(classroom, lesson.id), [classroom, lesson.id]);
  // Graded lessons get their status from submissions: follow the latest one on this page.
  const [status, setStatus] = useState<LessonStatus>(lesson.status);
  const [grade, setGrade] = useState(lesson.grade);

  let deadline: string | null = null;
  try {
    if (lesson.deadline) deadline = formatInstant(lesson.deadline, viewerZone, locale, meridiem);
  } catch {
    deadline = null;
  }
  const points = lesson.points;
  const sessionParams = { sessionId: classroom.sessionId };
  const track = learner;

  let body;
  switch (code) {
    case 'meeting':
    case 'liveSession':
      body = (
        <MeetingLesson
          api={api}
          detail={detail}
          sessionZone={classroom.timezone}
          viewerZone={viewerZone}
          now={now}
          learner={learner}
        />
      );
      break;
    case 'video':
      body = <VideoLesson api={api} detail={detail} track={track} />;
      break;
    case 'quiz':
    case 'learningObjective':
      body = (
        <Suspense fallback={<Spinner label={t`Loading the quiz…`} />}>
          <QuizLesson
            sessionId={detail.sessionId}
            lesson={detail}
            api={api}
            learner={learner}
            onSubmitted={(attempt) => {
              setStatus(attempt.status);
              // The lesson's grade is its best attempt: points × score / maxScore, 2 decimals (as the server's classroom rules).
              if (attempt.score !== null && attempt.maxScore > 0 && points !== null) {
                const attemptGrade = Math.round(((points * attempt.score) / attempt.maxScore) * 100) / 100;
                setGrade((g) => (g === null || attemptGrade > g ? attemptGrade : g));
              }
            }}
          />
        </Suspense>
      );
      break;
    case 'assignment':
      body = (
        <AssignmentLesson
          api={api}
          detail={detail}
          learner={learner}
          getAuth={getAuth}
          {...(onUnauthorized ? { onUnauthorized } : {})}
          viewerZone={viewerZone}
          {...(uploadBaseUrl ? { baseUrl: uploadBaseUrl } : {})}
          onSubmitted={(s) =>
            setStatus((current) => (current === 'DONE' || current === 'AUTOGRADED' ? current : s.status))
          }
        />
      );
      break;
    case 'programmingAssignment':
      body = (
        <ProgrammingLesson
          api={api}
          detail={detail}
          learner={learner}
          viewerZone={viewerZone}
          onSubmitted={(s) => {
            setStatus(s.status);
            setGrade((g) => (s.grade !== null && (g === null || s.grade > g) ? s.grade : g));
          }}
        />
      );
      break;
    default:
      body = <ReadingLesson api={api} detail={detail} track={track} />;
  }
  // Video and reading lessons show their own status with "Mark as done".
  const statusInHeader = learner && !['video', 'reading', 'notes'].includes(code);

  return (
    <PageContainer>
      <div className={css({ maxWidth: '56rem', marginInline: 'auto' })}>
        <ClassroomBreadcrumb learner={learner}>
          <Link to="/classroom/$sessionId" params={sessionParams} className={breadcrumbLink}>
            <bdi>{courseTitle}</bdi>
          </Link>
          <span aria-current="page">
            <bdi>{lessonName}</bdi>
          </span>
        </ClassroomBreadcrumb>
        <header className={css({ display: 'flex', flexDirection: 'column', gap: '3', marginBlockEnd: '8' })}>
          <p
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              fontSize: 'sm',
              fontWeight: 'semibold',
              color: 'primary.strong',
            })}
          >
            <LessonTypeIcon code={code} />
            <span>{week !== null ? t`${typeLabel} · Week ${week}` : typeLabel}</span>
          </p>
          <h1
            className={css({
              fontSize: { base: '2xl', tablet: '3xl' },
              fontWeight: 'bold',
              lineHeight: '1.2',
              overflowWrap: 'anywhere',
            })}
          >
            <bdi>{lessonName}</bdi>
          </h1>
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: '4',
              rowGap: '2',
              fontSize: 'sm',
              color: 'fg.muted',
            })}
          >
            <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
              <ClockIcon size={14} />
              {formatMinutes(lesson.duration, locale)}
            </span>
            {statusInHeader ? <LessonStatusBadge status={status} /> : null}
            {deadline ? <span>{t`Due ${deadline}`}</span> : null}
            {detail.allowLate && deadline ? <span>{t`Late work accepted`}</span> : null}
            {points !== null ? (
              <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                {learner && grade !== null ? (
                  t`Grade: ${grade} / ${points}`
                ) : (
                  <Plural value={points} one="# point" other="# points" />
                )}
              </span>
            ) : null}
          </div>
        </header>
        {body}
        <LessonPager sessionId={classroom.sessionId} previous={previous} next={next} />
        <p className={css({ marginBlockStart: '6' })}>
          <Link
            to="/classroom/$sessionId"
            params={sessionParams}
            className={buttonStyles({ variant: 'ghost', size: 'sm' })}
          >
            <ChevronEndIcon size={16} className={css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } })} />
            <Trans>Back to the classroom</Trans>
          </Link>
        </p>
      </div>
    </PageContainer>
  );
}
