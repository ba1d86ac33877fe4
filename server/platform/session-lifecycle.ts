import { Temporal } from 'temporal-polyfill';
import type { PaymentIntentStatus, SessionStatus } from '../db/types.js';

/** Today's calendar date ('YYYY-MM-DD') in an IANA time zone. */
export function todayIn(timezone: string, now?: Temporal.Instant): string {
  // Each zone's date is kept for the day it spans: a catalog page shows a dozen sessions, and
  // working the date out in their zone was a twentieth of its time.
  const kept = todayByZone.get(timezone);
  const nowMs = now ? now.epochMilliseconds : Date.now();
  if (kept && nowMs >= kept.fromMs && nowMs < kept.untilMs) return kept.date;
  const date = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timezone).toPlainDate();
  const fromMs = date.toZonedDateTime(timezone).epochMilliseconds;
  const untilMs = date.add({ days: 1 }).toZonedDateTime(timezone).epochMilliseconds;
  todayByZone.set(timezone, { date: date.toString(), fromMs, untilMs });
  return date.toString();
}

/** The date of each time zone last asked for, and the instants it starts and ends (epoch ms): see {@link todayIn}. */
const todayByZone = new Map<string, { date: string; fromMs: number; untilMs: number }>();

/**
 * The status a session shows (decisions.md): an approved session is ACTIVE from its startDate until
 * its endDate (inclusive, in the session's time zone), then EXPIRED. PENDING and REJECTED stay as stored.
 */
export function effectiveSessionStatus(
  stored: SessionStatus,
  startDate: string,
  endDate: string,
  timezone: string,
  now?: Temporal.Instant,
): SessionStatus {
  if (stored !== 'APPROVED' && stored !== 'ACTIVE' && stored !== 'EXPIRED') return stored;
  const today = todayIn(timezone, now);
  if (endDate < today) return 'EXPIRED';
  if (startDate <= today) return 'ACTIVE';
  return 'APPROVED';
}

/** Payment intent statuses that still hold a seat (until `hold_expires_at`). */
export const OPEN_INTENT_STATUSES: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'processing',
  'requires_action',
];

/** Session statuses a learner can enroll into (before the date check). */
export const OPEN_SESSION_STATUSES: SessionStatus[] = ['APPROVED', 'ACTIVE'];
