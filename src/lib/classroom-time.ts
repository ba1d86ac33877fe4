import { Temporal } from '@/lib/temporal';
import { formatLongDate } from '@/components/ui/format';
import { weekdayName } from '@/components/ui/schedule';
import { formatHhMmA, WEEKDAYS } from '@/lib/time-slots';
import type { components } from '@contract/schema';
import { intlLocaleOf, type Locale } from '@/lib/i18n';

/** One occurrence of a meeting lesson (instants are UTC ISO strings; docs/classroom.md "Meeting slot"). */
export type MeetingOccurrence = components['schemas']['MeetingOccurrence'];

/** Translated AM/PM markers (see `useMeridiem`). */
export type Meridiem = { am: string; pm: string };

/** Milliseconds since the epoch of an ISO instant ('2026-11-24T00:00:00Z'); NaN when unreadable. */
export function epochOf(iso: string): number {
  return new Date(iso).getTime();
}

/**
 * An instant as seen in the IANA time zone `zone`: "Monday, March, 3rd 2025 · 06:00 PM" (weekday,
 * the spec's long date, 'hh:mm A'; in Arabic the weekday is followed by the Arabic comma "،"). With `timeOnly`, just "06:00 PM". `instant` is epoch ms or an
 * ISO string. Throws RangeError on an invalid zone or instant.
 */
export function formatInstant(
  instant: number | string,
  zone: string,
  locale: Locale,
  meridiem: Meridiem,
  { timeOnly = false }: { timeOnly?: boolean } = {},
): string {
  const ms = typeof instant === 'number' ? instant : epochOf(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  const zdt = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  const time = formatHhMmA(zdt.hour, zdt.minute, meridiem);
  if (timeOnly) return time;
  const weekday = weekdayName(WEEKDAYS[zdt.dayOfWeek % 7]!, locale);
  // Arabic separates with its own comma ("،"), not the Latin one.
  const comma = locale === 'ar' ? '،' : ',';
  return `${weekday}${comma} ${formatLongDate(zdt.toPlainDate().toString(), locale)} · ${time}`;
}

/**
 * A meeting's time span in `zone`: "Monday, March, 3rd 2025 · 06:00 PM – 07:30 PM" (the end's
 * date is repeated only when it falls on another day in that zone). Throws RangeError like
 * `formatInstant`.
 */
export function formatSpan(startIso: string, endIso: string, zone: string, locale: Locale, meridiem: Meridiem): string {
  const start = Temporal.Instant.fromEpochMilliseconds(epochOf(startIso)).toZonedDateTimeISO(zone);
  const end = Temporal.Instant.fromEpochMilliseconds(epochOf(endIso)).toZonedDateTimeISO(zone);
  const sameDay = start.toPlainDate().equals(end.toPlainDate());
  return `${formatInstant(startIso, zone, locale, meridiem)} – ${formatInstant(endIso, zone, locale, meridiem, { timeOnly: sameDay })}`;
}

/** Both zones' texts of a span; `viewer` is null when the viewer's zone shows the same wall time. */
export function spanInZones(
  occurrence: Pick<MeetingOccurrence, 'startsAt' | 'endsAt'>,
  sessionZone: string,
  viewerZone: string,
  locale: Locale,
  meridiem: Meridiem,
): { session: string; viewer: string | null } {
  const session = formatSpan(occurrence.startsAt, occurrence.endsAt, sessionZone, locale, meridiem);
  const viewer = formatSpan(occurrence.startsAt, occurrence.endsAt, viewerZone, locale, meridiem);
  return { session, viewer: viewer === session ? null : viewer };
}

const MINUTE = 60_000;

/**
 * A positive duration (ms) as a short countdown in `locale`: "2 days, 3 hours" (days and hours),
 * "3 hours, 5 minutes", "12 minutes"; anything under a minute (or ≤ 0) reads "1 minute". Minutes
 * are rounded up so a countdown never shows 0 before the moment.
 */
export function formatCountdown(ms: number, locale: Locale): string {
  const tag = intlLocaleOf(locale);
  const totalMinutes = Math.max(1, Math.ceil(ms / MINUTE));
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const unit = (value: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: 'long' }).format(value);
  const parts =
    days > 0
      ? [unit(days, 'day'), ...(hours > 0 ? [unit(hours, 'hour')] : [])]
      : hours > 0
        ? [unit(hours, 'hour'), ...(minutes > 0 ? [unit(minutes, 'minute')] : [])]
        : [unit(minutes, 'minute')];
  return new Intl.ListFormat(tag, { style: 'long', type: 'unit' }).format(parts);
}

/**
 * Where `now` (epoch ms) stands against an occurrence's join window (docs/classroom.md "Join
 * window": from `opensAt`, 10 minutes before the start, until `endsAt`):
 * - `upcoming`: before `opensAt` (`msLeft` until it opens);
 * - `open`: the window is open but the meeting has not started (`msLeft` until the start);
 * - `live`: the meeting is running (`msLeft` until the end);
 * - `ended`: at or after `endsAt` (`msLeft` 0).
 * Joining is allowed exactly in `open` and `live`.
 */
export function joinWindow(
  occurrence: Pick<MeetingOccurrence, 'opensAt' | 'startsAt' | 'endsAt'>,
  now: number,
): { state: 'upcoming' | 'open' | 'live' | 'ended'; msLeft: number } {
  const opens = epochOf(occurrence.opensAt);
  const starts = epochOf(occurrence.startsAt);
  const ends = epochOf(occurrence.endsAt);
  if (now >= ends) return { state: 'ended', msLeft: 0 };
  if (now >= starts) return { state: 'live', msLeft: ends - now };
  if (now >= opens) return { state: 'open', msLeft: starts - now };
  return { state: 'upcoming', msLeft: opens - now };
}

/** True when a learner may join now (`open` or `live`). */
export function canJoin(occurrence: Pick<MeetingOccurrence, 'opensAt' | 'startsAt' | 'endsAt'>, now: number): boolean {
  const { state } = joinWindow(occurrence, now);
  return state === 'open' || state === 'live';
}

/**
 * The occurrence to show for a meeting lesson at `now`: the first (by start) that has not ended,
 * else null (no meeting left). `occurrences` may be in any order.
 */
export function currentOccurrence<T extends Pick<MeetingOccurrence, 'startsAt' | 'endsAt'>>(
  occurrences: readonly T[],
  now: number,
): T | null {
  return (
    [...occurrences].sort((a, b) => epochOf(a.startsAt) - epochOf(b.startsAt)).find((o) => epochOf(o.endsAt) > now) ??
    null
  );
}

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov|mpeg|mpg|m3u8)$/i;

/**
 * Whether a lesson's `videoUrl` can play in an HTML5 `<video>`: an uploaded file (`/uploads/…`)
 * or a link whose path ends with a video file extension. Anything else (a video platform page)
 * is offered as an external link.
 */
export function isPlayableVideo(url: string): boolean {
  if (url.startsWith('/uploads/')) return true;
  try {
    return VIDEO_FILE.test(new URL(url, 'https://halaqa.invalid').pathname);
  } catch {
    return false;
  }
}
