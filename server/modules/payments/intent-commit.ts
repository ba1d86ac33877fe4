import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict } from '../../platform/errors.js';
import type { AuthorizationOutcome } from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { enrollPaid, readOpenSession, type OpenSession } from '../sessions/enrollments.js';
import { checkSeatAtCommit, seatCheckRefusal } from '../sessions/seat-check.js';
import { expectedTotalCents, recordUse, takeUse } from './discount-codes.js';
import { answerKey, releaseKey } from './idempotency.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import {
  type Answer,
  type IntentRow,
  type Prepared,
  captureCommitted,
  gatewayKeys,
  lockIntent,
  releaseAuthorization,
  toIntentView,
  updateIntent,
} from './intent-state.js';

/**
 * The rules and the commit of a paid enrollment by card: the checks before the gateway is called and
 * again under the session's lock, the enrollment and the ledger in one transaction, and the
 * settling of a gateway's answer (payments/intents.ts runs the requests around them).
 */

/**
 * Every rule a paid enrollment must pass, read without the session's lock: the session is open
 * and visible to the learner (a private course of another company is 404), the learner is not
 * enrolled already, a seat is free (the intent's own hold counts as the learner's), and the
 * intent's amount is still the session's price + fee. Run before the gateway is called (the
 * intent's own hold keeps its seat, and nothing is written on its word) and at the start of the
 * transaction that commits the enrollment, whose seat check at commit checks again under the lock.
 * @returns the session, with the learner's enrollment in it if any (then not active: canceled).
 * @throws 404 session not visible; 422 not open; 409 already enrolled, full, or the price changed.
 */
