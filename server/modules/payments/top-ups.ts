import type { Kysely, Selectable, Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { TOP_UP_MAX_CENTS, TOP_UP_MIN_CENTS } from '../../../openapi/top-up.js';
import type { Database, WalletTopUpsTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';
import type { AuthorizationOutcome, PaymentGateway } from '../../platform/payments/gateway.js';
import { answerKey, releaseKey, reserveKey } from './idempotency.js';
import { gatewayCard } from './intent-state.js';
import { captureStranded } from '../../platform/payments/capture-retry.js';

/**
 * Wallet top-ups by card (docs/decisions.md "Wallet top-ups"): the card payment of the checkout
 * without a session. In three steps with no database lock held while the gateway works:
 * 1. a short transaction claims the Idempotency-Key, checks the amount and the card, and writes
 *    the top-up `processing`;
 * 2. the gateway authorizes the card (`topup:<id>:authorize`);
 * 3. one transaction records the outcome and the key's answer: authorized → the wallet credited
 *    (FUNDING −amount, WALLET +amount, one balanced ledger transaction) and `succeeded`, then the
 *    charge captured (`topup:<id>:capture`) and the receipt mailed; 3-D Secure → `requires_action`;
 *    declined → `failed` and a 402, nothing credited.
 */

type TopUpRow = Selectable<WalletTopUpsTable>;
/** The contract's TopUp. */
export type TopUpView = Schema<'TopUp'>;
/** A stored answer: the top-up (2xx) or the refusal of a declined card (402). */
type TopUpAnswer =
  | { statusCode: 200 | 201; body: TopUpView }
  | { statusCode: 402; body: { message: string; code: string; topUp: TopUpView } };

/** How long a request waits for another one running with the same Idempotency-Key (ms). */
const KEY_WAIT_MS = 20_000;

/** The gateway keys of a top-up: one authorization, one capture. */
const topUpKeys = {
  authorize: (id: string) => `topup:${id}:authorize`,
  capture: (id: string) => `topup:${id}:capture`,
};

function toTopUpView(r: TopUpRow): TopUpView {
  return {
    id: r.id,
    status: r.status,
    amount: r.amount_cents,
    currency: r.currency,
    paymentMethod: r.payment_method_id,
    createdAt: r.created_at.toISOString(),
    lastPaymentError: r.last_error_code ? { code: r.last_error_code, message: r.last_error_message ?? '' } : null,
    nextAction:
      r.status === 'requires_action'
        ? { type: 'three_d_secure', url: `/api/payments/wallets/me/top-ups/${r.id}/authenticate` }
        : null,
  };
}

/** Throws the 402 of a declined answer; @returns the top-up of a 2xx one. */
function unwrapTopUp(answer: TopUpAnswer): { statusCode: 200 | 201; topUp: TopUpView } {
  if (answer.statusCode === 402) throw new HttpError(402, answer.body.message);
  return { statusCode: answer.statusCode, topUp: answer.body };
}

/**
 * POST /payments/wallets/me/top-ups {amount, paymentMethod} + Idempotency-Key.
 * @returns 201 with the top-up: `succeeded` (credited) or `requires_action` (3-D Secure first).
 * @throws 402 declined card (nothing credited; a replay answers it again); 422 amount out of range
 *   (the contract refuses it first with 400), unknown card, or the key reused with another body;
 *   409 when a request with the key is still running after {@link KEY_WAIT_MS}.
 */
export async function topUpWallet(
  app: AppContext,
  caller: Caller,
  input: { amount: number; paymentMethod: string },
  key: string,
): Promise<{ statusCode: 200 | 201; topUp: TopUpView }> {
  if (!Number.isInteger(input.amount) || input.amount < TOP_UP_MIN_CENTS || input.amount > TOP_UP_MAX_CENTS)
    throw unprocessable('The top-up amount is out of range', [
      { path: 'amount', message: `must be from ${TOP_UP_MIN_CENTS} to ${TOP_UP_MAX_CENTS} cents` },
    ]);
  const deadline = app.now().getTime() + KEY_WAIT_MS;
  for (;;) {
    const prepared = await app.db.transaction().execute(async (trx) => {
      const reservation = await reserveKey<TopUpAnswer['body']>(trx, caller.userId, key, 'topUpWallet', input);
      if (reservation.kind === 'replay') return { kind: 'answer' as const, answer: reservation.answer as TopUpAnswer };
      if (reservation.kind === 'pending') return { kind: 'wait' as const };
      const pm = await trx
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', input.paymentMethod)
        .where('user_id', '=', caller.userId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!pm)
        throw unprocessable('Unknown card', [{ path: 'paymentMethod', message: 'is not one of your saved cards' }]);
      const now = app.now();
      const row = await trx
        .insertInto('wallet_top_ups')
        .values({
          id: `tu_${randomBytes(12).toString('hex')}`,
          user_id: caller.userId,
          amount_cents: input.amount,
          status: 'processing',
          payment_method_id: pm.id,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'gateway' as const, row, card: gatewayCard(pm) };
    });
    if (prepared.kind === 'answer') return unwrapTopUp(prepared.answer);
    if (prepared.kind === 'wait') {
      if (app.now().getTime() > deadline)
        throw conflict('A request with this Idempotency-Key is still being processed: retry later');
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    let outcome: AuthorizationOutcome;
    try {
      outcome = await app.gateway.authorize({
        card: prepared.card,
        amountCents: prepared.row.amount_cents,
        currency: prepared.row.currency,
        idempotencyKey: topUpKeys.authorize(prepared.row.id),
        description: `Halaqa wallet top-up ${prepared.row.id}`,
      });
    } catch (e) {
      // The gateway could not be reached: the top-up ends, and the key is free for a retry.
      app.metrics.payment('card', 'gateway_error');
      await failTopUp(app, prepared.row.id, 'gateway_error', 'The card could not be charged: try again');
      await releaseKey(app.db, caller.userId, key);
      throw e;
    }
    return unwrapTopUp(await settleTopUp(app, caller, prepared.row, outcome, key));
  }
}

/**
 * POST /payments/wallets/me/top-ups/{id}/authenticate {result}: the 3-D Secure step of a top-up in
 * `requires_action`, in the same three steps (checks, the gateway with no lock held, the outcome).
 * A top-up already succeeded answers itself; nothing is ever credited twice.
 * @throws 404 unknown (or someone else's) top-up; 409 one that does not wait for the step or is
 *   being processed; 402 a failed step (the top-up `failed`, nothing credited).
 */
export async function authenticateTopUp(
  app: AppContext,
  caller: Caller,
  id: string,
  result: 'succeed' | 'fail',
): Promise<TopUpView> {
  const prepared = await app.db.transaction().execute(async (trx) => {
    const row = await lockTopUp(trx, caller, id);
    if (row.status === 'succeeded') return { kind: 'answer' as const, row };
    if (row.status !== 'requires_action') throw conflict('This top-up does not wait for authentication');
    const pm = await trx
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', row.payment_method_id)
      .executeTakeFirstOrThrow();
    const processing = await trx
      .updateTable('wallet_top_ups')
      .set({ status: 'processing', updated_at: app.now() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'gateway' as const, row: processing, card: gatewayCard(pm), gatewayRef: row.gateway_ref ?? '' };
  });
  if (prepared.kind === 'answer') return toTopUpView(prepared.row);
  let outcome: AuthorizationOutcome;
  try {
    outcome = await app.gateway.completeAuthentication({
      gatewayRef: prepared.gatewayRef,
      card: prepared.card,
      result,
    });
  } catch (e) {
    app.metrics.payment('card', 'gateway_error');
    // Back to the step: the learner may try again.
    await app.db
      .updateTable('wallet_top_ups')
      .set({ status: 'requires_action', updated_at: app.now() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .execute();
    throw e;
  }
  return unwrapTopUp(await settleTopUp(app, caller, prepared.row, outcome, null)).topUp;
}

/** Locks one of the caller's top-ups. @throws 404 (someone else's top-up is not found either). */
async function lockTopUp(trx: Transaction<Database>, caller: Caller, id: string): Promise<TopUpRow> {
  const row = await trx
    .selectFrom('wallet_top_ups')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Top-up');
  return row;
}

/** Ends a top-up that could not be charged (nothing was credited). */
async function failTopUp(app: AppContext, id: string, code: string, message: string): Promise<void> {
  await app.db
    .updateTable('wallet_top_ups')
    .set({ status: 'failed', last_error_code: code, last_error_message: message, updated_at: app.now() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/**
 * The last transaction of a top-up or its 3-D Secure step: records the gateway's outcome (and the
 * claimed key's answer, when there is one). Authorized → the wallet credited and the top-up
 * succeeded in one transaction, then the charge captured and the receipt queued.
 */
async function settleTopUp(
  app: AppContext,
  caller: Caller,
  prepared: TopUpRow,
  outcome: AuthorizationOutcome,
  key: string | null,
): Promise<TopUpAnswer> {
  const settled = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('wallet_top_ups')
      .selectAll()
      .where('id', '=', prepared.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== 'processing') throw conflict('This top-up is no longer being processed');
    const now = app.now();
    let answer: TopUpAnswer;
    if (outcome.status === 'failed') {
      const failed = await trx
        .updateTable('wallet_top_ups')
        .set({ status: 'failed', last_error_code: outcome.code, last_error_message: outcome.message, updated_at: now })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      answer = { statusCode: 402, body: { message: outcome.message, code: outcome.code, topUp: toTopUpView(failed) } };
    } else if (outcome.status === 'requires_action') {
      const waiting = await trx
        .updateTable('wallet_top_ups')
        .set({ status: 'requires_action', gateway_ref: outcome.gatewayRef, updated_at: now })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      answer = { statusCode: 201, body: toTopUpView(waiting) };
    } else {
      const pm = await trx
        .selectFrom('payment_methods')
        .select(['brand', 'last4'])
        .where('id', '=', row.payment_method_id)
        .executeTakeFirstOrThrow();
      await postLedgerTransaction(
        trx,
        'CARD_TOP_UP',
        [
          {
            account: 'FUNDING',
            ownerId: null,
            amountCents: -row.amount_cents,
            reason: 'TOP_UP',
            description: `Card charge ${row.id}`,
          },
          {
            account: 'WALLET',
            ownerId: caller.userId,
            amountCents: row.amount_cents,
            reason: 'TOP_UP',
            description: `Top-up by card ${pm.brand} ••${pm.last4}`,
          },
        ],
        null,
        row.id,
      );
      const succeeded = await trx
        .updateTable('wallet_top_ups')
        .set({
          status: 'succeeded',
          gateway_ref: outcome.gatewayRef,
          last_error_code: null,
          last_error_message: null,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      answer = { statusCode: key ? 201 : 200, body: toTopUpView(succeeded) };
    }
    if (key) await answerKey(trx, caller.userId, key, answer);
    return answer;
  });
  const status = settled.statusCode === 402 ? 'declined' : settled.body.status;
  app.metrics.payment(
    'card',
    status === 'succeeded' ? 'succeeded' : status === 'declined' ? 'declined' : 'requires_action',
  );
  if (settled.statusCode !== 402 && settled.body.status === 'succeeded' && outcome.status === 'authorized') {
    await captureTopUp(app, prepared.id, outcome.gatewayRef, prepared.amount_cents);
    app.receipts.enqueue(prepared.id);
  }
  return settled;
}

/**
 * The periodic jobs' part: captures the credited top-ups whose capture did not go through (the
 * gateway could not be reached) a minute or more ago, up to 100. @returns how many were captured.
 */
export async function captureUncapturedTopUps(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  now: Date,
): Promise<number> {
  const rows = await db
    .selectFrom('wallet_top_ups')
    .select(['id', 'gateway_ref', 'amount_cents'])
    .where('status', '=', 'succeeded')
    .where('captured_at', 'is', null)
    .where('gateway_ref', 'is not', null)
    .where('updated_at', '<=', new Date(now.getTime() - 60_000))
    .limit(100)
    .execute();
  return captureStranded(gateway, rows, topUpKeys.capture, (id) =>
    db.updateTable('wallet_top_ups').set({ captured_at: now }).where('id', '=', id).execute(),
  );
}

/** Captures a credited top-up's charge; a gateway that cannot be reached leaves `captured_at` null (the jobs retry). */
async function captureTopUp(app: AppContext, id: string, gatewayRef: string, amountCents: number): Promise<void> {
  try {
    await app.gateway.capture({ gatewayRef, amountCents, idempotencyKey: topUpKeys.capture(id) });
    await app.db.updateTable('wallet_top_ups').set({ captured_at: app.now() }).where('id', '=', id).execute();
  } catch (err) {
    app.log.error({ err, topUp: id }, 'capturing a wallet top-up failed; the jobs will retry');
  }
}
