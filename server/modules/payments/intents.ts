import { randomBytes } from 'node:crypto';
import type { AppContext, Caller } from '../../platform/context.js';
import { conflict, unprocessable } from '../../platform/errors.js';
import type { AuthorizationOutcome } from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { readOpenSession } from '../sessions/enrollments.js';
import { checkSeatAtCommit, seatCheckRefusal } from '../sessions/seat-check.js';
import { quoteCents } from '../../platform/money/fees.js';
import { checkCode, priceWith } from './discount-codes.js';
import { once, releaseKey, reserveKey } from './idempotency.js';
import type { PaymentIntentView } from './service.js';
import { notifyWaitlist } from '../courses/waitlist.js';
import {
  type Answer,
  type IntentRow,
  type Prepared,
  expireIfStale,
  gatewayCard,
  gatewayKeys,
  lockIntent,
  markProcessing,
  releaseAuthorization,
  toIntentView,
  undoProcessing,
} from './intent-state.js';
import { refusal, settle } from './intent-commit.js';

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

/**
 * POST /payments/intents {sessionId, amount} + Idempotency-Key. Refuses before anything is held:
 * already enrolled (409), free session (422), amount ≠ price + fee in cents (422), no seat (409).
 * The caller's earlier unfinished intents for the session are canceled (one hold per learner).
 */
export async function createCardIntent(
  app: AppContext,
  caller: Caller,
  input: { sessionId: number; amount: number; discountCode?: string },
  key: string,
): Promise<Answer> {
  return app.db
    .transaction()
    .execute((trx) =>
      once<Answer['body']>(trx, caller.userId, key, 'createPaymentIntent', input, async () => {
        const now = app.now();
        // Every check first without the session's lock (a full session is refused without waiting
        // for it), then the seat check again at commit, with the session's row locked inside
        // PostgreSQL's COMMIT (sessions/seat-check.ts).
        const seen = await readOpenSession(trx, caller, input.sessionId, now);
        if (seen.enrollment?.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
        // A code is checked now (nothing counted); its use is taken when the payment enrolls.
        const code =
          input.discountCode === undefined
            ? null
            : await checkCode(trx, caller, { sessionId: input.sessionId, code: input.discountCode }, now);
        const quote = (priceCents: number) => {
          const q = code ? priceWith(app, code, priceCents).quote : quoteCents(priceCents, app.config.fee);
          if (q.totalCents === 0 && code)
            throw unprocessable('This code makes the session free: enroll without a card (the wallet payment of 0)');
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
        // The earlier holds canceled and the new one written; the seat count at commit leaves the
        // caller's own holds out and counts the new one with `takes: 1`. A refusal there rolls all of
        // this back, the stored answer included.
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
            discount_code_id: code?.id ?? null,
            discount_cents: code ? priceWith(app, code, seen.priceCents).discountCents : 0,
            status: 'requires_payment_method',
            payment_method: 'card',
            enrollment_id: null,
            hold_expires_at: new Date(now.getTime() + app.config.paymentHoldMinutes * 60_000),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await checkSeatAtCommit(trx, {
          sessionId: seen.id,
          userId: caller.userId,
          now,
          priceCents: seen.priceCents,
          educatorId: null,
          takes: 1,
        });
        return { statusCode: 201, body: toIntentView(row) };
      }),
    )
    .catch((e: unknown) => {
      throw seatCheckRefusal(e);
    }) as Promise<Answer>;
}

/** How long a request waits for another one running with the same Idempotency-Key (ms). */
const KEY_WAIT_MS = 20_000;

/**
 * How long a confirmation may stay `processing` (its key claimed, the gateway called, the commit
 * not yet done) before a retry with its Idempotency-Key may take the checkout over, ms. A request
 * this old is taken for dead (its server killed or crashed between the claim and the commit):
 * without a takeover its client would get "retry later" until the 10-minute sweep
 * (`expireStaleIntents`, payments/intent-jobs.ts). A request that was only slow is fenced out by the intent's attempt
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
