import { Trans, useLingui } from '@lingui/react/macro';
import { Temporal } from '@/lib/temporal';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { disc, plainList } from 'styled-system/recipes';
import { EmptyState } from '@/components/ui/empty-state';
import {
  BookIcon,
  CalendarIcon,
  CheckCircleIcon,
  ClockIcon,
  InfoIcon,
  LayersIcon,
  VideoIcon,
} from '@/components/ui/icons';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { formatMinutes, lessonTypeLabels, type LessonTypeCode } from '@/lib/lesson-labels';
import { slotTime, useMeridiem, weekdayName, zoneLabel } from '@/components/ui/schedule';
import { browserTimeZone, convertWeeklySlot } from '@/lib/time-slots';

type Syllabus = components['schemas']['Syllabus'];
type Lesson = components['schemas']['Lesson'];

const typeIcons: Partial<Record<LessonTypeCode, ReactNode>> = {
  meeting: <VideoIcon size={16} />,
  liveSession: <VideoIcon size={16} />,
  video: <VideoIcon size={16} />,
  reading: <BookIcon size={16} />,
  notes: <BookIcon size={16} />,
  quiz: <CheckCircleIcon size={16} />,
  assignment: <LayersIcon size={16} />,
  programmingAssignment: <LayersIcon size={16} />,
  learningObjective: <InfoIcon size={16} />,
};

/** The first day of syllabus week `week` (1-based) of a session starting on `startDate`. */
function weekStart(startDate: string | undefined, week: number): string | undefined {
  if (!startDate) return undefined;
  try {
    return Temporal.PlainDate.from(startDate.slice(0, 10))
      .add({ weeks: Math.max(0, week - 1) })
      .toString();
  } catch {
    return undefined;
  }
}

/** A meeting lesson's weekly slot in the session's zone and in the viewer's. */
function MeetingTime({
  lesson,
  timezone,
  from,
  locale,
  viewerTimeZone,
}: {
  lesson: Lesson;
  timezone: string;
  from: string | undefined;
  locale: Locale;
  viewerTimeZone: string;
}) {
  const { t } = useLingui();
  const meridiem = useMeridiem();
  if (!lesson.day || !lesson.startTime) return null;
  let converted;
  try {
    converted = convertWeeklySlot({
      day: lesson.day,
      startTime: lesson.startTime,
      durationMinutes: lesson.duration,
      sessionTimeZone: timezone,
      viewerTimeZone,
      from,
    });
  } catch {
    return null;
  }
  const sessionSlot = `${weekdayName(lesson.day, locale, 'short')} ${slotTime(converted.session.start, meridiem)} – ${slotTime(converted.session.end, meridiem)}`;
  const zone = zoneLabel(timezone);
  const viewerSlot = `${weekdayName(converted.viewer.start.weekday, locale, 'short')} ${slotTime(converted.viewer.start, meridiem)} – ${slotTime(converted.viewer.end, meridiem)}`;
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'xs', color: 'fg.muted' })}>
      <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
        <CalendarIcon size={14} />
        {t`${sessionSlot} (${zone} time)`}
      </span>
      {converted.sameTime ? null : (
        <span className={css({ paddingInlineStart: '5' })}>{t`Your time: ${viewerSlot}`}</span>
      )}
    </span>
  );
}

/**
 * A session's syllabus: weeks → sections → lessons with type and duration. Meeting lessons show
 * their weekly slot as 'hh:mm A' in the session's time zone and in the viewer's. Lesson links
 * (only sent to enrolled learners, the educator and admins) open in a new tab.
 */
