import type { WalletReason } from '../../db/types.js';
import type { Schema } from '../../platform/handlers.js';
import { randomBytes } from 'node:crypto';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest, conflict, unprocessable } from '../../platform/errors.js';
import { centsToDollars, dollarsToCents } from '../../platform/money/cents.js';
import { enrollPaid, lockOpenSession } from '../sessions/enrollments.js';
import { quoteCents } from '../../platform/money/fees.js';
import { once } from './idempotency.js';
import { type DiscountedPrice, checkCode, priceWith, recordUse, takeUse } from './discount-codes.js';
import { postLedgerTransaction, walletBalanceCents } from '../../platform/money/ledger.js';

/** The contract's FeeQuote: dollars for price/fee/total, cents for amount (= total × 100, product.md#limits). */
export interface FeeQuote {
  price: number;
  fee: number;
  total: number;
  amount: number;
  currency: 'USD';
}

/**
 * POST /payments/fee {price}: platform fee and total for a price in dollars.
 * @throws 400 when the price has more than two decimals.
 */
export function quoteFee(app: AppContext, price: number): FeeQuote {
  let cents: number;
  try {
    cents = dollarsToCents(price);
  } catch (e) {
    throw badRequest('Some fields are invalid', [
      { path: 'price', message: (e as Error).message.replace(/^price /, '') },
    ]);
  }
  const q = quoteCents(cents, app.config.fee);
  return {
    price: centsToDollars(q.priceCents),
    fee: centsToDollars(q.feeCents),
    total: centsToDollars(q.totalCents),
    amount: q.totalCents,
    currency: 'USD',
  };
}

/** The contract's PaymentIntent (Stripe's model; `amount` in cents). */
export type PaymentIntentView = Schema<'PaymentIntent'>;

/**
 * POST /payments/intents/wallet {sessionId, amount} with an Idempotency-Key: pays a session from the
 * caller's wallet and enrolls them, in ONE transaction with the session row locked: seat check,
 * amount check (amount must equal price + fee in cents, recomputed here), balance check, payment
 * intent (succeeded), enrollment and the balanced ledger transaction (learner wallet −total,
 * educator earnings +price, platform fees +fee). A replay of the key returns the first result.
 * @throws 404 unknown session; 409 already enrolled or session full; 422 session not open, free
 *   session, amount mismatch, insufficient balance, or a key reused with another body.
 */
