import type { Locale } from '@/lib/i18n';
import { intlLocaleOf } from '@/lib/i18n';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.NumberFormat` for a BCP-47 tag and options, made once and reused: building one costs
 * ~0.3 ms (several ms at a phone's speed), and a catalog page formats a few numbers per course
 * card, in the render that counts for the first load's blocking time.
 */
function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

/** An `Intl.DateTimeFormat` for a BCP-47 tag and options, made once and reused (see `numberFormat`). */
function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/**
 * An amount of US dollars (decimal, e.g. 49.99; may be 0 or negative) as currency in `locale`:
 * 'en' → "$49.99"; 'ar' → "49.99 USD" (the ISO code, because "US$" is reordered to "$US" inside
 * right-to-left text). Whole amounts show no cents ("$120").
 */
export function formatMoney(dollars: number, locale: Locale): string {
  const whole = Math.round(dollars * 100) % 100 === 0;
  return numberFormat(intlLocaleOf(locale), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: locale === 'ar' ? 'code' : 'symbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars);
}

/**
 * A price in US dollars formatted with `formatMoney`; null for 0 (or an invalid amount) so
 * callers show their translated "Free".
 */
export function formatDollars(dollars: number, locale: Locale): string | null {
  if (!Number.isFinite(dollars) || dollars <= 0) return null;
  return formatMoney(dollars, locale);
}

const englishOrdinal = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ordinalSuffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * A calendar date ('YYYY-MM-DD', e.g. a session's startDate; anything after the 10th character is
 * ignored) in the spec's default format 'MMMM, Do YYYY': English "March, 5th 2025"; Arabic uses
 * Intl's long date ("5 مارس 2025"). Returns the input unchanged if it is not a valid ISO date
 * (e.g. '2025-02-30'). Plain Date arithmetic in UTC, no Temporal: this runs on the catalog's
 * first page, whose script size counts.
 */
export function formatLongDate(isoDate: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.slice(0, 10));
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day); // (Date.UTC would read years 0–99 as 1900–1999)
  // An impossible day rolls over (Feb 30 → Mar 2): not a date.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return isoDate;
  if (locale === 'en') {
    const monthName = dateFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(utc);
    const suffix = ordinalSuffix[englishOrdinal.select(day)] ?? 'th';
    return `${monthName}, ${day}${suffix} ${year}`;
  }
  return dateFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc);
}

/**
 * The calendar date of an instant (an ISO timestamp such as `createdAt`, or epoch ms) in the
 * product's one date format, `formatLongDate`: "November, 27th 2026" / "27 نوفمبر 2026". The day
 * is the one in `timeZone` (IANA; default the viewer's). An unreadable instant is answered as given.
 */
export function formatInstantDate(instant: string | number, locale: Locale, timeZone?: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  // en-CA writes the calendar date as YYYY-MM-DD.
  const iso = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  })
    .formatToParts(date)
    .filter((p) => p.type !== 'literal')
    .map((p) => p.value)
    .join('-');
  return formatLongDate(iso, locale);
}

/**
 * An instant as its date in the product's format and its time of day in the locale's short
 * clock: "November, 27th 2026 · 10:15 AM" / "27 نوفمبر 2026 · 10:15 ص", in `timeZone` (default the
 * viewer's). An unreadable instant is answered as given.
 */
export function formatInstantDateTime(instant: string | number, locale: Locale, timeZone?: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const time = dateFormat(intlLocaleOf(locale), { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
  return `${formatInstantDate(instant, locale, timeZone)} · ${time}`;
}

/** An integer in the locale's digits ("1,234"). */
export function formatCount(value: number, locale: Locale): string {
  return numberFormat(intlLocaleOf(locale)).format(value);
}

/**
 * A file size in `locale`'s digits and short units ("218 byte", "4.1 kB", "1.5 MB"): below 1,000
 * bytes as bytes, then decimal kilobytes and megabytes, one fraction digit at most.
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] =
    bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return numberFormat(intlLocaleOf(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A decimal with one fraction digit ("4.5"). */
export function formatDecimal1(value: number, locale: Locale): string {
  return numberFormat(intlLocaleOf(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * A calendar date ('YYYY-MM-DD', e.g. a week's Monday) as a short ("Mar 3" / "٣ مارس") or long
 * ("March 3, 2025") date in `locale`, read as that day whatever the viewer's time zone. A label
 * that is not such a date is answered as it is.
 */
export function formatWeek(label: string, locale: Locale, width: 'short' | 'long' = 'short'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (!match) return label;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: width === 'short' ? 'short' : 'long',
    ...(width === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/** A number of points (or a percentage figure) in the locale's digits, up to 2 decimals ("82.5", "٨٢٫٥"). */
export function formatPoints(value: number, locale: Locale): string {
  return numberFormat(intlLocaleOf(locale), { maximumFractionDigits: 2 }).format(value);
}
