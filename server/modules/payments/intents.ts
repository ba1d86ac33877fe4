import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PaymentIntentsTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { ChargeOutcome, GatewayCard } from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { findEnrollment, insertEnrollment, lockOpenSession } from '../sessions/enrollments.js';
import { quoteCents } from '../../platform/money/fees.js';
import { once } from './idempotency.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import type { PaymentIntentView } from './service.js';

/**
 * Card payments, Stripe's model (DESIGN.md §1): an intent is created for a session's price + fee
 * (`requires_payment_method`, holding a seat for PAYMENT_HOLD_MINUTES), confirmed with a saved card
 * (→ `succeeded` and enrolled | `requires_action` for 3-D Secure | declined, 402, and still
 * `requires_payment_method`), or canceled (seat released). Each step is one database transaction
 * with the intent row locked; the charge carries an idempotency key so a retry never charges twice.
 */

type IntentRow = Selectable<PaymentIntentsTable>;

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
    nextAction: r.status === 'requires_action' ? { type: 'three_d_secure', url: `/api/payments/intents/${r.id}/authenticate` } : null,
  };
}

/** A stored answer: the intent (2xx) or the refusal of a declined card (402). */
type Answer = { statusCode: 200 | 201; body: PaymentIntentView } | { statusCode: 402; body: { message: string; code: string; intent: PaymentIntentView } };

/** Throws the 402 of a declined answer (after its transaction committed the intent's new state). */
export function unwrapAnswer(answer: Answer): { statusCode: number; intent: PaymentIntentView } {
  if (answer.statusCode === 402) throw new HttpError(402, answer.body.message);
  return { statusCode: answer.statusCode, intent: answer.body };
}

/**
 * POST /payments/intents {sessionId, amount} + Idempotency-Key. Refuses before anything is held:
 * already enrolled (409), free session (422), amount ≠ price + fee in cents (422), no seat (409).
 * The caller's earlier unfinished intents for the session are canceled (one hold per learner).
 */
