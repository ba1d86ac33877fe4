import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import type { Weeks } from '../../db/types.js';
import { meetingSlots, WEEKDAYS, type LessonTimes } from '../sessions/schedule.js';

/**
 * The session calendar (GET /sessions/{id}/calendar.ics, docs/classroom.md "Calls"), an RFC 5545
 * iCalendar built with ical-generator.
 */

/** PRODID of every calendar Halaqa serves (RFC 5545 §3.7.3). */
export const CALENDAR_PRODID = '-//Halaqa//Classroom//EN';

/**
 * The session part of a calendar: `id`, course `title` (the SUMMARY), IANA `timezone`,
 * `startDate`/`endDate` ('YYYY-MM-DD', inclusive, session zone), weekly `schedule` (per weekday
 * `{start, end}` 'HH:mm' session zone, or null) and the classroom page `url` (absolute, or a path
 * resolved against `publicUrl`; default `/sessions/{id}/classroom`).
 */
export interface CalendarSession {
  id: number;
  title: string;
  timezone: string;
  startDate: string;
  endDate: string;
  schedule: Weeks;
  url?: string | null;
}

/**
 * A lesson with its own meeting time (`day` + `startTime`, see time-rules `meetingSlots`): it gets a
 * single VEVENT `session-<sessionId>-lesson-<id>@halaqa`. Lessons without a day are the weekly
 * schedule's meetings, already in the calendar, and are skipped.
 */
export interface CalendarLesson extends LessonTimes {
  id: number;
  name: string;
}

/** Input of `sessionCalendar`; `publicUrl` is the app's origin (config.publicUrl). */
export interface SessionCalendarInput {
  session: CalendarSession;
  lessons?: readonly CalendarLesson[];
  publicUrl: string;
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** 'YYYYMMDDTHHMMSS' of a plain date-time (RFC 5545 §3.3.5 local time form). */
function icalLocal(dt: Temporal.PlainDateTime): string {
  return `${pad(dt.year, 4)}${pad(dt.month)}${pad(dt.day)}T${pad(dt.hour)}${pad(dt.minute)}${pad(dt.second)}`;
}

/** A UTC offset in nanoseconds as RFC 5545 §3.3.14 UTC-OFFSET ('+HHMM' or '+HHMMSS'). */
function icalOffset(ns: number): string {
  const total = Math.round(ns / 1e9);
  const sign = total < 0 ? '-' : '+';
  const abs = Math.abs(total);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}${pad(h)}${pad(m)}${s ? pad(s) : ''}`;
}

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for IANA zone `zone`, listing every offset transition between `from`
 * and `until` as its own STANDARD/DAYLIGHT observance (no RRULE: exact, read from the polyfill's tz
 * data), preceded by the offset in force at `from`. DAYLIGHT is a transition to a larger offset.
 * Returns null for an unknown zone (ical-generator then writes no VTIMEZONE).
 */
export function vtimezone(zone: string, from: Temporal.PlainDate, until: Temporal.PlainDate): string | null {
  let at: Temporal.ZonedDateTime;
  try {
    at = from.toZonedDateTime({ timeZone: zone });
  } catch {
    return null;
  }
  const end = until.toZonedDateTime({ timeZone: zone });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const initial = icalOffset(at.offsetNanoseconds);
  lines.push(
    'BEGIN:STANDARD',
    `DTSTART:${icalLocal(at.toPlainDateTime())}`,
    `TZOFFSETFROM:${initial}`,
    `TZOFFSETTO:${initial}`,
    'END:STANDARD',
  );
  for (;;) {
    const next = at.getTimeZoneTransition('next');
    if (!next || Temporal.ZonedDateTime.compare(next, end) > 0) break;
    const before = next.subtract({ nanoseconds: 1 }).offsetNanoseconds;
    const after = next.offsetNanoseconds;
    const kind = after > before ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of an observance is the onset in the local time that was in force before it.
    const onset = next.toInstant().toZonedDateTimeISO('UTC').toPlainDateTime().add({ nanoseconds: before });
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${icalLocal(onset)}`,
      `TZOFFSETFROM:${icalOffset(before)}`,
      `TZOFFSETTO:${icalOffset(after)}`,
      `END:${kind}`,
    );
    at = next;
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** RFC 5545 §3.3.11 TEXT escaping (backslash, semicolon, comma, line breaks). */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** The first date on/after `from` that is `weekday` (0 = sunday … 6 = saturday). */
function firstOnOrAfter(from: Temporal.PlainDate, weekday: number): Temporal.PlainDate {
  return from.add({ days: (weekday - (from.dayOfWeek % 7) + 7) % 7 });
}