async function checkEnrollable(
  app: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  row: IntentRow,
): Promise<OpenSession> {
  const session = await readOpenSession(trx, caller, row.session_id, app.now());
  if (session.enrollment?.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
  if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
  if ((await expectedTotalCents(app, trx, row, session.priceCents)) !== row.amount_cents)
    throw conflict('The price of this session changed: start again');
  return session;
}

/**
 * Commits a paid enrollment for an authorized (or captured) intent, in the caller's transaction:
 * the checks of {@link checkEnrollable} again, the enrollment (a new row or the learner's old one
 * reactivated), the balanced ledger transaction (funding −total, educator earnings +price, platform
 * fees +fee; the price after the intent's discount code), the code's use counted (discount-codes.ts
 * `takeUse`: refused when its uses ran out meanwhile) and the intent `succeeded`. @throws as {@link checkEnrollable}; nothing is written then.
 *
 * The checks and writes run without the session's lock; the seat check is then queued for the
 * commit ({@link checkSeatAtCommit}): PostgreSQL locks the session's row, checks the session (open,
 * same price and educator) and its seats again, the new enrollment counted, inside COMMIT, so the
 * enrollment storm's queue on that lock waits for no round trip. A refusal fails the COMMIT and
 * rolls the writes back: the caller's transaction must map it with {@link seatCheckRefusal}. Both
 * checks run on every database, PGlite's one connection included, so the tests run the check
 * production runs.
 * @param beforeCommit the caller's own writes of this commit (an Idempotency-Key's answer), run
 *   after the enrollment's, given the succeeded intent.
 */
export async function commitEnrollment(
  app: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  row: IntentRow,
  settled: { gatewayRef: string; paymentMethodId: string | null; capturedAt: Date | null },
  beforeCommit?: (succeeded: IntentRow) => Promise<void>,
): Promise<IntentRow> {
  const now = app.now();
  // The learner's former enrollment (canceled, refunded), if any, is reactivated.
  const session = await checkEnrollable(app, trx, caller, row);
  // The code's use is taken before the session's lock (a checkout's lock order: code, then session).
  if (row.discount_code_id !== null) await takeUse(trx, row.discount_code_id, caller.userId, now);
  const enrollmentId = await enrollPaid(trx, caller, session, {
    amountCents: row.amount_cents,
    paymentIntentId: row.id,
    enrolledAt: now,
  });
  const priceCents = row.price_cents ?? row.amount_cents - row.fee_cents;
  await postLedgerTransaction(
    trx,
    'CARD_PAYMENT',
    [
      {
        account: 'FUNDING',
        ownerId: null,
        amountCents: -row.amount_cents,
        reason: 'PAYMENT',
        sessionId: row.session_id,
        description: `Card payment ${row.id}`,
      },
      {
        account: 'EARNINGS',
        ownerId: session.educatorId,
        amountCents: priceCents,
        reason: 'EARNING',
        sessionId: row.session_id,
        description: `Enrollment in session #${row.session_id}`,
      },
      {
        account: 'PLATFORM_FEES',
        ownerId: null,
        amountCents: row.fee_cents,
        reason: 'FEE',
        sessionId: row.session_id,
        description: `Platform fee for session #${row.session_id}`,
      },
    ],
    row.id,
  );
  if (row.discount_code_id !== null)
    await recordUse(trx, {
      codeId: row.discount_code_id,
      userId: caller.userId,
      sessionId: row.session_id,
      paymentIntentId: row.id,
      discountCents: row.discount_cents,
      at: now,
    });
  const succeeded = await updateIntent(trx, row.id, {
    status: 'succeeded',
    enrollment_id: enrollmentId,
    hold_expires_at: null,
    gateway_ref: settled.gatewayRef,
    payment_method_id: settled.paymentMethodId ?? row.payment_method_id,
    captured_at: settled.capturedAt,
    last_error_code: null,
    last_error_message: null,
    updated_at: now,
  });
  await beforeCommit?.(succeeded);
  await checkSeatAtCommit(trx, {
    sessionId: row.session_id,
    userId: caller.userId,
    now,
    priceCents: session.priceCents,
    educatorId: session.educatorId,
    takes: 0,
  });
  return succeeded;
}

/**
 * Runs the checks of a paid enrollment (see {@link checkEnrollable}) for a locked intent. A learner
 * who is enrolled already (paid from the wallet meanwhile) has their intent canceled, so its seat
 * hold and any 3-D Secure authorization go back. @returns the refusal, or null when all pass.
 */
export async function refusal(
  app: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  row: IntentRow,
): Promise<Prepared | null> {
  try {
    await checkEnrollable(app, trx, caller, row);
    return null;
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    if (OPEN_INTENT_STATUSES.includes(row.status) && e.statusCode === 409) {
      await updateIntent(trx, row.id, {
        status: 'canceled',
        hold_expires_at: null,
        last_error_code: 'not_enrollable',
        last_error_message: e.message,
        updated_at: app.now(),
      });
      return {
        kind: 'refuse',
        error: e,
        release: row.status === 'requires_action' ? row.gateway_ref : null,
        outcome: 'canceled',
      };
    }
    throw e;
  }
}

/**
 * The last transaction of a confirmation or authentication, after the gateway answered: a decline
 * records its error (402, the intent open for another card), a 3-D Secure step is recorded, an
 * authorization commits the enrollment and the ledger. The claimed Idempotency-Key, if any, gets
 * its answer in the same transaction. After it: an authorization is captured; if the commit was
 * refused (enrolled meanwhile, hold expired, session closed…) or failed, it is canceled instead and
 * the intent canceled, then the refusal thrown.
 */
export async function settle(
  app: AppContext,
  caller: Caller,
  prepared: IntentRow,
  outcome: AuthorizationOutcome,
  paymentMethodId: string,
  claimed: { key: string } | null,
  attempt: number,
): Promise<Answer> {
  let settled: { result: Answer; committed: IntentRow | null };
  let fenced = false;
  try {
    settled = await app.db
      .transaction()
      .execute(async (trx) => {
        const row = await lockIntent(trx, caller, prepared.id);
        const now = app.now();
        let result: Answer;
        let committed: IntentRow | null = null;
        if (row.attempts !== attempt && (row.status === 'processing' || row.status === 'succeeded')) {
          // A retry with the key took this checkout over (PROCESSING_LEASE_MS): its attempt stands.
          fenced = true;
          throw conflict('This payment was taken over by a retry of the request: its answer stands');
        } else if (row.status !== 'processing') {
          // The hold ran out (the expiry job canceled it) while the gateway was answering.
          throw conflict('The seat hold expired: start again');
        } else if (outcome.status === 'failed') {
          const updated = await updateIntent(trx, row.id, {
            status: 'requires_payment_method',
            last_error_code: outcome.code,
            last_error_message: outcome.message,
            payment_method_id: paymentMethodId,
            updated_at: now,
          });
          result = {
            statusCode: 402,
            body: { message: outcome.message, code: outcome.code, intent: toIntentView(updated) },
          };
        } else if (outcome.status === 'requires_action') {
          const updated = await updateIntent(trx, row.id, {
            status: 'requires_action',
            gateway_ref: outcome.gatewayRef,
            payment_method_id: paymentMethodId,
            last_error_code: null,
            last_error_message: null,
            updated_at: now,
          });
          result = { statusCode: 200, body: toIntentView(updated) };
        } else {
          // The key's answer is written in the same transaction; the seat is checked at its commit.
          committed = await commitEnrollment(
            app,
            trx,
            caller,
            row,
            { gatewayRef: outcome.gatewayRef, paymentMethodId, capturedAt: null },
            async (succeeded) => {
              if (claimed)
                await answerKey(trx, caller.userId, claimed.key, { statusCode: 200, body: toIntentView(succeeded) });
            },
          );
          return { result: { statusCode: 200, body: toIntentView(committed) } satisfies Answer, committed };
        }
        if (claimed) await answerKey(trx, caller.userId, claimed.key, result);
        return { result, committed };
      })
      .catch((e: unknown) => {
        throw seatCheckRefusal(e);
      });
  } catch (e) {
    if (fenced) {
      // Only this attempt's own authorization goes back; the intent and the key are the other attempt's.
      if (outcome.status !== 'failed')
        await releaseAuthorization(
          app,
          prepared.id,
          outcome.gatewayRef,
          `${gatewayKeys.cancel(prepared.id)}:${attempt}`,
        );
      throw e;
    }
    app.metrics.payment('card', 'canceled');
    if (outcome.status !== 'failed') await releaseAuthorization(app, prepared.id, outcome.gatewayRef);
    const message = e instanceof HttpError ? e.message : 'The payment could not be completed: start again';
    await app.db
      .updateTable('payment_intents')
      .set({
        status: 'canceled',
        hold_expires_at: null,
        last_error_code: 'enrollment_failed',
        last_error_message: message,
        updated_at: app.now(),
      })
      .where('id', '=', prepared.id)
      .where('status', '=', 'processing')
      .where('attempts', '=', attempt)
      .execute();
    if (claimed) await releaseKey(app.db, caller.userId, claimed.key);
    throw e;
  }
  app.metrics.payment(
    'card',
    settled.committed ? 'succeeded' : outcome.status === 'failed' ? 'declined' : 'requires_action',
  );
  if (settled.committed) {
    await captureCommitted(app, settled.committed);
    app.receipts.enqueue(settled.committed.id);
  }
  return settled.result;
}
