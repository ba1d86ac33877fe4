import { describe, expect, it } from 'vitest';
import { formatDollars, formatFileSize, formatLongDate } from '@/components/ui/format';
import { applyTheme } from '@/features/layout/theme-applier';

describe('formatLongDate (spec MMMM, Do YYYY)', () => {
  it.each([
    ['2025-03-01', 'March, 1st 2025'],
    ['2025-03-02', 'March, 2nd 2025'],
    ['2025-03-03', 'March, 3rd 2025'],
    ['2025-03-11', 'March, 11th 2025'],
    ['2025-03-22', 'March, 22nd 2025'],
    ['2025-12-31', 'December, 31st 2025'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLongDate(iso, 'en')).toBe(expected);
  });

  it('answers what is not a calendar date as it is', () => {
    for (const text of ['2025-02-30', '2025-13-01', 'soon', '']) expect(formatLongDate(text, 'en')).toBe(text);
    expect(formatLongDate('2024-02-29T10:00:00Z', 'en')).toBe('February, 29th 2024');
  });

  it('uses Arabic month names in Arabic', () => {
    expect(formatLongDate('2025-03-05', 'ar')).toContain('مارس');
  });
});

describe('formatDollars', () => {
  it('formats dollars, drops whole cents, and leaves 0 to the caller ("Free")', () => {
    expect(formatDollars(49.99, 'en')).toBe('$49.99');
    expect(formatDollars(120, 'en')).toBe('$120');
    expect(formatDollars(0, 'en')).toBeNull();
  });

  it('uses the ISO code in Arabic so right-to-left text cannot reorder the symbol', () => {
    expect(formatDollars(49, 'ar')).toMatch(/49\s?USD|USD\s?49/);
  });
});

describe('formatFileSize', () => {
  it('answers bytes below 1,000, then decimal kB and MB with one fraction digit at most', () => {
    expect(formatFileSize(218, 'en')).toBe('218 byte');
    expect(formatFileSize(4096, 'en')).toBe('4.1 kB');
    expect(formatFileSize(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatFileSize(4096, 'ar')).toMatch(/^4\.1 [\u0600-\u06FF]+$/); // Arabic unit name
  });
});

describe('applyTheme', () => {
  it('sets the company colours as CSS variables and removes them for the default theme', () => {
    const root = document.createElement('div');
    applyTheme({ primary: '#112233', secondary: '#445566', tertiary: 'red' }, root);
    expect(root.style.getPropertyValue('--colors-primary')).toBe('#112233');
    expect(root.style.getPropertyValue('--colors-secondary')).toBe('#445566');
    expect(root.style.getPropertyValue('--colors-tertiary')).toBe('');
    applyTheme(null, root);
    expect(root.style.getPropertyValue('--colors-primary')).toBe('');
  });
});
