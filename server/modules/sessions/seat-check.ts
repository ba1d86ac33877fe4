import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { HttpError, conflict, notFound } from '../../platform/errors.js';

/**
 * The seat check made while a checkout's transaction commits (migration 0037, decisions.md "Seat
 * check at commit"): the session's row is locked, the seats counted and the session's price,
 * educator and status compared inside PostgreSQL's COMMIT, so the lock is held for no round trip
 * between the server and the database. A refused check fails the COMMIT: nothing of the transaction
 * stays, and {@link seatCheckRefusal} turns the error into the HTTP answer.
 */

/** What {@link checkSeatAtCommit} asks PostgreSQL to check at commit. */
export interface SeatCheck {
  sessionId: number;
  /** The learner checking out: their own unfinished card payments are not counted as other people's holds. */
  userId: number;
  /** The app's clock (`AppContext.now`): holds expiring before it are not counted; the session must not have ended by it. */
  now: Date;
  /** The session's price in cents, as read by the checkout's pre-check: a different one at commit refuses (409). */
  priceCents: number;
  /** The session's educator as read by the pre-check, or null not to compare it. */
  educatorId: number | null;
  /**
   * Seats the learner takes besides those counted at commit: 1 for a new hold (their own unfinished
   * payments are not counted), 0 for an enrollment (counted among the active ones).
   */
  takes: 0 | 1;
}

/**
 * Queues the seat check for the commit of `trx` (one insert, no lock taken now). Call it after the
 * checkout's pre-check and writes; the transaction then commits only if, at commit, the session is
 * still there, open (APPROVED or ACTIVE, not ended at `now`), at the same price (and educator), and
 * the active enrollments + other learners' unexpired holds + `takes` fit in its seats.
 */
export async function checkSeatAtCommit(trx: Transaction<Database>, check: SeatCheck): Promise<void> {
  await trx
    .insertInto('seat_checks')
    .values({
      session_id: check.sessionId,
      user_id: check.userId,
      checked_at: check.now,
      price_cents: check.priceCents,
      educator_id: check.educatorId,
      takes: check.takes,
    })
    .execute();
}

/** SQLSTATEs raised by the seat check at commit (migration 0037). */
const SEAT_CHECK_CODES: Record<string, (message: string) => HttpError> = {
  HQ404: () => notFound('Session'),
  HQ422: (message) => new HttpError(422, message),
  HQ409: (message) => conflict(message),
};

/**
 * The HTTP error for a seat check refused at commit (404 session gone, 422 not open, 409 full or
 * changed), else `err` unchanged. Use as `.catch((e) => { throw seatCheckRefusal(e); })` on the
 * transaction.
 */
export function seatCheckRefusal(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const make = typeof code === 'string' ? SEAT_CHECK_CODES[code] : undefined;
  return make ? make((err as Error).message) : err;
}
