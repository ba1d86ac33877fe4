import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { baselineSpreadRow } from '@/components/ui/layout-styles';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon } from '@/components/ui/icons';
import { formatMinutes } from '@/lib/lesson-labels';
import { useMeridiem } from '@/components/ui/schedule';
import type { components } from '@contract/schema';
import { formatInstant } from '@/lib/classroom-time';
import { LessonStatusBadge, LessonTypeIcon, isMeetingType, useLessonTypeLabel } from './lesson-visuals';
import { useUiLocale } from './meeting';

/** A session's classroom for one viewer (openapi `Classroom`). */
export type Classroom = components['schemas']['Classroom'];

type ClassroomLesson = components['schemas']['ClassroomLesson'];

type ClassroomWeek = components['schemas']['ClassroomWeek'];

/** Graded lesson types (they have points, a deadline and a grade). */
const GRADED = new Set(['assignment', 'quiz', 'programmingAssignment']);

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
            <span className={css({ fontSize: 'xs', fontWeight: 'semibold' })}>
              <Plural value={points} one={`${grade} / # point`} other={`${grade} / # points`} />
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One week of the syllabus: header (number, first day, deadline) and its sections. */
export function WeekBlock({
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
          className={cx(
            baselineSpreadRow,
            css({
              gap: '2',
              paddingInline: { base: '4', tablet: '5' },
              paddingBlock: '3',
              bg: 'bg.subtle',
              borderBlockEndWidth: '1px',
              borderColor: 'border.default',
            }),
          )}
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
