import { Temporal } from 'temporal-polyfill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectiveSessionStatus, todayIn } from '../../server/platform/session-lifecycle.js';

afterEach(() => vi.useRealTimers());

describe("a session's date and status in its time zone", () => {
  it("turns to the next date at the zone's own midnight, and back when the clock goes back", () => {
    vi.useFakeTimers();
    // 23:59:59 in Cairo (UTC+2 on 2026-01-14) is 21:59:59 UTC; New York is still on the 14th.
    vi.setSystemTime(new Date('2026-01-14T21:59:59Z'));
    expect(todayIn('Africa/Cairo')).toBe('2026-01-14');
    expect(todayIn('America/New_York')).toBe('2026-01-14');
    vi.setSystemTime(new Date('2026-01-14T22:00:00Z'));
    expect(todayIn('Africa/Cairo')).toBe('2026-01-15');
    expect(todayIn('America/New_York')).toBe('2026-01-14');
    vi.setSystemTime(new Date('2026-01-14T12:00:00Z'));
    expect(todayIn('Africa/Cairo')).toBe('2026-01-14');
  });

  it('agrees with an explicit instant', () => {
    const now = Temporal.Instant.from('2026-03-01T03:30:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-01');
  });

  it('shows an approved session ACTIVE from its start date to its end date, then EXPIRED', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-10T12:00:00Z'));
    expect(effectiveSessionStatus('APPROVED', '2026-05-11', '2026-06-01', 'UTC')).toBe('APPROVED');
    expect(effectiveSessionStatus('APPROVED', '2026-05-10', '2026-06-01', 'UTC')).toBe('ACTIVE');
    expect(effectiveSessionStatus('ACTIVE', '2026-04-01', '2026-05-09', 'UTC')).toBe('EXPIRED');
    expect(effectiveSessionStatus('PENDING', '2026-04-01', '2026-05-09', 'UTC')).toBe('PENDING');
  });
});
