import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { StatusBadge } from '@/components/ui/badge';
import { Breadcrumb, breadcrumbLink } from '@/components/ui/breadcrumb';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { usePageTitle } from '@/lib/document-head';
import { formatMinutes } from '@/lib/lesson-labels';
import { useMeridiem } from '@/components/ui/schedule';
import { browserTimeZone } from '@/lib/time-slots';
import type { Api } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import type { components } from '@contract/schema';
import { CalendarDownload } from '@/components/ui/calendar-download';
import { formatInstant } from '@/lib/classroom-time';
import { LessonStatusBadge, LessonTypeIcon, isMeetingType, useLessonTypeLabel } from './lesson-visuals';
import { Countdown, JoinMeetingButton, OccurrenceTimes, useUiLocale } from './meeting';
import { useNow } from './use-now';
import { ChatPanel } from './chat-panel';

/** A session's classroom for one viewer (openapi `Classroom`). */
export type Classroom = components['schemas']['Classroom'];
type ClassroomLesson = components['schemas']['ClassroomLesson'];
type ClassroomWeek = components['schemas']['ClassroomWeek'];

/** Graded lesson types (they have points, a deadline and a grade). */
const GRADED = new Set(['assignment', 'quiz', 'programmingAssignment']);

/** The next live meeting, highlighted: name, countdown, time in both zones, join. */
function NextMeetingCard({
  classroom,
  api,
  now,
  viewerZone,
}: {
  classroom: Classroom;
  api: Api;
  now: number;
  viewerZone: string;
}) {
  const next = classroom.nextMeeting;
  return (
    <Card
      as="section"
      aria-labelledby="next-meeting-title"
      className={css({
        padding: { base: '4', tablet: '6' },
        marginBlockEnd: '8',
        borderInlineStartWidth: '4px',
        borderInlineStartColor: 'tertiary.strong',
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) auto' },
        alignItems: 'start',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <h2
          id="next-meeting-title"
          className={css({
            fontSize: 'sm',
            fontWeight: 'semibold',
            color: 'tertiary.stronger',
            textTransform: 'uppercase',
            letterSpacing: 'wide',
          })}
        >
          <Trans>Next live meeting</Trans>
        </h2>
        {next ? (
          <>
            <p className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
              <Link
                to="/classroom/$sessionId/lessons/$lessonId"
                params={{ sessionId: classroom.sessionId, lessonId: next.lessonId }}
                className={css({ _hover: { color: 'primary.strong', textDecoration: 'underline' } })}
              >
                <bdi>{next.lessonName}</bdi>
              </Link>
            </p>
            <Countdown occurrence={next.occurrence} now={now} />
            <OccurrenceTimes occurrence={next.occurrence} sessionZone={classroom.timezone} viewerZone={viewerZone} />
          </>
        ) : (
          <p className={css({ color: 'fg.muted' })}>
            <Trans>No live meetings left in this session.</Trans>
          </p>
        )}
      </div>
      {next ? (
        <JoinMeetingButton
          api={api}
          sessionId={classroom.sessionId}
          lessonId={next.lessonId}
          lessonName={next.lessonName}
          occurrence={next.occurrence}
          now={now}
          viewerZone={viewerZone}
        />
      ) : null}
    </Card>
  );
}

/** One lesson row of the syllabus. */
function LessonRow({
  lesson,
  classroom,
  showStatus,
  viewerZone,
}: {
  lesson: ClassroomLesson;
  classroom: Classroom;
  showStatus: boolean;
  viewerZone: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const typeLabel = useLessonTypeLabel(lesson.type.code);
  const graded = GRADED.has(lesson.type.code);
  const grade = lesson.grade;
  const points = lesson.points;
  let deadline: string | null = null;
  let meetingAt: string | null = null;
  try {
    if (graded && lesson.deadline) deadline = formatInstant(lesson.deadline, viewerZone, locale, meridiem);
    if (isMeetingType(lesson.type.code) && lesson.nextOccurrence) {
      meetingAt = formatInstant(lesson.nextOccurrence.startsAt, viewerZone, locale, meridiem);
    }
  } catch {
    // An unreadable instant or zone: the row shows without it.
  }
  const meta = css({ fontSize: 'xs', color: 'fg.muted', display: 'inline-flex', gap: '1', alignItems: 'center' });
  return (
    <li
      data-testid="classroom-lesson"
      className={css({
        display: 'flex',
        gap: '3',
        alignItems: 'flex-start',
        paddingBlock: '3',
        '& + &': { borderBlockStartWidth: '1px', borderColor: 'border.default' },
      })}
    >
      <LessonTypeIcon code={lesson.type.code} className={css({ marginBlockStart: '0.5' })} />
      <div className={css({ flex: '1', minWidth: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
        <Link
          to="/classroom/$sessionId/lessons/$lessonId"
          params={{ sessionId: classroom.sessionId, lessonId: lesson.id }}
          className={css({
            fontWeight: 'medium',
            color: 'primary.strong',
            overflowWrap: 'anywhere',
            _hover: { textDecoration: 'underline' },
          })}
        >
          <bdi>{lesson.name}</bdi>
        </Link>
        <span className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '1' })}>
          <span className={meta}>{typeLabel}</span>
          <span className={meta}>
            <ClockIcon size={12} />
            {formatMinutes(lesson.duration, locale)}
          </span>
          {meetingAt ? (
            <span className={meta}>
              <CalendarIcon size={12} />
              {t`Next: ${meetingAt}`}
            </span>
          ) : null}
          {deadline ? <span className={meta}>{t`Due ${deadline}`}</span> : null}
        </span>
      </div>
      {showStatus ? (
        <div
          className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1', flexShrink: 0 })}
        >
          <LessonStatusBadge status={lesson.status} />
          {grade !== null && points !== null ? (
            <span className={css({ fontSize: 'xs', fontWeight: 'semibold' })}>{t`${grade} / ${points} points`}</span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One week of the syllabus: header (number, first day, deadline) and its sections. */
function WeekBlock({
  week,
  classroom,
  showStatus,
  viewerZone,
}: {
  week: ClassroomWeek;
  classroom: Classroom;
  showStatus: boolean;
  viewerZone: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const weekNumber = week.week;
  const startsOn = formatLongDate(week.startsOn, locale);
  const sections = [...week.sections].sort((a, b) => a.order - b.order);
  const headingId = `classroom-week-${weekNumber}`;
  return (
    <li>
      <Card as="section" aria-labelledby={headingId}>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '2',
            paddingInline: { base: '4', tablet: '5' },
            paddingBlock: '3',
            bg: 'bg.subtle',
            borderBlockEndWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <h3 id={headingId} className={css({ fontWeight: 'bold' })}>
            {t`Week ${weekNumber}`}
          </h3>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t`From ${startsOn}`}</span>
        </div>
        {sections.length === 0 ? (
          <p className={css({ padding: '5', color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>No lessons this week.</Trans>
          </p>
        ) : (
          sections.map((section) => (
            <section
              key={section.id}
              aria-label={section.name}
              className={css({
                paddingInline: { base: '4', tablet: '5' },
                paddingBlock: '3',
                '& + &': { borderBlockStartWidth: '1px', borderColor: 'border.default' },
              })}
            >
              <h4 className={css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.muted' })}>
                <bdi>{section.name}</bdi>
              </h4>
              {section.lessons.length === 0 ? (
                <p className={css({ paddingBlock: '2', color: 'fg.muted', fontSize: 'sm' })}>
                  <Trans>No lessons in this section yet.</Trans>
                </p>
              ) : (
                <ul className={css({ listStyle: 'none', padding: 0 })}>
                  {[...section.lessons]
                    .sort((a, b) => a.order - b.order)
                    .map((lesson) => (
                      <LessonRow
                        key={lesson.id}
                        lesson={lesson}
                        classroom={classroom}
                        showStatus={showStatus}
                        viewerZone={viewerZone}
                      />
                    ))}
                </ul>
              )}
            </section>
          ))
        )}
      </Card>
    </li>
  );
}

/**
 * `/classroom/$sessionId`: a session's classroom (GET /sessions/{id}/classroom) for an enrolled
 * learner, the session's educator or an admin: the course header with the educator and dates, the
 * learner's progress, the next live meeting highlighted (countdown; time in the viewer's zone and
 * the session's; "Join meeting" in its join window), a "Download calendar (.ics)" button, and the
 * syllabus by week and section, each lesson with its type, duration, the learner's status
 * (docs/classroom.md "Lesson status") and grade, linking to the lesson page.
 *
 * `now` (epoch ms) and `viewerTimeZone` default to the clock (ticking) and the browser's zone.
 */
export function ClassroomPage({
  classroom,
  api,
  auth,
  now: fixedNow,
  viewerTimeZone,
}: {
  classroom: Classroom;
  api: Api;
  /** The auth actor: the chat's token and its reset on sign-out; no chat without it (UI tests). */
  auth?: AuthActor;
  now?: number;
  viewerTimeZone?: string;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const now = useNow(fixedNow);
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const title = classroom.courseTitle;
  usePageTitle(t`Classroom: ${title}`);
  const learner = classroom.viewerRole === 'LEARNER';
  const weeks = useMemo(() => [...classroom.weeks].sort((a, b) => a.week - b.week), [classroom.weeks]);
  const start = formatLongDate(classroom.startDate, locale);
  const end = formatLongDate(classroom.endDate, locale);
  const educator = classroom.educator.name;
  const { done, total } = classroom.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <PageContainer>
      <div className={css({ marginBlockEnd: '4' })}>
        <Breadcrumb label={t`Breadcrumb`}>
          {learner ? (
            <Link to="/my-courses" className={breadcrumbLink}>
              <Trans>My courses</Trans>
            </Link>
          ) : (
            <Link to="/dashboard/sessions" className={breadcrumbLink}>
              <Trans>Sessions</Trans>
            </Link>
          )}
          <span aria-current="page">
            <bdi>{title}</bdi>
          </span>
        </Breadcrumb>
      </div>
      <PageHeader
        eyebrow={<Trans>Classroom</Trans>}
        title={<bdi>{title}</bdi>}
        lead={
          <>
            {t`With ${educator}`} · {t`${start} to ${end}`}
          </>
        }
        actions={
          <>
            <CalendarDownload api={api} sessionId={classroom.sessionId} />
            <Link
              to="/sessions/$sessionId"
              params={{ sessionId: classroom.sessionId }}
              className={buttonStyles({ variant: 'ghost' })}
            >
              <Trans>Session details</Trans>
            </Link>
          </>
        }
      />
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', marginBlockEnd: '6' })}>
        <StatusBadge status={classroom.status} />
        {learner ? (
          <div
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              flex: '1',
              minWidth: '14rem',
              maxWidth: '32rem',
            })}
          >
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
              aria-label={t`Your progress`}
              aria-valuetext={t`${done} of ${total} lessons done`}
              className={css({ flex: '1', height: '2.5', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' })}
            >
              <div
                className={css({ height: 'full', bg: 'secondary.strong', borderRadius: 'full' })}
                style={{ width: `${percent}%` }}
              />
            </div>
            <span
              className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' })}
            >{t`${done} of ${total} lessons done`}</span>
          </div>
        ) : null}
      </div>

      <NextMeetingCard classroom={classroom} api={api} now={now} viewerZone={viewerZone} />

      {auth ? <ChatPanel api={api} auth={auth} sessionId={classroom.sessionId} /> : null}

      <h2 className={css({ fontSize: { base: 'xl', tablet: '2xl' }, fontWeight: 'bold', marginBlockEnd: '4' })}>
        <Trans>Syllabus</Trans>
      </h2>
      {weeks.length === 0 ? (
        <EmptyState
          title={<Trans>The syllabus is being prepared</Trans>}
          description={<Trans>The educator has not published the lessons yet.</Trans>}
        />
      ) : (
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '5', listStyle: 'none', padding: 0 })}>
          {weeks.map((week) => (
            <WeekBlock key={week.week} week={week} classroom={classroom} showStatus={learner} viewerZone={viewerZone} />
          ))}
        </ol>
      )}
    </PageContainer>
  );
}
