import { Temporal } from 'temporal-polyfill';
import type { PaymentIntentStatus, SessionStatus } from '../db/types.js';

/** Today's calendar date ('YYYY-MM-DD') in an IANA time zone. */
export function todayIn(timezone: string, now: Temporal.Instant = Temporal.Now.instant()): string {
  return now.toZonedDateTimeISO(timezone).toPlainDate().toString();
}

/**
 * The status a session shows (DESIGN.md §1): an approved session is ACTIVE from its startDate until
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
export const OPEN_INTENT_STATUSES: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'processing', 'requires_action'];

/** Session statuses a learner can enroll into (before the date check). */
export const OPEN_SESSION_STATUSES: SessionStatus[] = ['APPROVED', 'ACTIVE'];
