import type { Locale } from '@/lib/i18n';
import { intlLocaleOf } from '@/lib/i18n';
import { formatInstantDateTime } from '@/components/ui/format';

/**
 * Integer US cents (may be negative) as money in `locale`, like `formatMoney` ('en' "$49.99",
 * 'ar' "49.99 USD"). `signed` shows "+" on credits and "−" on debits (ledger movements).
 */
export function formatCents(cents: number, locale: Locale, { signed = false }: { signed?: boolean } = {}): string {
  const whole = Math.round(cents) % 100 === 0;
  return new Intl.NumberFormat(intlLocaleOf(locale), {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: locale === 'ar' ? 'code' : 'symbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(cents / 100);
}

/**
 * An ISO instant (e.g. `createdAt`) as the product's date and a short time in the viewer's time
 * zone ("November, 27th 2026 · 10:15 AM", `formatInstantDateTime`); the input unchanged if invalid.
 */
export function formatInstant(iso: string, locale: Locale): string {
  return formatInstantDateTime(iso, locale);
}

/** An ISO instant as a time of day ("10:15 AM"), viewer's time zone. */
export function formatClock(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocaleOf(locale), { timeStyle: 'short' }).format(date);
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand's name as printed on cards ("visa" → "Visa"); brand names are not translated. */
export function brandName(brand: string): string {
  const key = brand.toLowerCase();
  return BRANDS[key] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand);
}

/** "12/30": a card's expiry month and year. */
export function cardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}
