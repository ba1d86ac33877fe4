import { Temporal, type PlainDate } from '@/lib/temporal';
import type { components } from '@contract/schema';
import { WEEKDAYS } from '@/lib/time-slots';

type Weeks = components['schemas']['Weeks'];

/** The next live meeting of a session, as instants (epoch ms, UTC). */
export interface NextMeeting {
  start: number;
  end: number;
}

/**
 * The next meeting of a session that has not ended yet at `now` (epoch ms): the first weekly slot
 * of `schedule` (times 'HH:mm' in the session's IANA `timezone`) on a date between `startDate` and
 * `endDate` (calendar dates in that zone, inclusive) whose end is after `now`. A slot whose end is
 * not after its start runs past midnight. DST follows Temporal's 'compatible' rule.
 * Returns null when no meeting remains (or the schedule is empty). Throws RangeError on an invalid
 * time zone or date.
 */
export function nextMeeting(
  session: { startDate: string; endDate: string; timezone: string; schedule: Weeks },
  now: number = Date.now(),
): NextMeeting | null {
  const zone = session.timezone;
  const first = Temporal.PlainDate.from(session.startDate.slice(0, 10));
  const last = Temporal.PlainDate.from(session.endDate.slice(0, 10));
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate();
  // Start the day before today: a slot of yesterday may still be running past midnight.
  let date = Temporal.PlainDate.compare(today.subtract({ days: 1 }), first) > 0 ? today.subtract({ days: 1 }) : first;
  for (let i = 0; i < 9 && Temporal.PlainDate.compare(date, last) <= 0; i++, date = date.add({ days: 1 })) {
    const slot = session.schedule[WEEKDAYS[date.dayOfWeek % 7]!];
    if (!slot) continue;
    const at = (hhmm: string, day: PlainDate) => {
      const [h = 0, m = 0] = hhmm.split(':').map(Number);
      return day.toPlainDateTime({ hour: h, minute: m }).toZonedDateTime(zone, { disambiguation: 'compatible' });
    };
    const start = at(slot.start, date);
    let end = at(slot.end, date);
    if (Temporal.ZonedDateTime.compare(end, start) <= 0) end = at(slot.end, date.add({ days: 1 }));
    if (end.epochMilliseconds > now) return { start: start.epochMilliseconds, end: end.epochMilliseconds };
  }
  return null;
}