export async function payWithWallet(
  app: AppContext,
  caller: Caller,
  input: { sessionId: number; amount: number; discountCode?: string },
  idempotencyKey: string,
): Promise<{ statusCode: number; intent: PaymentIntentView; replayed: boolean }> {
  const result = await app.db.transaction().execute((trx) =>
    once<PaymentIntentView>(trx, caller.userId, idempotencyKey, 'payWithWallet', input, async () => {
      const createdAt = app.now();
      const code =
        input.discountCode === undefined
          ? null
          : await checkCode(trx, caller, { sessionId: input.sessionId, code: input.discountCode }, createdAt);
      if (code) await takeUse(trx, code.id, caller.userId, createdAt);
      const session = await lockOpenSession(trx, caller, input.sessionId, createdAt);
      const existing = session.enrollment;
      if (existing?.status === 'ACTIVE') throw conflict('You are already enrolled in this session');
      const priced: DiscountedPrice | null = code ? priceWith(app, code, session.priceCents) : null;
      const q = priced ? priced.quote : quoteCents(session.priceCents, app.config.fee);
      if (q.totalCents === 0 && !priced) throw unprocessable('This session is free: enroll without paying');
      if (input.amount !== q.totalCents) {
        throw unprocessable('The amount does not match the session price and fee', [
          { path: 'amount', message: `must be ${q.totalCents} (price ${q.priceCents} + fee ${q.feeCents} cents)` },
        ]);
      }
      if (session.seatsTaken >= session.maxSeats) throw conflict('Session is full');
      // Serialise payments from one wallet: concurrent debits cannot both see the same balance.
      if (q.totalCents > 0)
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', caller.userId)
          .forUpdate()
          .executeTakeFirstOrThrow();
      const balance = q.totalCents > 0 ? await walletBalanceCents(trx, caller.userId) : 0;
      if (balance < q.totalCents) {
        throw new HttpError(
          422,
          `Insufficient wallet balance: ${(balance / 100).toFixed(2)} USD available, ${(q.totalCents / 100).toFixed(2)} USD needed`,
        );
      }
      const intentId = 'pi_' + randomBytes(12).toString('hex');
      await trx
        .insertInto('payment_intents')
        .values({
          id: intentId,
          user_id: caller.userId,
          session_id: session.id,
          amount_cents: q.totalCents,
          fee_cents: q.feeCents,
          ...(priced
            ? { price_cents: q.priceCents, discount_code_id: priced.code.id, discount_cents: priced.discountCents }
            : {}),
          status: 'succeeded',
          payment_method: 'wallet',
          enrollment_id: null,
          created_at: createdAt,
        })
        .execute();
      if (priced)
        await recordUse(trx, {
          codeId: priced.code.id,
          userId: caller.userId,
          sessionId: session.id,
          paymentIntentId: intentId,
          discountCents: priced.discountCents,
          at: createdAt,
        });
      const enrollmentId = await enrollPaid(trx, caller, session, {
        amountCents: q.totalCents,
        paymentIntentId: intentId,
        enrolledAt: createdAt,
      });
      await trx
        .updateTable('payment_intents')
        .set({ enrollment_id: enrollmentId })
        .where('id', '=', intentId)
        .execute();
      // The learner's unconfirmed card checkouts of this session give their seat holds back (one
      // waiting for 3-D Secure keeps its hold until its step is refused or the hold ends).
      await trx
        .updateTable('payment_intents')
        .set({
          status: 'canceled',
          hold_expires_at: null,
          last_error_code: 'not_enrollable',
          last_error_message: 'Paid from the wallet',
          updated_at: createdAt,
        })
        .where('user_id', '=', caller.userId)
        .where('session_id', '=', session.id)
        .where('payment_method', '=', 'card')
        .where('status', 'in', ['requires_payment_method', 'requires_confirmation'])
        .execute();
      const named = await trx
        .selectFrom('sessions as s')
        .innerJoin('courses as c', 'c.id', 's.course_id')
        .select(['c.title', 's.start_date', 's.end_date'])
        .where('s.id', '=', session.id)
        .executeTakeFirstOrThrow();
      // A code that took the whole price off moves no money: no ledger transaction.
      if (q.totalCents > 0)
        await postLedgerTransaction(
          trx,
          'SESSION_PAYMENT',
          [
            {
              account: 'WALLET',
              ownerId: caller.userId,
              amountCents: -q.totalCents,
              reason: 'PAYMENT',
              sessionId: session.id,
              description: `Payment for "${named.title}" (${String(named.start_date)} to ${String(named.end_date)})`,
            },
            {
              account: 'EARNINGS',
              ownerId: session.educatorId,
              amountCents: q.priceCents,
              reason: 'EARNING',
              sessionId: session.id,
              description: `Enrollment in session #${session.id}`,
            },
            {
              account: 'PLATFORM_FEES',
              ownerId: null,
              amountCents: q.feeCents,
              reason: 'FEE',
              sessionId: session.id,
              description: `Platform fee for session #${session.id}`,
            },
          ],
          intentId,
        );
      return {
        statusCode: 201,
        body: {
          id: intentId,
          status: 'succeeded',
          amount: q.totalCents,
          currency: 'USD',
          sessionId: session.id,
          paymentMethod: 'wallet',
          enrollmentId,
          createdAt: createdAt.toISOString(),
          expiresAt: null,
          lastPaymentError: null,
          nextAction: null,
        },
      };
    }),
  );
  if (!result.replayed && result.body.status === 'succeeded') {
    app.metrics.payment('wallet', 'succeeded');
    app.receipts.enqueue(result.body.id);
  }
  return { statusCode: result.statusCode, intent: result.body, replayed: result.replayed };
}

/**
 * GET /payments/wallets/me: balance (dollars) and the newest 50 movements (cents, signed), each
 * naming the session it concerns (course title, first and last day) when it concerns one.
 */
export async function getMyWallet(app: AppContext, caller: Caller) {
  const balance = await walletBalanceCents(app.db, caller.userId);
  const entries = await app.db
    .selectFrom('ledger_entries as e')
    .leftJoin('sessions as s', 's.id', 'e.session_id')
    .leftJoin('courses as c', 'c.id', 's.course_id')
    .select([
      'e.id',
      'e.amount_cents',
      'e.reason',
      'e.session_id',
      'e.description',
      'e.created_at',
      'c.id as course_id',
      'c.title as course_title',
      's.start_date',
      's.end_date',
    ])
    .where('e.account', '=', 'WALLET')
    .where('e.owner_id', '=', caller.userId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(50)
    // The wallet account only ever receives these reasons (server/platform/money/ledger.ts).
    .$narrowType<{ reason: WalletReason }>()
    .execute();
  return {
    balance: centsToDollars(balance),
    currency: 'USD' as const,
    entries: entries.map((e) => ({
      id: e.id,
      amount: e.amount_cents,
      reason: e.reason,
      sessionId: e.session_id,
      session:
        e.session_id !== null && e.course_id !== null && e.course_title !== null && e.start_date && e.end_date
          ? {
              id: e.session_id,
              courseId: e.course_id,
              courseTitle: e.course_title,
              startDate: String(e.start_date),
              endDate: String(e.end_date),
            }
          : null,
      description: e.description,
      createdAt: e.created_at.toISOString(),
    })),
  };
}
