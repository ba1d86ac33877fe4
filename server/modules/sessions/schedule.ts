import { Temporal } from 'temporal-polyfill';
import type { Weekday, Weeks } from '../../db/types.js';

/**
 * The classroom's time rules (docs/classroom.md, "Rules": Deadline, Meeting slot, Join window) as
 * pure functions: no database, no clock (the caller passes `now`).
 *
 * Conventions: instants are `Date` (UTC; ISO strings accepted where noted), calendar dates are
 * 'YYYY-MM-DD' and times 'HH:mm', both read in the session's IANA time zone. Zone math goes through
 * Temporal (temporal-polyfill), so DST changes are right: a wall-clock time that falls in a DST gap
 * or overlap is resolved with Temporal's 'compatible' disambiguation (gap → later, overlap → earlier).
 */

/** Minutes before a meeting slot's start at which its join window opens (docs/classroom.md, "Join window"). */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

/** Weekdays in `Temporal.PlainDate.dayOfWeek % 7` order (0 = sunday … 6 = saturday). */
export const WEEKDAYS: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/**
 * What the rules need of a session: `startDate`/`endDate` ('YYYY-MM-DD', inclusive, in `timezone`),
 * `timezone` (IANA, e.g. 'America/Chicago') and the weekly `schedule` (per weekday `{start, end}`
 * as 'HH:mm' in `timezone`, or null) — SessionsTable.start_date, end_date, timezone, schedule.
 */
export interface SessionTimes {
  startDate: string;
  endDate: string;
  timezone: string;
  schedule: Weeks;
}

/**
 * What the rules need of a lesson: the syllabus `week` (1-based, `sections.week`), and for a
 * meeting/liveSession lesson its own `day` (weekday) and `startTime` ('HH:mm', session zone) with
 * `durationMinutes` — LessonsTable.day, start_time, duration_minutes. `day`/`startTime` null means
 * "use the session's weekly schedule".
 */
export interface LessonTimes {
  week: number;
  day?: Weekday | null;
  startTime?: string | null;
  durationMinutes?: number | null;
}

/**
 * One occurrence of a meeting: `occurrenceDate` is its calendar date ('YYYY-MM-DD') in the session's
 * zone (the key of `attendance.occurrence_date`); `startsAt`/`endsAt` are instants. A slot whose end
 * time is not after its start time runs past midnight (ends the next day).
 */
export interface MeetingSlot {
  occurrenceDate: string;
  startsAt: Date;
  endsAt: Date;
}

/** The join window of a slot: open from `opensAt` (inclusive) until `closesAt` (exclusive), instants. */
export interface JoinWindow {
  opensAt: Date;
  closesAt: Date;
}

/** Reads 'YYYY-MM-DD' (a longer ISO string is cut to its date part). Throws RangeError when invalid. */
function plainDate(date: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(date.slice(0, 10));
}

/** Parses 'HH:mm' (or 'HH:mm:ss'); throws RangeError when it is not a time of day. */
function plainTime(hhmm: string): Temporal.PlainTime {
  return Temporal.PlainTime.from(hhmm.length === 5 ? `${hhmm}:00` : hhmm);
}

function toDate(at: Temporal.ZonedDateTime): Date {
  return new Date(at.epochMilliseconds);
}

