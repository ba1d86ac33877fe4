import { css } from 'styled-system/css';
import { intlLocaleOf, type Locale } from '@/lib/i18n';

/** A rate (0–1) as a whole percentage with the locale's digits (0.875 → 88%). */
export function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** A thin progress bar for a rate (0–1; decorative: the number is always written next to it). */
export function RateBar({ rate }: { rate: number }) {
  const width = Math.round(Math.min(1, Math.max(0, rate)) * 100);
  return (
    <span
      aria-hidden
      className={css({
        display: 'block',
        flex: '1',
        minWidth: '4rem',
        height: '2',
        borderRadius: 'full',
        bg: 'bg.muted',
        overflow: 'hidden',
      })}
    >
      <span
        className={css({ display: 'block', height: 'full', bg: 'secondary.strong', borderRadius: 'full' })}
        style={{ width: `${width}%` }}
      />
    </span>
  );
}
