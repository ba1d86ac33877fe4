import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Database, PaymentIntentsTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import type { GatewayCard } from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { releaseKey } from './idempotency.js';
import type { PaymentIntentView } from './service.js';

/**
 * A card payment intent's row and its states: the contract's view of it, the lock a request takes on
 * it, its seat hold's expiry, its gateway keys, and the gateway calls that give an authorization back
 * or capture it (payments/intents.ts runs the requests, payments/intent-commit.ts commits them).
 */

export type IntentRow = Selectable<PaymentIntentsTable>;

/** The contract's PaymentIntent from its row. */
export function toIntentView(r: IntentRow): PaymentIntentView {
  const open = OPEN_INTENT_STATUSES.includes(r.status);
  return {
    id: r.id,
    status: r.status as PaymentIntentView['status'],
    amount: r.amount_cents,
    currency: r.currency,
    sessionId: r.session_id,
    paymentMethod: r.payment_method,
    enrollmentId: r.enrollment_id,
    createdAt: r.created_at.toISOString(),
    expiresAt: open && r.hold_expires_at ? r.hold_expires_at.toISOString() : null,
    lastPaymentError: r.last_error_code ? { code: r.last_error_code, message: r.last_error_message ?? '' } : null,
    nextAction:
      r.status === 'requires_action'
        ? { type: 'three_d_secure', url: `/api/payments/intents/${r.id}/authenticate` }
        : null,
  };
}

/** A stored answer: the intent (2xx) or the refusal of a declined card (402). */
export type Answer =
  | { statusCode: 200 | 201; body: PaymentIntentView }
  | { statusCode: 402; body: { message: string; code: string; intent: PaymentIntentView } };

/** Throws the 402 of a declined answer (after its transaction committed the intent's new state). */
export function unwrapAnswer(answer: Answer): { statusCode: number; intent: PaymentIntentView } {
  if (answer.statusCode === 402) throw new HttpError(402, answer.body.message);
  return { statusCode: answer.statusCode, intent: answer.body };
}

/** Locks one of the caller's intents. @throws 404 (someone else's intent is not found either). */
export async function lockIntent(trx: Transaction<Database>, caller: Caller, id: string): Promise<IntentRow> {
  const row = await trx
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.payment_method !== 'card') throw notFound('Payment intent');
  return row;
}

/** Updates one intent, inside the caller's transaction. @returns the row as it now is. */
export function updateIntent(
  trx: Transaction<Database>,
  id: string,
  changes: Updateable<PaymentIntentsTable>,
): Promise<IntentRow> {
  return trx.updateTable('payment_intents').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** What an intent whose seat hold ran out is set to (with its `updated_at`). */
export const EXPIRED_HOLD = {
  status: 'canceled',
  hold_expires_at: null,
  last_error_code: 'expired',
  last_error_message: 'The seat hold expired',
} as const;

/** Whether the intent's seat hold has run out (it is canceled then). */
export async function expireIfStale(trx: Transaction<Database>, row: IntentRow, now: Date): Promise<boolean> {
  if (!OPEN_INTENT_STATUSES.includes(row.status) || !row.hold_expires_at || row.hold_expires_at > now) return false;
  await trx
    .updateTable('payment_intents')
    .set({ ...EXPIRED_HOLD, updated_at: now })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/** The gateway idempotency keys of an intent: one per authorization attempt, one capture, one cancel. */
export const gatewayKeys = {
  authorize: (intentId: string, attempt: number) =>
    attempt <= 1 ? `intent:${intentId}:authorize` : `intent:${intentId}:authorize:${attempt}`,
  capture: (intentId: string) => `intent:${intentId}:capture`,
  cancel: (intentId: string) => `intent:${intentId}:cancel`,
};

/**
 * Captures a committed payment (`intent:<id>:capture`) and records it. A gateway that cannot be
 * reached leaves `captured_at` null: `captureUncaptured` (payments/intent-jobs.ts, the periodic jobs) tries again.
 */
export async function captureCommitted(app: AppContext, row: IntentRow): Promise<void> {
  if (!row.gateway_ref || row.captured_at) return;
  try {
    await app.gateway.capture({
      gatewayRef: row.gateway_ref,
      amountCents: row.amount_cents,
      idempotencyKey: gatewayKeys.capture(row.id),
    });
    await app.db.updateTable('payment_intents').set({ captured_at: app.now() }).where('id', '=', row.id).execute();
  } catch (err) {
    app.log.error({ err, intent: row.id }, 'capturing a card payment failed; the jobs will retry');
  }
}

/**
 * Gives an authorization back (`intent:<id>:cancel`, or `key`: canceled, or refunded if it was
 * captured); a failure is logged.
 */
export async function releaseAuthorization(
  app: AppContext,
  intentId: string,
  gatewayRef: string,
  key = gatewayKeys.cancel(intentId),
): Promise<void> {
  try {
    await app.gateway.cancel({ gatewayRef, idempotencyKey: key });
  } catch (err) {
    app.log.error(
      { err, intent: intentId, gatewayRef },
      'canceling a card authorization failed: release it in the gateway dashboard',
    );
  }
}

export function gatewayCard(pm: {
  gateway_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}): GatewayCard {
  return { gatewayRef: pm.gateway_ref, brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year };
}

/** What the first, short transaction of a confirmation or authentication decided. */
export type Prepared =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'refuse'; error: HttpError; release: string | null; outcome: 'canceled' | 'expired' }
  | { kind: 'wait' }
  | { kind: 'gateway'; row: IntentRow; card: GatewayCard; paymentMethodId: string };

/** Marks a locked intent as being processed by the gateway (a concurrent confirmation gets 409). */
export async function markProcessing(
  trx: Transaction<Database>,
  row: IntentRow,
  change: { attempts: number; paymentMethodId: string; now: Date },
): Promise<IntentRow> {
  return trx
    .updateTable('payment_intents')
    .set({
      status: 'processing',
      attempts: change.attempts,
      payment_method_id: change.paymentMethodId,
      updated_at: change.now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Puts an intent back to where it was when the gateway could not be reached (the same attempt key
 * is reused next time), unless a retry took the checkout over meanwhile (`attempt` is no longer the
 * intent's): then the intent and the key are left to it.
 */
export async function undoProcessing(
  app: AppContext,
  caller: Caller,
  row: IntentRow,
  claimed: { key: string } | null,
  attempt: number,
): Promise<void> {
  const undone = await app.db
    .updateTable('payment_intents')
    .set({
      status: row.status,
      attempts: row.attempts,
      payment_method_id: row.payment_method_id,
      updated_at: app.now(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'processing')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  if (claimed && Number(undone.numUpdatedRows) > 0) await releaseKey(app.db, caller.userId, claimed.key);
}