function instantMs(at: Date | string): number {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(at)}`);
  return ms;
}

/** The instant of wall-clock `time` on `date` in `zone` ('compatible' disambiguation across DST). */
function wallClock(date: Temporal.PlainDate, time: Temporal.PlainTime, zone: string): Temporal.ZonedDateTime {
  return date.toPlainDateTime(time).toZonedDateTime(zone, { disambiguation: 'compatible' });
}

/**
 * A slot from wall-clock start/end on `date` in `zone`: an end not after the start is on the next day.
 * `durationMinutes`, when given, replaces `end` and is counted in elapsed minutes.
 */
function slotOn(
  date: Temporal.PlainDate,
  zone: string,
  start: string,
  end: { end: string } | { minutes: number },
): MeetingSlot {
  const startsAt = wallClock(date, plainTime(start), zone);
  let endsAt: Temporal.ZonedDateTime;
  if ('minutes' in end) {
    endsAt = startsAt.add({ minutes: end.minutes });
  } else {
    endsAt = wallClock(date, plainTime(end.end), zone);
    if (Temporal.ZonedDateTime.compare(endsAt, startsAt) <= 0)
      endsAt = wallClock(date.add({ days: 1 }), plainTime(end.end), zone);
  }
  return { occurrenceDate: date.toString(), startsAt: toDate(startsAt), endsAt: toDate(endsAt) };
}

/**
 * The first day of syllabus week `week` (1-based) of a session: `startDate + 7 × (week − 1)` days,
 * as 'YYYY-MM-DD' (a calendar date in the session's zone). Source: docs/classroom.md, "Meeting slot".
 * Throws RangeError on an invalid date.
 */
export function weekStartsOn(session: Pick<SessionTimes, 'startDate'>, week: number): string {
  return plainDate(session.startDate)
    .add({ days: 7 * (week - 1) })
    .toString();
}

/**
 * The deadline of a lesson in syllabus week `week` (docs/classroom.md, "Deadline"): the end of that
 * week of the session, i.e. `startDate + 7 × week` days at 00:00 in the session's time zone, capped
 * at the day after `endDate` at 00:00 (so the last week never outlives the session). Returns the
 * instant; "00:00" is the start of that day in the zone (if midnight is skipped by a DST change,
 * the first instant of the day). Throws RangeError on an invalid date or time zone.
 */
export function lessonDeadline(session: Pick<SessionTimes, 'startDate' | 'endDate' | 'timezone'>, week: number): Date {
  const end = plainDate(session.startDate).add({ days: 7 * week });
  const cap = plainDate(session.endDate).add({ days: 1 });
  const day = Temporal.PlainDate.compare(end, cap) > 0 ? cap : end;
  return toDate(day.toZonedDateTime({ timeZone: session.timezone }));
}

/**
 * The meeting slots of a meeting or liveSession lesson in its week *w* (docs/classroom.md,
 * "Meeting slot"), in time order:
 * - a lesson with `day` and `startTime`: the one occurrence on that weekday among the 7 days from
 *   `weekStartsOn(session, w)`, at `startTime` in the session's zone, lasting `durationMinutes`
 *   (elapsed minutes; 60 when missing or not positive);
 * - otherwise: each slot of the session's weekly `schedule` whose weekday falls in those 7 days, from
 *   its `start` to its `end` ('HH:mm', session zone; an end not after the start is the next day).
 * Only dates within [startDate, endDate] (inclusive) count, so a week past the session has none.
 * Answers are kept for the same session and lesson times (least recently used evicted past
 * {@link SLOT_CACHE_ENTRIES}); each call returns new objects.
 * Throws RangeError on an invalid date, time or time zone.
 */
export function meetingSlots(session: SessionTimes, lesson: LessonTimes): MeetingSlot[] {
  const key = [
    session.startDate.slice(0, 10),
    session.endDate.slice(0, 10),
    session.timezone,
    JSON.stringify(session.schedule),
    lesson.week,
    lesson.day ?? '',
    lesson.startTime ?? '',
    lesson.durationMinutes ?? '',
  ].join('|');
  let slots = slotCache.get(key);
  if (slots) {
    // Most recently used last: the oldest entry is the first one evicted.
    slotCache.delete(key);
  } else {
    slots = computeMeetingSlots(session, lesson).map((slot) => ({
      occurrenceDate: slot.occurrenceDate,
      startsAtMs: slot.startsAt.getTime(),
      endsAtMs: slot.endsAt.getTime(),
    }));
    if (slotCache.size >= SLOT_CACHE_ENTRIES) slotCache.delete(slotCache.keys().next().value!);
  }
  slotCache.set(key, slots);
  // Fresh objects each call: a caller may keep or change what it gets.
  return slots.map((slot) => ({
    occurrenceDate: slot.occurrenceDate,
    startsAt: new Date(slot.startsAtMs),
    endsAt: new Date(slot.endsAtMs),
  }));
}

/**
 * How many (session times, lesson times) answers of {@link meetingSlots} are kept (least recently
 * used evicted; ~300 bytes each). The slots are computed with Temporal's polyfill, ~1–2 ms a lesson
 * on this machine; a partner's attendance analytics asks for every meeting lesson of up to hundreds
 * of sessions on each request (docs/performance.md, "Heavy pages").
 */
const SLOT_CACHE_ENTRIES = 20_000;
const slotCache = new Map<string, { occurrenceDate: string; startsAtMs: number; endsAtMs: number }[]>();

/** {@link meetingSlots} computed (no cache). */
function computeMeetingSlots(session: SessionTimes, lesson: LessonTimes): MeetingSlot[] {
  const first = plainDate(session.startDate);
  const last = plainDate(session.endDate);
  const weekStart = plainDate(weekStartsOn(session, lesson.week));
  const slots: MeetingSlot[] = [];
  for (let i = 0; i < 7; i++) {
    const date = weekStart.add({ days: i });
    if (Temporal.PlainDate.compare(date, first) < 0 || Temporal.PlainDate.compare(date, last) > 0) continue;
    const weekday = WEEKDAYS[date.dayOfWeek % 7]!;
    if (lesson.day && lesson.startTime) {
      if (weekday !== lesson.day) continue;
      const minutes = lesson.durationMinutes && lesson.durationMinutes > 0 ? lesson.durationMinutes : 60;
      slots.push(slotOn(date, session.timezone, lesson.startTime, { minutes }));
    } else {
      const slot = session.schedule?.[weekday];
      if (!slot) continue;
      slots.push(slotOn(date, session.timezone, slot.start, { end: slot.end }));
    }
  }
  return slots;
}

/**
 * The join window of a slot (docs/classroom.md, "Join window"): opens `JOIN_OPENS_MINUTES_BEFORE`
 * (10) minutes before `startsAt` and closes at `endsAt` (instants).
 */
export function joinWindow(slot: Pick<MeetingSlot, 'startsAt' | 'endsAt'>): JoinWindow {
  return {
    opensAt: new Date(slot.startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: new Date(slot.endsAt.getTime()),
  };
}

/**
 * The slot whose join window contains `now` (`opensAt ≤ now < endsAt`), the earliest-starting one
 * if several do, or null. `now` is a `Date` or an ISO instant string.
 */
export function findJoinableSlot<S extends Pick<MeetingSlot, 'startsAt' | 'endsAt'>>(
  slots: readonly S[],
  now: Date | string,
): S | null {
  const at = instantMs(now);
  let found: S | null = null;
  for (const slot of slots) {
    const { opensAt, closesAt } = joinWindow(slot);
    if (opensAt.getTime() <= at && at < closesAt.getTime()) {
      if (!found || slot.startsAt.getTime() < found.startsAt.getTime()) found = slot;
    }
  }
  return found;
}

/**
 * The next meeting at `now` (Date or ISO instant string): among all lessons' slots, the one with the
 * earliest `startsAt` that has not ended yet (`endsAt > now`; a running meeting counts), returned
 * with its lesson as `{lesson, slot}`, or null when none remains.
 */
export function nextMeeting<L, S extends Pick<MeetingSlot, 'startsAt' | 'endsAt'> = MeetingSlot>(
  lessonsWithSlots: readonly { lesson: L; slots: readonly S[] }[],
  now: Date | string,
): { lesson: L; slot: S } | null {
  const at = instantMs(now);
  let best: { lesson: L; slot: S } | null = null;
  for (const { lesson, slots } of lessonsWithSlots) {
    for (const slot of slots) {
      if (slot.endsAt.getTime() <= at) continue;
      if (!best || slot.startsAt.getTime() < best.slot.startsAt.getTime()) best = { lesson, slot };
    }
  }
  return best;
}
