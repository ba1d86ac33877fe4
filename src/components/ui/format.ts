import type { Locale } from '@/lib/i18n';
import { intlLocaleOf } from '@/lib/i18n';

/**
 * An amount of US dollars (decimal, e.g. 49.99; may be 0 or negative) as currency in `locale`:
 * 'en' → "$49.99"; 'ar' → "49.99 USD" (the ISO code, because "US$" is reordered to "$US" inside
 * right-to-left text). Whole amounts show no cents ("$120").
 */
export function formatMoney(dollars: number, locale: Locale): string {
  const whole = Math.round(dollars * 100) % 100 === 0;
  return new Intl.NumberFormat(intlLocaleOf(locale), {
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
 * first page, whose script size counts (issue 15).
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
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(utc);
    const suffix = ordinalSuffix[englishOrdinal.select(day)] ?? 'th';
    return `${monthName}, ${day}${suffix} ${year}`;
  }
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc);
}

/** An integer in the locale's digits ("1,234"). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocaleOf(locale)).format(value);
}

/** A decimal with one fraction digit ("4.5"). */
export function formatDecimal1(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocaleOf(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
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
  return new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: width === 'short' ? 'short' : 'long',
    ...(width === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