export async function createCardIntent(app: AppContext, caller: Caller, input: { sessionId: number; amount: number }, key: string): Promise<Answer> {
  return app.db.transaction().execute((trx) =>
    once<Answer['body']>(trx, caller.userId, key, 'createPaymentIntent', input, async () => {
      const session = await lockOpenSession(trx, caller, input.sessionId);
      const existing = await findEnrollment(trx, caller.userId, session.id);
      if (existing?.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
      const q = quoteCents(session.priceCents, app.config.fee);
      if (q.totalCents === 0) throw unprocessable('This session is free: enroll without paying');
      if (input.amount !== q.totalCents) {
        throw unprocessable('The amount does not match the session price and fee', [
          { path: 'amount', message: `must be ${q.totalCents} (price ${q.priceCents} + fee ${q.feeCents} cents)` },
        ]);
      }
      await trx
        .updateTable('payment_intents')
        .set({ status: 'canceled', hold_expires_at: null, updated_at: new Date() })
        .where('user_id', '=', caller.userId)
        .where('session_id', '=', session.id)
        .where('status', 'in', OPEN_INTENT_STATUSES)
        .execute();
      if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
      const row = await trx
        .insertInto('payment_intents')
        .values({
          id: `pi_${randomBytes(12).toString('hex')}`, user_id: caller.userId, session_id: session.id, amount_cents: q.totalCents, fee_cents: q.feeCents,
          price_cents: q.priceCents, status: 'requires_payment_method', payment_method: 'card', enrollment_id: null,
          hold_expires_at: sql<Date>`now() + make_interval(mins => ${app.config.paymentHoldMinutes})` as never,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { statusCode: 201, body: toIntentView(row) };
    }),
  ) as Promise<Answer>;
}

/** Locks one of the caller's intents. @throws 404 (someone else's intent is not found either). */
async function lockIntent(trx: Transaction<Database>, caller: Caller, id: string): Promise<IntentRow> {
  const row = await trx.selectFrom('payment_intents').selectAll().where('id', '=', id).where('user_id', '=', caller.userId).forUpdate().executeTakeFirst();
  if (!row || row.payment_method !== 'card') throw notFound('Payment intent');
  return row;
}

/** Whether the intent's seat hold has run out (it is canceled then). */
async function expireIfStale(trx: Transaction<Database>, row: IntentRow): Promise<boolean> {
  if (!OPEN_INTENT_STATUSES.includes(row.status) || !row.hold_expires_at || row.hold_expires_at.getTime() > Date.now()) return false;
  await trx
    .updateTable('payment_intents')
    .set({ status: 'canceled', hold_expires_at: null, last_error_code: 'expired', last_error_message: 'The seat hold expired', updated_at: new Date() })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/** Applies a charge outcome to a locked intent: settles it, asks for 3-D Secure, or records the decline. */
async function applyOutcome(app: AppContext, trx: Transaction<Database>, caller: Caller, row: IntentRow, outcome: ChargeOutcome, paymentMethodId: string | null): Promise<Answer> {
  const now = new Date();
  if (outcome.status === 'failed') {
    const updated = await trx
      .updateTable('payment_intents')
      .set({ status: 'requires_payment_method', last_error_code: outcome.code, last_error_message: outcome.message, payment_method_id: paymentMethodId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { statusCode: 402, body: { message: outcome.message, code: outcome.code, intent: toIntentView(updated) } };
  }
  if (outcome.status === 'requires_action') {
    const updated = await trx
      .updateTable('payment_intents')
      .set({ status: 'requires_action', gateway_ref: outcome.gatewayRef, payment_method_id: paymentMethodId, last_error_code: null, last_error_message: null, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { statusCode: 200, body: toIntentView(updated) };
  }
  // Succeeded: the seat held for this intent becomes the enrollment, and the money is booked.
  const session = await lockOpenSession(trx, caller, row.session_id);
  if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
  const existing = await findEnrollment(trx, caller.userId, row.session_id);
  let enrollmentId: number;
  if (existing) {
    if (existing.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
    await trx.updateTable('enrollments').set({ status: 'ACTIVE', paid_amount_cents: row.amount_cents, payment_intent_id: row.id, created_at: now }).where('id', '=', existing.id).execute();
    enrollmentId = existing.id;
  } else {
    enrollmentId = await insertEnrollment(trx, caller, session, { amountCents: row.amount_cents, paymentIntentId: row.id });
  }
  const priceCents = row.price_cents ?? row.amount_cents - row.fee_cents;
  await postLedgerTransaction(
    trx,
    'CARD_PAYMENT',
    [
      { account: 'FUNDING', ownerId: null, amountCents: -row.amount_cents, reason: 'PAYMENT', sessionId: row.session_id, description: `Card payment ${row.id}` },
      { account: 'EARNINGS', ownerId: session.educatorId, amountCents: priceCents, reason: 'EARNING', sessionId: row.session_id, description: `Enrollment in session #${row.session_id}` },
      { account: 'PLATFORM_FEES', ownerId: null, amountCents: row.fee_cents, reason: 'FEE', sessionId: row.session_id, description: `Platform fee for session #${row.session_id}` },
    ],
    row.id,
  );
  const updated = await trx
    .updateTable('payment_intents')
    .set({
      status: 'succeeded', enrollment_id: enrollmentId, hold_expires_at: null, gateway_ref: outcome.gatewayRef, payment_method_id: paymentMethodId ?? row.payment_method_id,
      last_error_code: null, last_error_message: null, updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { statusCode: 200, body: toIntentView(updated) };
}

function gatewayCard(pm: { gateway_ref: string; brand: string; last4: string; exp_month: number; exp_year: number }): GatewayCard {
  return { gatewayRef: pm.gateway_ref, brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year };
}

/**
 * POST /payments/intents/{id}/confirm {paymentMethod} + Idempotency-Key: charges one of the
 * caller's saved cards. @returns 200 with the intent (succeeded → enrolled; requires_action → 3-D
 * Secure), or a 402 answer for a declined card (the intent stays open for another card).
 * @throws 404 unknown intent; 409 canceled, expired or already being authenticated; 422 unknown card.
 */
export async function confirmCardIntent(app: AppContext, caller: Caller, id: string, paymentMethod: string, key: string): Promise<Answer> {
  return app.db.transaction().execute((trx) =>
    once<Answer['body']>(trx, caller.userId, key, `confirmPaymentIntent:${id}`, { paymentMethod }, async () => {
      const row = await lockIntent(trx, caller, id);
      if (row.status === 'succeeded') return { statusCode: 200, body: toIntentView(row) };
      if (row.status === 'canceled') throw conflict('This payment was canceled: start again');
      if (row.status === 'requires_action') throw conflict('This payment waits for its 3-D Secure step');
      if (await expireIfStale(trx, row)) throw conflict('The seat hold expired: start again');
      const pm = await trx.selectFrom('payment_methods').selectAll().where('id', '=', paymentMethod).where('user_id', '=', caller.userId).where('removed_at', 'is', null).executeTakeFirst();
      if (!pm) throw unprocessable('Unknown card', [{ path: 'paymentMethod', message: 'is not one of your saved cards' }]);
      const outcome = await app.gateway.charge({
        card: gatewayCard(pm), amountCents: row.amount_cents, currency: row.currency, idempotencyKey: `${row.id}:${key}`, description: `Halaqa session #${row.session_id}`,
      });
      return applyOutcome(app, trx, caller, row, outcome, pm.id);
    }),
  ) as Promise<Answer>;
}

/**
 * POST /payments/intents/{id}/authenticate {result}: the (sandbox) 3-D Secure step. An intent that
 * already succeeded answers itself. @throws 404; 409 unless the intent waits for authentication.
 */
export async function authenticateCardIntent(app: AppContext, caller: Caller, id: string, result: 'succeed' | 'fail'): Promise<Answer> {
  return app.db.transaction().execute(async (trx) => {
    const row = await lockIntent(trx, caller, id);
    if (row.status === 'succeeded') return { statusCode: 200, body: toIntentView(row) } as Answer;
    if (row.status !== 'requires_action') throw conflict('This payment does not wait for authentication');
    if (await expireIfStale(trx, row)) throw conflict('The seat hold expired: start again');
    const pm = row.payment_method_id ? await trx.selectFrom('payment_methods').selectAll().where('id', '=', row.payment_method_id).executeTakeFirst() : null;
    if (!pm) throw conflict('The card of this payment is gone: choose another card');
    const outcome = await app.gateway.completeAuthentication({ gatewayRef: row.gateway_ref ?? '', card: gatewayCard(pm), result });
    return applyOutcome(app, trx, caller, row, outcome, pm.id);
  });
}

/** POST /payments/intents/{id}/cancel: releases the seat. @throws 404; 409 for a succeeded intent. */
export async function cancelCardIntent(app: AppContext, caller: Caller, id: string): Promise<PaymentIntentView> {
  return app.db.transaction().execute(async (trx) => {
    const row = await lockIntent(trx, caller, id);
    if (row.status === 'succeeded') throw conflict('This payment succeeded and cannot be canceled');
    if (row.status === 'canceled') return toIntentView(row);
    const updated = await trx
      .updateTable('payment_intents')
      .set({ status: 'canceled', hold_expires_at: null, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toIntentView(updated);
  });
}

/**
 * Cancels unfinished card intents whose seat hold ran out (run at start-up and every minute), so a
 * seat held by a checkout that was abandoned, or interrupted by a crash, comes back.
 * @returns how many intents were canceled.
 */
export async function expireStaleIntents(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .updateTable('payment_intents')
    .set({ status: 'canceled', hold_expires_at: null, last_error_code: 'expired', last_error_message: 'The seat hold expired', updated_at: new Date() })
    .where('payment_method', '=', 'card')
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .where('hold_expires_at', '<=', sql<Date>`now()`)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Applies what the gateway reports about a charge outside a request of the learner (a Stripe
 * webhook): `succeeded` settles the intent (enrollment + ledger) unless it already is; a failure
 * records the error. Unknown references and settled intents are left alone.
 * @returns whether an intent changed.
 */
export async function applyGatewayEvent(app: AppContext, gatewayRef: string, outcome: ChargeOutcome): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('payment_intents').selectAll().where('gateway_ref', '=', gatewayRef).forUpdate().executeTakeFirst();
    if (!row || row.status === 'succeeded' || row.status === 'canceled') return false;
    const user = await trx.selectFrom('users').select(['id', 'role', 'status', 'company_id']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const caller: Caller = { userId: user.id, role: user.role, status: user.status, companyId: user.company_id, federated: false };
    await applyOutcome(app, trx, caller, row, outcome, row.payment_method_id);
    return true;
  });
}
