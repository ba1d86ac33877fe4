import { describe, expect, it } from 'vitest';
import { formatInstantDate, formatInstantDateTime } from '@/components/ui/format';
import { instantDate } from '@/features/courses/course-page-parts';
import { formatInstant } from '@/lib/payment-format';

// 10:15 in Riyadh (UTC+3) on 27 November 2026; still the 26th in Los Angeles.
const instant = '2026-11-27T07:15:00Z';

describe("every date shown in the product's one format ('MMMM, Do YYYY')", () => {
  it('receipts and the wallet: "November, 27th 2026" with the time of day after it', () => {
    const text = formatInstant(instant, 'en');
    expect(text).toMatch(/^November, 2[67]th 2026 · \d{1,2}:\d{2}\s?[AP]M$/);
    expect(text).not.toContain('Nov ');
  });

  it('reviews: the long date with its ordinal, in the viewer time zone', () => {
    expect(instantDate(instant, 'en')).toMatch(/^November, 2[67]th 2026$/);
    expect(formatInstantDate(instant, 'en', 'Asia/Riyadh')).toBe('November, 27th 2026');
    expect(formatInstantDate(instant, 'en', 'America/Los_Angeles')).toBe('November, 26th 2026');
    expect(formatInstantDate('2026-03-01T12:00:00Z', 'en', 'UTC')).toBe('March, 1st 2026');
    expect(formatInstantDate('2026-03-22T12:00:00Z', 'en', 'UTC')).toBe('March, 22nd 2026');
    expect(formatInstantDate('2026-03-13T12:00:00Z', 'en', 'UTC')).toBe('March, 13th 2026');
  });

  it('Arabic: the Arabic month name and a plain day, no ordinal; the time keeps its own format', () => {
    expect(formatInstantDate(instant, 'ar', 'Asia/Riyadh')).toBe('27 نوفمبر 2026');
    expect(formatInstantDateTime(instant, 'ar', 'Asia/Riyadh')).toMatch(/^27 نوفمبر 2026 · 10:15\s?ص$/);
    expect(formatInstantDateTime(instant, 'en', 'Asia/Riyadh')).toBe('November, 27th 2026 · 10:15 AM');
  });

  it('answers an unreadable instant as given', () => {
    expect(formatInstant('not a date', 'en')).toBe('not a date');
    expect(formatInstantDate('soon', 'ar')).toBe('soon');
  });
});