function wallClock(date: Temporal.PlainDate, hhmm: string, zone: string): Temporal.ZonedDateTime {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return date.toPlainDateTime({ hour: h, minute: m }).toZonedDateTime(zone, { disambiguation: 'compatible' });
}

/**
 * The iCalendar text (RFC 5545) of a session's meetings, built with ical-generator:
 * - PRODID `-//Halaqa//Classroom//EN`, one VTIMEZONE for the session's zone (generated from the
 *   tz data, see `vtimezone`);
 * - one VEVENT per weekday of the weekly `schedule` that occurs within [startDate, endDate]:
 *   DTSTART/DTEND with `TZID=<session zone>` on the first such weekday on/after startDate at the
 *   slot's start/end (an end not after the start is the next day), `RRULE:FREQ=WEEKLY;UNTIL=<UTC>`
 *   where UNTIL is the last second of endDate in the session zone, expressed in UTC (RFC 5545
 *   §3.3.10: UNTIL is UTC when DTSTART has a TZID), UID `session-<id>-<weekday>@halaqa` (stable
 *   across downloads so clients update instead of duplicating), SUMMARY = course title, URL = the
 *   classroom page;
 * - one VEVENT per given lesson with its own `day` + `startTime` (time-rules `meetingSlots`), UID
 *   `session-<id>-lesson-<lessonId>@halaqa`, SUMMARY `<title> — <lesson name>`.
 * Recurring events repeat in the session's local time, so their local time stays the same across
 * DST changes. Throws RangeError on an invalid date or time zone.
 */
export function sessionCalendar({ session, lessons = [], publicUrl }: SessionCalendarInput): string {
  const zone = session.timezone;
  const first = Temporal.PlainDate.from(session.startDate.slice(0, 10));
  const last = Temporal.PlainDate.from(session.endDate.slice(0, 10));
  // Validates the zone (RangeError) and gives the end of endDate: the next day's start, minus 1 s.
  const endOfLast = last.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).toInstant().subtract({ seconds: 1 });
  const url = new URL(session.url ?? `/sessions/${session.id}/classroom`, publicUrl).toString();

  const calendar = ical({
    prodId: CALENDAR_PRODID.slice(1),
    // ical-generator writes NAME/X-WR-CALNAME unescaped: escape TEXT here (RFC 5545 §3.3.11).
    name: escapeText(session.title),
    // A nameless calendar zone: ical-generator only writes VTIMEZONEs when a generator is set, and a
    // name would also make it write UNTIL in that zone instead of UTC.
    timezone: {
      name: null,
      generator: (tz) => vtimezone(tz, first.subtract({ years: 1 }), last.add({ years: 1 })),
    },
  });

  WEEKDAYS.forEach((weekday, index) => {
    const slot = session.schedule?.[weekday];
    if (!slot) return;
    const date = firstOnOrAfter(first, index);
    if (Temporal.PlainDate.compare(date, last) > 0) return;
    const start = wallClock(date, slot.start, zone);
    let end = wallClock(date, slot.end, zone);
    if (Temporal.ZonedDateTime.compare(end, start) <= 0) end = wallClock(date.add({ days: 1 }), slot.end, zone);
    calendar.createEvent({
      id: `session-${session.id}-${weekday}@halaqa`,
      start,
      end,
      timezone: zone,
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY, until: new Date(endOfLast.epochMilliseconds) },
      summary: session.title,
      url,
    });
  });

  for (const lesson of lessons) {
    if (!lesson.day || !lesson.startTime) continue;
    for (const slot of meetingSlots(session, lesson)) {
      calendar.createEvent({
        id: `session-${session.id}-lesson-${lesson.id}@halaqa`,
        start: Temporal.Instant.fromEpochMilliseconds(slot.startsAt.getTime()).toZonedDateTimeISO(zone),
        end: Temporal.Instant.fromEpochMilliseconds(slot.endsAt.getTime()).toZonedDateTimeISO(zone),
        timezone: zone,
        summary: `${session.title} — ${lesson.name}`,
        url,
      });
    }
  }

  return calendar.toString();
}