export function SyllabusView({
  syllabus,
  startDate,
  viewerTimeZone,
}: {
  syllabus: Syllabus;
  startDate?: string;
  viewerTimeZone?: string;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const weeks = [...syllabus.weeks].sort((a, b) => a.week - b.week);

  if (weeks.length === 0) {
    return (
      <EmptyState
        title={<Trans>The syllabus is being prepared</Trans>}
        description={<Trans>The educator has not published the lessons yet.</Trans>}
      />
    );
  }

  return (
    <ol className={plainList({ gap: '5' })}>
      {weeks.map((week) => {
        const weekNumber = week.week;
        const from = weekStart(startDate, week.week);
        const sections = [...week.sections].sort((a, b) => a.order - b.order);
        return (
          <li
            key={week.week}
            className={css({
              bg: 'bg.surface',
              borderRadius: 'xl',
              borderWidth: '1px',
              borderColor: 'border.default',
              overflow: 'hidden',
            })}
          >
            <h3
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                paddingInline: '5',
                paddingBlock: '3',
                bg: 'bg.subtle',
                fontWeight: 'bold',
                borderBlockEndWidth: '1px',
                borderColor: 'border.default',
              })}
            >
              <span aria-hidden className={cx(disc(), css({ fontSize: 'sm' }))}>
                {new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US').format(weekNumber)}
              </span>
              {t`Week ${weekNumber}`}
            </h3>
            {sections.length === 0 ? (
              <p className={css({ padding: '5', color: 'fg.muted', fontSize: 'sm' })}>
                <Trans>No lessons this week.</Trans>
              </p>
            ) : (
              <div className={css({ display: 'flex', flexDirection: 'column' })}>
                {sections.map((section) => (
                  <section
                    key={section.id}
                    aria-label={section.name}
                    className={css({
                      paddingInline: '5',
                      paddingBlock: '4',
                      '& + &': { borderBlockStartWidth: '1px', borderColor: 'border.default' },
                    })}
                  >
                    <h4 className={css({ fontWeight: 'semibold', marginBlockEnd: '3' })}>
                      <bdi>{section.name}</bdi>
                    </h4>
                    <ul className={plainList({ gap: '3' })}>
                      {[...section.lessons]
                        .sort((a, b) => a.order - b.order)
                        .map((lesson) => {
                          const isMeeting = lesson.type.code === 'meeting' || lesson.type.code === 'liveSession';
                          return (
                            <li
                              key={lesson.id}
                              className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}
                            >
                              <span
                                aria-hidden
                                className={cx(
                                  css({
                                    display: 'inline-flex',
                                    padding: '1.5',
                                    borderRadius: 'md',
                                    flexShrink: 0,
                                    marginBlockStart: '0.5',
                                  }),
                                  isMeeting
                                    ? css({ bg: 'tertiary.subtle', color: 'tertiary.stronger' })
                                    : css({ bg: 'primary.subtle', color: 'primary.stronger' }),
                                )}
                              >
                                {typeIcons[lesson.type.code] ?? <BookIcon size={16} />}
                              </span>
                              <div
                                className={css({
                                  flex: '1',
                                  minWidth: 0,
                                  display: 'flex',
                                  flexDirection: 'column',
                                  gap: '1',
                                })}
                              >
                                <div
                                  className={css({
                                    display: 'flex',
                                    flexWrap: 'wrap',
                                    alignItems: 'baseline',
                                    columnGap: '3',
                                    rowGap: '1',
                                  })}
                                >
                                  {lesson.link ? (
                                    <a
                                      href={lesson.link}
                                      target="_blank"
                                      rel="noreferrer"
                                      className={css({
                                        fontWeight: 'medium',
                                        color: 'primary.strong',
                                        textDecoration: 'underline',
                                      })}
                                    >
                                      <bdi>{lesson.name}</bdi>
                                    </a>
                                  ) : (
                                    <span className={css({ fontWeight: 'medium' })}>
                                      <bdi>{lesson.name}</bdi>
                                    </span>
                                  )}
                                  <span
                                    className={css({
                                      fontSize: 'xs',
                                      color: 'fg.muted',
                                      display: 'inline-flex',
                                      gap: '1',
                                      alignItems: 'center',
                                    })}
                                  >
                                    {t(lessonTypeLabels[lesson.type.code] ?? lessonTypeLabels.notes)}
                                    <span aria-hidden>·</span>
                                    <ClockIcon size={12} />
                                    {formatMinutes(lesson.duration, locale)}
                                  </span>
                                </div>
                                {isMeeting ? (
                                  <MeetingTime
                                    lesson={lesson}
                                    timezone={syllabus.timezone}
                                    from={from}
                                    locale={locale}
                                    viewerTimeZone={viewerZone}
                                  />
                                ) : null}
                              </div>
                            </li>
                          );
                        })}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
