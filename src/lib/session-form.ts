import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Temporal } from '@/lib/temporal';
import type { SessionRequestBody, WeekdayKey } from '@machines/session-request.machine';

/** Weekdays in the order the form lists them (product.md#entities: sunday to saturday). */
export const FORM_WEEKDAYS: readonly WeekdayKey[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** One weekday row of the form: meets that day, from `start` to `end` ('HH:mm', session time zone). */
export interface DayValues {
  enabled: boolean;
  start: string;
  end: string;
}

/**
 * The request-session form as the user edits it (strings, as the inputs hold them):
 * dates 'YYYY-MM-DD', IANA time zone, a row per weekday, seats (integer) and price (US dollars).
 */
export interface SessionFormValues {
  startDate: string;
  endDate: string;
  timezone: string;
  days: Record<WeekdayKey, DayValues>;
  maxSeats: string;
  price: string;
}

/** The fields a session is prefilled from (a SessionListItem / SessionSummary). */
export interface SessionLike {
  startDate: string;
  endDate: string;
  timezone: string;
  schedule: Record<WeekdayKey, { start: string; end: string } | null>;
  maxSeats: number;
  price: number;
}

export type SessionFormErrors = Partial<
  Record<'startDate' | 'endDate' | 'timezone' | 'schedule' | 'maxSeats' | 'price' | WeekdayKey, MessageDescriptor>
>;

/** Default seats offered by a new session. */
export const DEFAULT_SEATS = 25;
/** Most seats a session may offer in the form. */
export const MAX_SEATS = 5000;
/** Highest price accepted by the form, in US dollars. */
export const MAX_PRICE = 100000;

function emptyDays(): Record<WeekdayKey, DayValues> {
  return Object.fromEntries(FORM_WEEKDAYS.map((d) => [d, { enabled: false, start: '18:00', end: '20:00' }])) as Record<
    WeekdayKey,
    DayValues
  >;
}

/** "149" for 149, "49.99" for 49.99 (no trailing zeros; decimal dollars). */
function priceText(dollars: number): string {
  return Number.isFinite(dollars) && dollars > 0 ? String(Math.round(dollars * 100) / 100) : '0';
}

/**
 * A blank form for a course: starts on the Monday at least a week from `today`, runs 8 weeks,
 * meets Monday and Wednesday 18:00–20:00 in `timezone`, 25 seats, the course's price (dollars).
 */
export function defaultSessionForm({
  price,
  timezone,
  today,
}: {
  price: number;
  timezone: string;
  today: string;
}): SessionFormValues {
  const base = Temporal.PlainDate.from(today).add({ days: 7 });
  const start = base.add({ days: (8 - base.dayOfWeek) % 7 }); // next Monday (or that day if Monday)
  const end = start.add({ weeks: 8 }).subtract({ days: 3 }); // the Friday of the 8th week
  const days = emptyDays();
  days.monday.enabled = true;
  days.wednesday.enabled = true;
  return {
    startDate: start.toString(),
    endDate: end.toString(),
    timezone,
    days,
    maxSeats: String(DEFAULT_SEATS),
    price: priceText(price),
  };
}

/**
 * Moves a session's dates forward by whole weeks (weekdays kept) so that it starts at least a week
 * after `today`; dates already far enough ahead are kept. All 'YYYY-MM-DD'.
 */
export function shiftToFuture(
  startDate: string,
  endDate: string,
  today: string,
): { startDate: string; endDate: string } {
  const start = Temporal.PlainDate.from(startDate);
  const end = Temporal.PlainDate.from(endDate);
  const earliest = Temporal.PlainDate.from(today).add({ days: 7 });
  if (Temporal.PlainDate.compare(start, earliest) >= 0) return { startDate, endDate };
  const days = start.until(earliest, { largestUnit: 'days' }).days;
  const weeks = Math.ceil(days / 7);
  return { startDate: start.add({ weeks }).toString(), endDate: end.add({ weeks }).toString() };
}

/** The form prefilled from an existing session (duplicate): same schedule, seats and price, dates moved ahead. */
export function sessionFormFrom(session: SessionLike, today: string): SessionFormValues {
  const days = emptyDays();
  for (const day of FORM_WEEKDAYS) {
    const slot = session.schedule[day];
    if (slot) days[day] = { enabled: true, start: slot.start, end: slot.end };
  }
  return {
    ...shiftToFuture(session.startDate, session.endDate, today),
    timezone: session.timezone,
    days,
    maxSeats: String(session.maxSeats),
    price: priceText(session.price),
  };
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/**
 * Client-side rules of the form (the server checks again: 400/422):
 * start date valid and not before `today`; end date valid and not before the start; a time zone;
 * at least one meeting day, each with a start and a later end time; seats an integer 1–5000;
 * price a number 0–100000 with at most 2 decimals. Returns the errors by field (empty = valid).
 */
export function validateSessionForm(values: SessionFormValues, today: string): SessionFormErrors {
  const errors: SessionFormErrors = {};
  if (!isDate(values.startDate)) errors.startDate = msg`Enter a valid start date.`;
  else if (Temporal.PlainDate.compare(Temporal.PlainDate.from(values.startDate), Temporal.PlainDate.from(today)) < 0) {
    errors.startDate = msg`The session cannot start in the past.`;
  }
  if (!isDate(values.endDate)) errors.endDate = msg`Enter a valid end date.`;
  else if (
    isDate(values.startDate) &&
    Temporal.PlainDate.compare(Temporal.PlainDate.from(values.endDate), Temporal.PlainDate.from(values.startDate)) < 0
  ) {
    errors.endDate = msg`The end date cannot be before the start date.`;
  }
  if (!values.timezone) errors.timezone = msg`Choose a time zone.`;
  const enabled = FORM_WEEKDAYS.filter((d) => values.days[d].enabled);
  if (enabled.length === 0) errors.schedule = msg`Choose at least one meeting day.`;
  for (const day of enabled) {
    const { start, end } = values.days[day];
    if (!isTime(start) || !isTime(end)) errors[day] = msg`Enter a start and an end time.`;
    else if (end <= start) errors[day] = msg`The end time must be after the start time.`;
  }
  const seats = Number(values.maxSeats);
  if (!/^\d+$/.test(values.maxSeats.trim()) || seats < 1 || seats > MAX_SEATS) {
    errors.maxSeats = msg`Enter a number of seats from 1 to 5000.`;
  }
  const price = values.price.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(price) || Number(price) > MAX_PRICE) {
    errors.price = msg`Enter a price in US dollars, e.g. 149 or 49.99 (0 for a free session).`;
  }
  return errors;
}

/** The `POST /sessions` body of a valid form (price in decimal dollars). */
export function toSessionRequest(courseId: number, values: SessionFormValues): SessionRequestBody {
  const schedule = Object.fromEntries(
    FORM_WEEKDAYS.map((d) => [
      d,
      values.days[d].enabled ? { start: values.days[d].start, end: values.days[d].end } : null,
    ]),
  ) as SessionRequestBody['schedule'];
  return {
    courseId,
    startDate: values.startDate,
    endDate: values.endDate,
    timezone: values.timezone,
    schedule,
    maxSeats: Number(values.maxSeats.trim()),
    price: Math.round(Number(values.price.trim()) * 100) / 100,
  };
}

/** Today's date ('YYYY-MM-DD') in the browser's time zone. */
export function todayIso(): string {
  return Temporal.Now.plainDateISO().toString();
}
