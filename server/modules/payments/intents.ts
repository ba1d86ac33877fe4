import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentIntentsTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict, notFound, unprocessable } from '../../platform/errors.js';
import type {
  AuthorizationOutcome,
  GatewayCard,
  GatewayEvent,
  PaymentGateway,
} from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { insertEnrollment, lockOpenSession, readOpenSession, type OpenSession } from '../sessions/enrollments.js';
import { quoteCents } from '../../platform/money/fees.js';
import { PENDING_STATUS, answerKey, once, releaseKey, reserveKey } from './idempotency.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import type { PaymentIntentView } from './service.js';
import { notifyWaitlist } from '../courses/waitlist.js';

/**
 * Card payments, Stripe's model (decisions.md): an intent is created for a session's price + fee
 * (`requires_payment_method`, holding a seat for PAYMENT_HOLD_MINUTES), confirmed with a saved card
 * (→ `succeeded` and enrolled | `requires_action` for 3-D Secure | declined, 402, and still
 * `requires_payment_method`), or canceled (seat released).
 *
 * Nothing lost, nobody in (README "Payments"): every rule of the enrollment is checked before the
 * gateway is called; the card is only authorized, the enrollment and the ledger committed in one
 * transaction, then the money captured — or, when the commit is refused or fails, the authorization
 * canceled (a captured payment refunded). No database lock is held while the gateway works: the
 * intent is `processing` meanwhile. The gateway's idempotency keys belong to the intent
 * (`intent:<id>:authorize` per attempt, `:capture`, `:cancel`), never to a request's key.
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
    nextAction:
      r.status === 'requires_action'
        ? { type: 'three_d_secure', url: `/api/payments/intents/${r.id}/authenticate` }
        : null,
  };
}

/** A stored answer: the intent (2xx) or the refusal of a declined card (402). */
type Answer =
  | { statusCode: 200 | 201; body: PaymentIntentView }
  | { statusCode: 402; body: { message: string; code: string; intent: PaymentIntentView } };

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
export async function createCardIntent(
  app: AppContext,
  caller: Caller,
  input: { sessionId: number; amount: number },
  key: string,
): Promise<Answer> {
  return app.db.transaction().execute((trx) =>
    once<Answer['body']>(trx, caller.userId, key, 'createPaymentIntent', input, async () => {
      const now = app.now();
      // Every check first without the session's lock (a full session is refused without waiting
      // for it), then the seat check again with it, right before the seat is held.
      const seen = await readOpenSession(trx, caller, input.sessionId, now);
      if (seen.enrollment?.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
      const quote = (priceCents: number) => {
        const q = quoteCents(priceCents, app.config.fee);
        if (q.totalCents === 0) throw unprocessable('This session is free: enroll without paying');
        if (input.amount !== q.totalCents) {
          throw unprocessable('The amount does not match the session price and fee', [
            { path: 'amount', message: `must be ${q.totalCents} (price ${q.priceCents} + fee ${q.feeCents} cents)` },
          ]);
        }
        return q;
      };
      quote(seen.priceCents);
      if (seen.seatsTaken >= seen.maxSeats) throw conflict('Session is full');
      // The earlier holds canceled and the new one written before the session's lock is taken (the
      // seat count leaves the caller's own holds out), so the lock is held for the count and the
      // commit only; a refusal under it rolls all of this back.
      if (seen.ownHolds > 0) {
        await trx
          .updateTable('payment_intents')
          .set({ status: 'canceled', hold_expires_at: null, updated_at: now })
          .where('user_id', '=', caller.userId)
          .where('session_id', '=', seen.id)
          .where('status', 'in', OPEN_INTENT_STATUSES)
          .execute();
      }
      const q = quote(seen.priceCents);
      const row = await trx
        .insertInto('payment_intents')
        .values({
          id: `pi_${randomBytes(12).toString('hex')}`,
          user_id: caller.userId,
          session_id: seen.id,
          amount_cents: q.totalCents,
          fee_cents: q.feeCents,
          price_cents: q.priceCents,
          status: 'requires_payment_method',
          payment_method: 'card',
          enrollment_id: null,
          hold_expires_at: new Date(now.getTime() + app.config.paymentHoldMinutes * 60_000),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        statusCode: 201,
        body: toIntentView(row),
        // Last, after the answer is stored: the session's lock, held for the seat count and the commit.
        last: async () => {
          const session = await lockOpenSession(trx, caller, input.sessionId, now);
          if (quote(session.priceCents).totalCents !== q.totalCents)
            throw conflict('The price of this session changed: start again');
          if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
        },
      };
    }),
  ) as Promise<Answer>;
}

/** Locks one of the caller's intents. @throws 404 (someone else's intent is not found either). */
async function lockIntent(trx: Transaction<Database>, caller: Caller, id: string): Promise<IntentRow> {
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

/** Whether the intent's seat hold has run out (it is canceled then). */
async function expireIfStale(trx: Transaction<Database>, row: IntentRow, now: Date): Promise<boolean> {
  if (!OPEN_INTENT_STATUSES.includes(row.status) || !row.hold_expires_at || row.hold_expires_at > now) return false;
  await trx
    .updateTable('payment_intents')
    .set({
      status: 'canceled',
      hold_expires_at: null,
      last_error_code: 'expired',
      last_error_message: 'The seat hold expired',
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/**
 * Every rule a paid enrollment must pass, read without the session's lock: the session is open
 * and visible to the learner (a private course of another company is 404), the learner is not
 * enrolled already, a seat is free (the intent's own hold counts as the learner's), and the
 * intent's amount is still the session's price + fee. Run before the gateway is called (the
 * intent's own hold keeps its seat, and nothing is written on its word) and at the start of the
 * transaction that commits the enrollment, whose {@link confirmSeat} checks again under the lock.
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
  if (quoteCents(session.priceCents, app.config.fee).totalCents !== row.amount_cents)
    throw conflict('The price of this session changed: start again');
  return session;
}

/** The gateway idempotency keys of an intent: one per authorization attempt, one capture, one cancel. */
export const gatewayKeys = {
  authorize: (intentId: string, attempt: number) =>
    attempt <= 1 ? `intent:${intentId}:authorize` : `intent:${intentId}:authorize:${attempt}`,
  capture: (intentId: string) => `intent:${intentId}:capture`,
  cancel: (intentId: string) => `intent:${intentId}:cancel`,
};

/**
 * Commits a paid enrollment for an authorized (or captured) intent, in the caller's transaction:
 * the checks of {@link checkEnrollable} again, the enrollment (a new row or the learner's old one
 * reactivated), the balanced ledger transaction (funding −total, educator earnings +price, platform
 * fees +fee) and the intent `succeeded`. @throws as {@link checkEnrollable}; nothing is written then.
 *
 * The checks and writes run first without the session's lock, then {@link confirmSeat} takes it
 * and checks again, seats included: the lock is held until commit, and the enrollment storm
 * queues on it, so it is held for the seat count and the commit, not for the
 * ten statements of the writes. A refusal under the lock rolls the writes back. Both checks run on
 * every database, PGlite's one connection included, so the tests run the check production runs.
 * @param beforeLock the caller's own writes of this commit (an Idempotency-Key's answer), run
 *   after the enrollment's and before the lock is taken, given the succeeded intent.
 */
async function commitEnrollment(
  app: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  row: IntentRow,
  settled: { gatewayRef: string; paymentMethodId: string | null; capturedAt: Date | null },
  beforeLock?: (succeeded: IntentRow) => Promise<void>,
): Promise<IntentRow> {
  const now = app.now();
  // The learner's former enrollment (canceled, refunded), if any, is reactivated.
  const session = await checkEnrollable(app, trx, caller, row);
  const existing = session.enrollment;
  let enrollmentId: number;
  if (existing) {
    await trx
      .updateTable('enrollments')
      .set({ status: 'ACTIVE', paid_amount_cents: row.amount_cents, payment_intent_id: row.id, created_at: now })
      .where('id', '=', existing.id)
      .execute();
    enrollmentId = existing.id;
  } else {
    enrollmentId = await insertEnrollment(trx, caller, session, {
      amountCents: row.amount_cents,
      paymentIntentId: row.id,
      enrolledAt: now,
    });
  }
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
  const succeeded = await trx
    .updateTable('payment_intents')
    .set({
      status: 'succeeded',
      enrollment_id: enrollmentId,
      hold_expires_at: null,
      gateway_ref: settled.gatewayRef,
      payment_method_id: settled.paymentMethodId ?? row.payment_method_id,
      captured_at: settled.capturedAt,
      last_error_code: null,
      last_error_message: null,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await beforeLock?.(succeeded);
  await confirmSeat(app, trx, caller, row, session);
  return succeeded;
}

/**
 * The last check of {@link commitEnrollment}, with the session's row locked (until commit): the
 * session is still open and visible, has not changed price or educator since `checked`, and the
 * learner's new enrollment, now among the seats taken, does not take it over its seats.
 * @throws 404 session not visible; 422 not open; 409 full or changed.
 */
async function confirmSeat(
  app: AppContext,
  trx: Transaction<Database>,
  caller: Caller,
  row: IntentRow,
  checked: OpenSession,
): Promise<void> {
  const session = await lockOpenSession(trx, caller, row.session_id, app.now());
  if (session.seatsTaken > session.maxSeats) throw conflict('Session is full');
  if (quoteCents(session.priceCents, app.config.fee).totalCents !== row.amount_cents)
    throw conflict('The price of this session changed: start again');
  if (session.educatorId !== checked.educatorId) throw conflict('This session changed: start again');
}

/**
 * Captures a committed payment (`intent:<id>:capture`) and records it. A gateway that cannot be
 * reached leaves `captured_at` null: {@link captureUncaptured} (the periodic jobs) tries again.
 */
async function captureCommitted(app: AppContext, row: IntentRow): Promise<void> {
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
async function releaseAuthorization(
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

function gatewayCard(pm: {
  gateway_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}): GatewayCard {
  return { gatewayRef: pm.gateway_ref, brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year };
}

/** What the first, short transaction of a confirmation or authentication decided. */
type Prepared =
  | { kind: 'answer'; answer: Answer }
  | { kind: 'refuse'; error: HttpError; release: string | null; outcome: 'canceled' | 'expired' }
  | { kind: 'wait' }
  | { kind: 'gateway'; row: IntentRow; card: GatewayCard; paymentMethodId: string };

/**
 * Runs the checks of a paid enrollment (see {@link checkEnrollable}) for a locked intent. A learner
 * who is enrolled already (paid from the wallet meanwhile) has their intent canceled, so its seat
 * hold and any 3-D Secure authorization go back. @returns the refusal, or null when all pass.
 */
async function refusal(
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
      await trx
        .updateTable('payment_intents')
        .set({
          status: 'canceled',
          hold_expires_at: null,
          last_error_code: 'not_enrollable',
          last_error_message: e.message,
          updated_at: app.now(),
        })
        .where('id', '=', row.id)
        .execute();
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

/** Marks a locked intent as being processed by the gateway (a concurrent confirmation gets 409). */
async function markProcessing(
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
 * The last transaction of a confirmation or authentication, after the gateway answered: a decline
 * records its error (402, the intent open for another card), a 3-D Secure step is recorded, an
 * authorization commits the enrollment and the ledger. The claimed Idempotency-Key, if any, gets
 * its answer in the same transaction. After it: an authorization is captured; if the commit was
 * refused (enrolled meanwhile, hold expired, session closed…) or failed, it is canceled instead and
 * the intent canceled, then the refusal thrown.
 */
async function settle(
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
    settled = await app.db.transaction().execute(async (trx) => {
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
        const updated = await trx
          .updateTable('payment_intents')
          .set({
            status: 'requires_payment_method',
            last_error_code: outcome.code,
            last_error_message: outcome.message,
            payment_method_id: paymentMethodId,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        result = {
          statusCode: 402,
          body: { message: outcome.message, code: outcome.code, intent: toIntentView(updated) },
        };
      } else if (outcome.status === 'requires_action') {
        const updated = await trx
          .updateTable('payment_intents')
          .set({
            status: 'requires_action',
            gateway_ref: outcome.gatewayRef,
            payment_method_id: paymentMethodId,
            last_error_code: null,
            last_error_message: null,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        result = { statusCode: 200, body: toIntentView(updated) };
      } else {
        // The key's answer is written before the session's lock is taken (the lock's holder runs
        // no statement but its seat count before commit).
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

/**
 * Puts an intent back to where it was when the gateway could not be reached (the same attempt key
 * is reused next time), unless a retry took the checkout over meanwhile (`attempt` is no longer the
 * intent's): then the intent and the key are left to it.
 */
async function undoProcessing(
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

/** How long a request waits for another one running with the same Idempotency-Key (ms). */
const KEY_WAIT_MS = 20_000;

/**
 * How long a confirmation may stay `processing` (its key claimed, the gateway called, the commit
 * not yet done) before a retry with its Idempotency-Key may take the checkout over, ms. A request
 * this old is taken for dead (its server killed or crashed between the claim and the commit):
 * without a takeover its client would get "retry later" until the 10-minute sweep
 * ({@link expireStaleIntents}). A request that was only slow is fenced out by the intent's attempt
 * number ({@link settle}): it gives its own authorization back and writes nothing, so the card is
 * charged once either way. Above the sandbox's and a healthy Stripe call's time; a client that
 * retries for a minute after a crash gets its answer. The dead request's authorization, if the
 * gateway gave one, is never captured (Stripe cancels an uncaptured one after 7 days).
 */
export const PROCESSING_LEASE_MS = 30_000;

/**
 * POST /payments/intents/{id}/confirm {paymentMethod} + Idempotency-Key: pays with one of the
 * caller's saved cards, in three steps with no database lock held while the gateway works:
 * 1. a short transaction checks everything (intent open, card known, already enrolled, session
 *    open and visible, seat, price + fee) and marks the intent `processing`, claiming the key;
 * 2. the gateway authorizes the card (`intent:<id>:authorize`, one key per intent and attempt);
 * 3. one transaction commits the enrollment and the ledger, then the payment is captured
 *    (`intent:<id>:capture`) — or, when the commit is refused, the authorization is canceled.
 * A replay of the key answers the first answer (waiting for it while the first request runs, or
 * taking the checkout over once that request has been processing for {@link PROCESSING_LEASE_MS}).
 * @returns 200 with the intent (succeeded → enrolled; requires_action → 3-D Secure), or a 402
 *   answer for a declined card (the intent stays open for another card).
 * @throws 404 unknown intent or session no longer visible; 409 already enrolled, full, price
 *   changed, canceled, expired, being processed or waiting for 3-D Secure; 422 unknown card.
 */
export async function confirmCardIntent(
  app: AppContext,
  caller: Caller,
  id: string,
  paymentMethod: string,
  key: string,
): Promise<Answer> {
  const operation = `confirmPaymentIntent:${id}`;
  const body = { paymentMethod };
  const deadline = app.now().getTime() + KEY_WAIT_MS;
  for (;;) {
    const prepared = await app.db.transaction().execute(async (trx): Promise<Prepared> => {
      const now = app.now();
      const reservation = await reserveKey<Answer['body']>(trx, caller.userId, key, operation, body);
      if (reservation.kind === 'replay') return { kind: 'answer', answer: reservation.answer as Answer };
      let takeover = false;
      if (reservation.kind === 'pending') {
        // The request holding the key may have died with its server between the claim and the commit.
        const held = await lockIntent(trx, caller, id);
        if (held.status !== 'processing' || now.getTime() - held.updated_at.getTime() < PROCESSING_LEASE_MS)
          return { kind: 'wait' };
        takeover = true;
      }
      const decided = await (async (): Promise<Prepared> => {
        const locked = await lockIntent(trx, caller, id);
        // A takeover starts again from before the dead attempt (a new attempt, a new gateway key).
        const row: IntentRow = takeover ? { ...locked, status: 'requires_payment_method' } : locked;
        if (row.status === 'succeeded') return { kind: 'answer', answer: { statusCode: 200, body: toIntentView(row) } };
        const refused = await refusal(app, trx, caller, row);
        if (refused) return refused;
        if (row.status === 'canceled') throw conflict('This payment was canceled: start again');
        if (row.status === 'requires_action') throw conflict('This payment waits for its 3-D Secure step');
        if (row.status === 'processing') throw conflict('This payment is being processed');
        if (await expireIfStale(trx, row, now))
          return {
            kind: 'refuse',
            error: conflict('The seat hold expired: start again'),
            release: null,
            outcome: 'expired',
          };
        const pm = await trx
          .selectFrom('payment_methods')
          .selectAll()
          .where('id', '=', paymentMethod)
          .where('user_id', '=', caller.userId)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (!pm)
          throw unprocessable('Unknown card', [{ path: 'paymentMethod', message: 'is not one of your saved cards' }]);
        await markProcessing(trx, row, { attempts: row.attempts + 1, paymentMethodId: pm.id, now });
        return { kind: 'gateway', row, card: gatewayCard(pm), paymentMethodId: pm.id };
      })();
      // The key stays claimed (committed as pending) only for a request that goes on to the
      // gateway; an answer or a refusal given here is not stored, as a thrown error is not.
      if (decided.kind !== 'gateway') await releaseKey(trx, caller.userId, key);
      return decided;
    });
    if (prepared.kind === 'answer') return prepared.answer;
    if (prepared.kind === 'refuse') {
      app.metrics.payment('card', prepared.outcome);
      if (prepared.release) await releaseAuthorization(app, id, prepared.release);
      throw prepared.error;
    }
    if (prepared.kind === 'wait') {
      if (app.now().getTime() > deadline)
        throw conflict('A request with this Idempotency-Key is still being processed: retry later');
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const { row } = prepared;
    const claimed = { key };
    let outcome: AuthorizationOutcome;
    try {
      outcome = await app.gateway.authorize({
        card: prepared.card,
        amountCents: row.amount_cents,
        currency: row.currency,
        idempotencyKey: gatewayKeys.authorize(row.id, row.attempts + 1),
        description: `Halaqa session #${row.session_id}`,
      });
    } catch (e) {
      app.metrics.payment('card', 'gateway_error');
      await undoProcessing(app, caller, row, claimed, row.attempts + 1);
      throw e;
    }
    return settle(app, caller, row, outcome, prepared.paymentMethodId, claimed, row.attempts + 1);
  }
}

/**
 * POST /payments/intents/{id}/authenticate {result}: the (sandbox) 3-D Secure step, in the same
 * three steps as {@link confirmCardIntent}: checks, the gateway (no lock held), then the commit and
 * the capture — or the authorization canceled. An intent that already succeeded answers itself.
 * @throws 404; 409 unless the intent waits for authentication, or when a check refuses.
 */
export async function authenticateCardIntent(
  app: AppContext,
  caller: Caller,
  id: string,
  result: 'succeed' | 'fail',
): Promise<Answer> {
  const prepared = await app.db.transaction().execute(async (trx): Promise<Prepared> => {
    const row = await lockIntent(trx, caller, id);
    if (row.status === 'succeeded') return { kind: 'answer', answer: { statusCode: 200, body: toIntentView(row) } };
    if (row.status !== 'requires_action') throw conflict('This payment does not wait for authentication');
    const refused = await refusal(app, trx, caller, row);
    if (refused) return refused;
    if (await expireIfStale(trx, row, app.now()))
      return {
        kind: 'refuse',
        error: conflict('The seat hold expired: start again'),
        release: row.gateway_ref,
        outcome: 'expired',
      };
    const pm = row.payment_method_id
      ? await trx.selectFrom('payment_methods').selectAll().where('id', '=', row.payment_method_id).executeTakeFirst()
      : null;
    if (!pm) throw conflict('The card of this payment is gone: choose another card');
    await markProcessing(trx, row, { attempts: row.attempts, paymentMethodId: pm.id, now: app.now() });
    return { kind: 'gateway', row, card: gatewayCard(pm), paymentMethodId: pm.id };
  });
  if (prepared.kind === 'answer') return prepared.answer;
  if (prepared.kind === 'refuse') {
    app.metrics.payment('card', prepared.outcome);
    if (prepared.release) await releaseAuthorization(app, id, prepared.release);
    throw prepared.error;
  }
  if (prepared.kind === 'wait') throw conflict('This payment is being processed');
  const { row } = prepared;
  let outcome: AuthorizationOutcome;
  try {
    outcome = await app.gateway.completeAuthentication({
      gatewayRef: row.gateway_ref ?? '',
      card: prepared.card,
      result,
    });
  } catch (e) {
    app.metrics.payment('card', 'gateway_error');
    await undoProcessing(app, caller, row, null, row.attempts);
    throw e;
  }
  return settle(app, caller, row, outcome, prepared.paymentMethodId, null, row.attempts);
}

/**
 * POST /payments/intents/{id}/cancel: releases the seat (and a 3-D Secure authorization at the
 * gateway). @throws 404; 409 for a succeeded intent or one being processed.
 */
export async function cancelCardIntent(app: AppContext, caller: Caller, id: string): Promise<PaymentIntentView> {
  const { view, release, freed, changed } = await app.db.transaction().execute(async (trx) => {
    const row = await lockIntent(trx, caller, id);
    if (row.status === 'succeeded') throw conflict('This payment succeeded and cannot be canceled');
    if (row.status === 'processing') throw conflict('This payment is being processed');
    if (row.status === 'canceled') return { view: toIntentView(row), release: null, freed: null, changed: false };
    const updated = await trx
      .updateTable('payment_intents')
      .set({ status: 'canceled', hold_expires_at: null, updated_at: app.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const held = (OPEN_INTENT_STATUSES as readonly string[]).includes(row.status);
    return {
      view: toIntentView(updated),
      release: row.status === 'requires_action' ? row.gateway_ref : null,
      freed: held ? row.session_id : null,
      changed: true,
    };
  });
  if (changed) app.metrics.payment('card', 'canceled');
  if (release) await releaseAuthorization(app, id, release);
  // The seat it held is free again: the course's waitlist hears of it.
  if (freed !== null)
    await notifyWaitlist(app, { kind: 'seat-freed', sessionId: freed, cause: `intent:${id}` }).catch((err) =>
      app.log.error({ err }, 'waitlist notification failed'),
    );
  return view;
}

/**
 * Cancels unfinished card intents whose seat hold ran out (run at start-up and every minute), so a
 * seat held by a checkout that was abandoned, or interrupted by a crash, comes back; a 3-D Secure
 * authorization left waiting is canceled at the gateway. Intents being processed by a request are
 * left to it unless they have been so for 10 minutes (a crash between the gateway and the commit).
 * @param onSeatFreed called after the update for each canceled intent (its session and id), e.g. to
 *   mail the course's waitlist; its failures are ignored here (log them inside).
 * @returns how many intents were canceled.
 */
export async function expireStaleIntents(
  db: Kysely<Database>,
  now: Date,
  gateway?: PaymentGateway,
  onSeatFreed?: (sessionId: number, intentId: string) => Promise<unknown>,
): Promise<number> {
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const rows = await db
    .updateTable('payment_intents')
    .set({
      status: 'canceled',
      hold_expires_at: null,
      last_error_code: 'expired',
      last_error_message: 'The seat hold expired',
      updated_at: now,
    })
    .where('payment_method', '=', 'card')
    .where('status', 'in', OPEN_INTENT_STATUSES)
    .where('hold_expires_at', '<=', now)
    .where((eb) => eb.or([eb('status', '!=', 'processing'), eb('updated_at', '<=', minutesAgo(10))]))
    .returning(['id', 'gateway_ref', 'status', 'session_id'])
    .execute();
  // Keys claimed by requests that never finished (a crash) are freed with their intents.
  await db
    .deleteFrom('idempotency_keys')
    .where('status_code', '=', PENDING_STATUS)
    .where('created_at', '<=', minutesAgo(10))
    .execute();
  if (gateway) {
    for (const r of rows) {
      if (r.gateway_ref)
        await gateway
          .cancel({ gatewayRef: r.gateway_ref, idempotencyKey: gatewayKeys.cancel(r.id) })
          .catch(() => undefined);
    }
  }
  // Each freed seat is an event for the course's waitlist; a failure is the caller's to log.
  if (onSeatFreed) for (const r of rows) await onSeatFreed(r.session_id, r.id).catch(() => undefined);
  return rows.length;
}

/**
 * Captures card payments whose enrollment was committed but whose capture did not go through (the
 * gateway could not be reached), a minute or more ago. @returns how many were captured.
 */
export async function captureUncaptured(db: Kysely<Database>, gateway: PaymentGateway, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('payment_intents')
    .select(['id', 'gateway_ref', 'amount_cents'])
    .where('payment_method', '=', 'card')
    .where('status', '=', 'succeeded')
    .where('captured_at', 'is', null)
    .where('gateway_ref', 'is not', null)
    .where('updated_at', '<=', new Date(now.getTime() - 60_000))
    .limit(100)
    .execute();
  let n = 0;
  for (const r of rows) {
    try {
      await gateway.capture({
        gatewayRef: r.gateway_ref!,
        amountCents: r.amount_cents,
        idempotencyKey: gatewayKeys.capture(r.id),
      });
      await db.updateTable('payment_intents').set({ captured_at: now }).where('id', '=', r.id).execute();
      n++;
    } catch {
      // The gateway is still unreachable: the next pass tries again.
    }
  }
  return n;
}

/**
 * Applies what the gateway reports about a payment outside a request of the learner (a Stripe
 * webhook): an authorization or a capture of an intent waiting for 3-D Secure commits the
 * enrollment and the ledger (checks first), then captures it; if the checks refuse, the money is
 * given back. A failure records the error. Intents being processed by a request are left to it;
 * money held for a canceled intent is given back; settled intents and unknown references are left alone.
 * @returns whether an intent changed.
 */
export async function applyGatewayEvent(app: AppContext, gatewayRef: string, event: GatewayEvent): Promise<boolean> {
  const done = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payment_intents')
      .selectAll()
      .where('gateway_ref', '=', gatewayRef)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.status === 'succeeded' || row.status === 'processing') return { changed: false as const };
    if (row.status === 'canceled')
      return { changed: false as const, giveBack: event.status !== 'failed' ? row.id : null };
    const user = await trx
      .selectFrom('users')
      .select(['id', 'role', 'status', 'company_id'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const caller: Caller = {
      userId: user.id,
      role: user.role,
      status: user.status,
      companyId: user.company_id,
      federated: false,
    };
    if (event.status === 'failed') {
      await trx
        .updateTable('payment_intents')
        .set({
          status: 'requires_payment_method',
          last_error_code: event.code,
          last_error_message: event.message,
          updated_at: app.now(),
        })
        .where('id', '=', row.id)
        .execute();
      return { changed: true as const, outcome: 'declined' as const };
    }
    if (event.status === 'requires_action') return { changed: false as const };
    const refused = await refusal(app, trx, caller, row);
    if (refused) return { changed: true as const, giveBack: row.id, outcome: 'canceled' as const };
    const committed = await commitEnrollment(app, trx, caller, row, {
      gatewayRef,
      paymentMethodId: row.payment_method_id,
      capturedAt: event.status === 'captured' ? app.now() : null,
    });
    return { changed: true as const, committed, outcome: 'succeeded' as const };
  });
  if ('outcome' in done && done.outcome) app.metrics.payment('card', done.outcome);
  if ('giveBack' in done && done.giveBack) await releaseAuthorization(app, done.giveBack, gatewayRef);
  if ('committed' in done && done.committed) {
    await captureCommitted(app, done.committed);
    app.receipts.enqueue(done.committed.id);
  }
  return done.changed;
}
