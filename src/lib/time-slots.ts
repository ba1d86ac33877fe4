import { Temporal, type PlainDate, type ZonedDateTime } from '@/lib/temporal';

/** Weekdays as the API spells them (product.md#entities: sunday to saturday). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Temporal's dayOfWeek (1 = Monday … 7 = Sunday) → API weekday. */
function weekdayOf(date: PlainDate | ZonedDateTime): Weekday {
  return WEEKDAYS[date.dayOfWeek % 7]!;
}

/**
 * 'hh:mm A' (product.md#limits): 12-hour clock, zero-padded, with AM/PM; e.g. 9:05 → "09:05 AM",
 * 0:30 → "12:30 AM", 12:00 → "12:00 PM". `meridiem` lets a locale translate AM/PM.
 */
export function formatHhMmA(
  hour: number,
  minute: number,
  meridiem: { am: string; pm: string } = { am: 'AM', pm: 'PM' },
): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(h12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${hour < 12 ? meridiem.am : meridiem.pm}`;
}

/** One end of a slot, as seen in one time zone. */
export interface SlotInstant {
  /** Weekday in that zone. */
  weekday: Weekday;
  /** Calendar date 'YYYY-MM-DD' in that zone (the occurrence used for the conversion). */
  date: string;
  hour: number;
  minute: number;
  /** 'hh:mm A' with English AM/PM. */
  time: string;
}

/** A weekly slot in one zone. */
export interface ZonedSlot {
  timeZone: string;
  start: SlotInstant;
  end: SlotInstant;
  /** UTC offset of the start, e.g. "-05:00". */
  offset: string;
}

export interface ConvertedSlot {
  session: ZonedSlot;
  viewer: ZonedSlot;
  /** Days between the viewer's start date and the session's (usually -1, 0 or +1). */
  dayShift: number;
  /** True when the viewer sees the same wall-clock times as the session (same offset). */
  sameTime: boolean;
}

export interface WeeklySlotInput {
  /** Weekday of the meeting in the session's time zone. */
  day: Weekday;
  /** Start 'HH:mm' (24-hour) in the session's time zone. */
  startTime: string;
  /** Length in minutes (≥ 0). */
  durationMinutes: number;
  /** IANA zone of the session, e.g. 'America/New_York'. */
  sessionTimeZone: string;
  /** IANA zone of the viewer (defaults to the browser's). */
  viewerTimeZone?: string;
  /**
   * The week to use, as a calendar date 'YYYY-MM-DD' in the session's zone: the slot is the first
   * `day` on or after it (offsets differ across DST changes, so the answer depends on the week).
   * Defaults to today in the session's zone.
   */
  from?: string;
}

function instantIn(zdt: ZonedDateTime): SlotInstant {
  return {
    weekday: weekdayOf(zdt),
    date: zdt.toPlainDate().toString(),
    hour: zdt.hour,
    minute: zdt.minute,
    time: formatHhMmA(zdt.hour, zdt.minute),
  };
}

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  return Temporal.Now.timeZoneId();
}

/**
 * Converts a weekly meeting slot (weekday + 'HH:mm' + duration, in the session's time zone) into
 * the viewer's time zone, for the first occurrence on or after `from`. DST is honoured on both
 * sides (a start falling in a spring-forward gap moves forward, Temporal's 'compatible' rule).
 *
 * Throws RangeError when `startTime` is not 'HH:mm', the duration is negative, or a time zone is
 * not a valid IANA name.
 */
export function convertWeeklySlot(input: WeeklySlotInput): ConvertedSlot {
  const match = /^(\d{1,2}):(\d{2})$/.exec(input.startTime.trim());
  if (!match) throw new RangeError(`startTime must be HH:mm, got "${input.startTime}"`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) throw new RangeError(`startTime out of range: "${input.startTime}"`);
  if (!(input.durationMinutes >= 0)) throw new RangeError('durationMinutes must be ≥ 0');

  const sessionZone = input.sessionTimeZone;
  const viewerZone = input.viewerTimeZone ?? browserTimeZone();
  const fromDate = input.from
    ? Temporal.PlainDate.from(input.from.slice(0, 10))
    : Temporal.Now.plainDateISO(sessionZone);

  const target = WEEKDAYS.indexOf(input.day);
  const current = fromDate.dayOfWeek % 7;
  const date = fromDate.add({ days: (target - current + 7) % 7 });

  const start = date.toPlainDateTime({ hour, minute }).toZonedDateTime(sessionZone, { disambiguation: 'compatible' });
  const end = start.add({ minutes: input.durationMinutes });
  const viewerStart = start.withTimeZone(viewerZone);
  const viewerEnd = end.withTimeZone(viewerZone);

  const sessionStartDay = start.toPlainDate();
  const viewerStartDay = viewerStart.toPlainDate();
  const diff = sessionStartDay.until(viewerStartDay, { largestUnit: 'days' }).days;

  return {
    session: { timeZone: sessionZone, start: instantIn(start), end: instantIn(end), offset: start.offset },
    viewer: {
      timeZone: viewerZone,
      start: instantIn(viewerStart),
      end: instantIn(viewerEnd),
      offset: viewerStart.offset,
    },
    dayShift: diff,
    sameTime: start.offset === viewerStart.offset,
  };
}
