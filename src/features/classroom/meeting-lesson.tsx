import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { useMeridiem } from '@/components/ui/schedule';
import type { Api } from '@/lib/api/client';
import { currentOccurrence, epochOf, formatInstant } from '@/lib/classroom-time';
import { type ClassroomLessonDetail } from './content-lessons';
import { LessonHtml } from '@/components/ui/rich-text';
import { Countdown, JoinMeetingButton, OccurrenceTimes, useUiLocale } from './meeting';

/**
 * A meeting or live-session lesson: its current or next occurrence (time in the viewer's zone and
 * the session's, countdown, "Join meeting" from 10 minutes before the start until the end), the
 * lesson's notes, and every occurrence of the session with the learner's attendance.
 */
export function MeetingLesson({
  api,
  detail,
  sessionZone,
  viewerZone,
  now,
  learner,
}: {
  api: Api;
  detail: ClassroomLessonDetail;
  sessionZone: string;
  viewerZone: string;
  now: number;
  learner: boolean;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const [joinedDates, setJoinedDates] = useState<string[]>([]);
  const occurrences = [...detail.occurrences].sort((a, b) => epochOf(a.startsAt) - epochOf(b.startsAt));
  const occurrence = currentOccurrence(occurrences, now) ?? detail.lesson.nextOccurrence;
  const name = detail.lesson.name;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <section
        aria-labelledby="meeting-slot-title"
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          padding: { base: '4', tablet: '5' },
          borderRadius: 'xl',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderInlineStartWidth: '4px',
          borderInlineStartColor: 'tertiary.strong',
          bg: 'bg.surface',
        })}
      >
        <h2 id="meeting-slot-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {occurrence ? <Trans>Next meeting</Trans> : <Trans>No meetings left</Trans>}
        </h2>
        {occurrence ? (
          <>
            <Countdown occurrence={occurrence} now={now} />
            <OccurrenceTimes occurrence={occurrence} sessionZone={sessionZone} viewerZone={viewerZone} />
            <JoinMeetingButton
              api={api}
              sessionId={detail.sessionId}
              lessonId={detail.lesson.id}
              lessonName={name}
              occurrence={occurrence}
              now={now}
              viewerZone={viewerZone}
              onJoined={() => setJoinedDates((d) => [...d, occurrence.occurrenceDate])}
            />
          </>
        ) : (
          <p className={css({ color: 'fg.muted' })}>
            <Trans>Every meeting of this lesson has taken place.</Trans>
          </p>
        )}
      </section>

      {detail.contentHtml ? <LessonHtml html={detail.contentHtml} /> : null}

      {occurrences.length > 0 ? (
        <section aria-labelledby="meeting-all-title">
          <h2 id="meeting-all-title" className={css({ fontSize: 'lg', fontWeight: 'bold', marginBlockEnd: '3' })}>
            <Trans>All meetings</Trans>
          </h2>
          <ul className={css({ display: 'flex', flexDirection: 'column', listStyle: 'none', padding: 0 })}>
            {occurrences.map((o) => {
              let when = o.startsAt;
              try {
                when = formatInstant(o.startsAt, viewerZone, locale, meridiem);
              } catch {
                // keep the ISO text
              }
              const past = epochOf(o.endsAt) <= now;
              const attended = o.attended || joinedDates.includes(o.occurrenceDate);
              return (
                <li
                  key={o.occurrenceDate + o.startsAt}
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    gap: '2',
                    paddingBlock: '2',
                    fontSize: 'sm',
                    '& + &': { borderBlockStartWidth: '1px', borderColor: 'border.default' },
                  })}
                >
                  <span className={css({ color: past ? 'fg.muted' : 'fg.default' })}>{when}</span>
                  {learner && attended ? (
                    <Badge tone="green">
                      <Trans>Attended</Trans>
                    </Badge>
                  ) : learner && past ? (
                    <Badge tone="gray">{t`Missed`}</Badge>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
