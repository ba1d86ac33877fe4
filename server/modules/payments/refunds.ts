import { randomBytes } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import type { Transaction } from 'kysely';
import type { Database, RefundCause, RefundDestination } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { quoteCents } from '../../platform/money/fees.js';
import { postLedgerTransaction, type LedgerLeg } from '../../platform/money/ledger.js';
import { refundFor, type RefundAmount } from '../../platform/money/refund-policy.js';
import { todayIn } from '../../platform/session-lifecycle.js';
import { notifyWaitlist } from '../courses/waitlist.js';
import { enrollmentRefunded } from './mails.js';

/**
 * Cancelling an enrollment and refunding it (docs/decisions.md "Cancelling and refunds"): the
 * learner's own cancellation, an admin's refund, and the cancellation of every enrollment of an
 * account that is deleted or rejected. Each is one database transaction — the enrollment locked
 * and CANCELLED, the refund recorded, the balanced ledger transaction (WALLET or FUNDING +amount,
 * the educator's EARNINGS −price part, PLATFORM_FEES −fee part) — then, after the commit, the card
 * refund through the gateway, the waitlist's seat-freed mail and the learner's mail. The amount is
 * the one rule of `refundFor` (server/platform/money/refund-policy.ts); an admin gives everything back.
 */

/** The contract's RefundQuote and Refund. */
export type RefundQuoteView = Schema<'RefundQuote'>;
export type RefundView = Schema<'Refund'>;

/** Work done once the transaction that cancelled has committed (gateway, mails). */
type AfterCommit = Array<() => Promise<unknown>>;

type Db = AppContext['db'] | Transaction<Database>;

/** An enrollment with what refunding it needs: its session, its payment and the card that paid. */
async function enrollmentFor(db: Db, sessionId: number, userId: number, { lock = false } = {}) {
  let q = db
    .selectFrom('enrollments as e')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('payment_intents as pi', 'pi.id', 'e.payment_intent_id')
    .leftJoin('payment_methods as pm', 'pm.id', 'pi.payment_method_id')
    .select([
      'e.id',
      'e.user_id',
      'e.session_id',
      'e.status',
      'e.paid_amount_cents',
      'e.payment_intent_id',
      's.start_date',
      's.end_date',
      's.timezone',
      's.price_cents as session_price_cents',
      's.educator_id',
      'c.title',
      'u.email',
      'u.first_name',
      'u.language',
      'pi.fee_cents',
      'pi.payment_method',
      'pi.gateway_ref',
      'pi.captured_at',
      'pm.brand as card_brand',
      'pm.last4 as card_last4',
    ])
    .where('e.session_id', '=', sessionId)
    .where('e.user_id', '=', userId);
  if (lock) q = q.forUpdate('e');
  return q.executeTakeFirst();
}

type EnrollmentRow = NonNullable<Awaited<ReturnType<typeof enrollmentFor>>>;

/**
 * The enrollment as far as money goes: a payment refunded already (the enrollment reactivated
 * without a new one, e.g. for free) is not refunded again — it counts as nothing paid.
 */
async function unrefunded(db: Db, e: EnrollmentRow): Promise<EnrollmentRow> {
  if (!e.payment_intent_id) return e;
  const done = await db
    .selectFrom('refunds')
    .select('id')
    .where('payment_intent_id', '=', e.payment_intent_id)
    .executeTakeFirst();
  return done ? { ...e, paid_amount_cents: 0, payment_intent_id: null, payment_method: null, gateway_ref: null } : e;
}

/** What was paid, split as it was paid: price (the educator's) and platform fee, integer cents. */
function paidSplit(app: AppContext, e: EnrollmentRow) {
  const paid = e.paid_amount_cents;
  if (paid <= 0) return { priceCents: 0, feeCents: 0 };
  const feeCents = Math.min(paid, e.fee_cents ?? quoteCents(e.session_price_cents, app.config.fee).feeCents);
  return { priceCents: paid - feeCents, feeCents };
}

/** A card payment already captured can go back to its card; anything else goes to the wallet. */
const cardRefundable = (e: EnrollmentRow) => e.payment_method === 'card' && !!e.gateway_ref && e.captured_at !== null;

/** Where a refund of `amount` may go, the default first (`cardFirst`: the account's cancellation). */
function destinationsFor(e: EnrollmentRow, amount: RefundAmount, cardFirst = false): RefundDestination[] {
  if (amount.amountCents === 0) return [];
  if (!cardRefundable(e)) return ['wallet'];
  return cardFirst ? ['card', 'wallet'] : ['wallet', 'card'];
}

/** The amount by the policy, as of today in the session's time zone (`full`: an admin's refund). */
function amountFor(app: AppContext, e: EnrollmentRow, full: boolean): RefundAmount {
  const split = paidSplit(app, e);
  if (full) {
    return {
      stage: 'FULL',
      percent: 100,
      amountCents: split.priceCents + split.feeCents,
      ...split,
      partialUntil: null,
    };
  }
  const today = todayIn(e.timezone, Temporal.Instant.fromEpochMilliseconds(app.now().getTime()));
  return refundFor(app.config.refund, split, String(e.start_date), today);
}

/**
 * Refuses the learner's own cancellation of a session that has ended (its last day is past in its
 * time zone): there is nothing left to leave, and no seat to free. An admin can still refund it.
 * @throws 409 the session has ended
 */
function refuseEnded(app: AppContext, e: EnrollmentRow): void {
  const today = todayIn(e.timezone, Temporal.Instant.fromEpochMilliseconds(app.now().getTime()));
  if (String(e.end_date) < today) throw conflict('This session has ended: its enrollment can no longer be cancelled');
}

/**
 * GET /sessions/{id}/refund: what cancelling the caller's ACTIVE enrollment gives back now and where
 * it may go (the dialog shows this before the learner confirms). @throws 404 not enrolled; 409 the
 * session has ended.
 */
export async function refundQuote(app: AppContext, caller: Caller, sessionId: number): Promise<RefundQuoteView> {
  const found = await enrollmentFor(app.db, sessionId, caller.userId);
  if (!found || found.status !== 'ACTIVE') throw notFound('Enrollment');
  refuseEnded(app, found);
  const e = await unrefunded(app.db, found);
  const amount = amountFor(app, e, false);
  const destinations = destinationsFor(e, amount);
  return {
    sessionId,
    enrollmentId: e.id,
    courseTitle: e.title,
    startDate: String(e.start_date),
    paid: e.paid_amount_cents,
    amount: amount.amountCents,
    stage: amount.stage,
    percent: amount.percent,
    partialUntil: amount.partialUntil,
    destinations,
    card:
      destinations.includes('card') && e.card_brand && e.card_last4
        ? { brand: e.card_brand, last4: e.card_last4 }
        : null,
    policy: app.config.refund,
  };
}

/**
 * Cancels one locked ACTIVE enrollment inside `trx` and refunds it: the enrollment CANCELLED, the
 * refund row, the ledger transaction (none when nothing is given back). Answers the refund and the
 * work to do after the commit: the card refund, the waitlist's mail and the learner's mail.
 * @throws 422 a destination the payment cannot go back to.
 */
async function cancelLocked(
  app: AppContext,
  trx: Transaction<Database>,
  enrollment: EnrollmentRow,
  how: {
    cause: RefundCause;
    actorId: number;
    message: string | null;
    full: boolean;
    destination: RefundDestination | null;
  },
): Promise<{ refund: RefundView; after: AfterCommit }> {
  const e = await unrefunded(trx, enrollment);
  const amount = amountFor(app, e, how.full);
  const offered = destinationsFor(e, amount, how.cause !== 'learner');
  const destination = how.destination ?? offered[0] ?? 'wallet';
  if (amount.amountCents > 0 && !offered.includes(destination)) {
    throw unprocessable('This payment can only be refunded to the wallet', [
      { path: 'destination', message: `must be one of: ${offered.join(', ')}` },
    ]);
  }
  const createdAt = app.now();
  await trx.updateTable('enrollments').set({ status: 'CANCELLED' }).where('id', '=', e.id).execute();
  const id = 're_' + randomBytes(8).toString('hex');
  await trx
    .insertInto('refunds')
    .values({
      id,
      enrollment_id: e.id,
      user_id: e.user_id,
      session_id: e.session_id,
      payment_intent_id: e.payment_intent_id,
      amount_cents: amount.amountCents,
      price_cents: amount.priceCents,
      fee_cents: amount.feeCents,
      percent: amount.percent,
      destination,
      status: destination === 'card' && amount.amountCents > 0 ? 'pending' : 'succeeded',
      cause: how.cause,
      actor_id: how.actorId,
      message: how.message,
      created_at: createdAt,
    })
    .execute();
  if (amount.amountCents > 0) {
    // The educator whose earnings the payment credited gives their part back.
    const earning = e.payment_intent_id
      ? await trx
          .selectFrom('ledger_entries as le')
          .innerJoin('ledger_transactions as lt', 'lt.id', 'le.transaction_id')
          .select('le.owner_id')
          .where('lt.payment_intent_id', '=', e.payment_intent_id)
          .where('le.account', '=', 'EARNINGS')
          .where('le.reason', '=', 'EARNING')
          .executeTakeFirst()
      : undefined;
    const named = `"${e.title}" (${String(e.start_date)} to ${String(e.end_date)})`;
    const legs: LedgerLeg[] = [
      {
        account: destination === 'wallet' ? 'WALLET' : 'FUNDING',
        ownerId: destination === 'wallet' ? e.user_id : null,
        amountCents: amount.amountCents,
        reason: 'REFUND',
        sessionId: e.session_id,
        description:
          destination === 'wallet' ? `Refund for ${named}` : `Refund to the card ••${e.card_last4 ?? ''} for ${named}`,
      },
    ];
    if (amount.priceCents > 0) {
      legs.push({
        account: 'EARNINGS',
        ownerId: earning?.owner_id ?? e.educator_id,
        amountCents: -amount.priceCents,
        reason: 'REFUND',
        sessionId: e.session_id,
        description: `Refund to a learner of session #${e.session_id}`,
      });
    }
    if (amount.feeCents > 0) {
      legs.push({
        account: 'PLATFORM_FEES',
        ownerId: null,
        amountCents: -amount.feeCents,
        reason: 'REFUND',
        sessionId: e.session_id,
        description: `Fee refunded for session #${e.session_id}`,
      });
    }
    await postLedgerTransaction(trx, 'ENROLLMENT_REFUND', legs, e.payment_intent_id, null, id);
  }
  const refund: RefundView = {
    id,
    sessionId: e.session_id,
    enrollmentId: e.id,
    userId: e.user_id,
    amount: amount.amountCents,
    stage: amount.stage,
    percent: amount.percent,
    destination,
    status: destination === 'card' && amount.amountCents > 0 ? 'pending' : 'succeeded',
    createdAt: createdAt.toISOString(),
  };
  const after: AfterCommit = [];
  if (refund.status === 'pending' && e.gateway_ref) {
    const gatewayRef = e.gateway_ref;
    after.push(async () => {
      const done = await app.gateway.refund({
        gatewayRef,
        amountCents: amount.amountCents,
        idempotencyKey: `refund:${id}`,
      });
      await app.db
        .updateTable('refunds')
        .set({ status: 'succeeded', gateway_ref: done.gatewayRef })
        .where('id', '=', id)
        .execute();
      refund.status = 'succeeded';
    });
  }
  after.push(() => notifyWaitlist(app, { kind: 'seat-freed', sessionId: e.session_id, cause: `refund:${id}` }));
  after.push(() =>
    app.mailer.sendTemplate(
      enrollmentRefunded,
      {
        firstName: e.first_name,
        title: e.title,
        startDate: String(e.start_date),
        endDate: String(e.end_date),
        amount: centsToDollars(amount.amountCents).toFixed(2),
        toCard: destination === 'card',
        card: e.card_last4 ? `••${e.card_last4}` : '',
        message: how.message,
      },
      { email: e.email, language: e.language },
      how.actorId,
    ),
  );
  return { refund, after };
}

/** Runs the after-commit work in order; a failure is logged (a card refund left pending is retried by the jobs). */
async function runAfter(app: AppContext, after: AfterCommit): Promise<void> {
  for (const f of after) {
    await f().catch((err) => app.log.error({ err }, 'work after a cancellation failed'));
  }
}

/** Locks the enrollment of `userId` in `sessionId`. @throws 404 none; 409 already cancelled. */
async function lockActive(trx: Transaction<Database>, sessionId: number, userId: number, mine: boolean) {
  const e = await enrollmentFor(trx, sessionId, userId, { lock: true });
  if (!e) throw notFound('Enrollment');
  if (e.status !== 'ACTIVE')
    throw conflict(
      mine ? 'Your enrollment in this session is already cancelled' : 'This enrollment is already cancelled',
    );
  return e;
}

/**
 * POST /sessions/{id}/refund {destination}: the learner cancels their ACTIVE enrollment and is
 * refunded by the policy, to the wallet or the card that paid.
 * @throws 404 not enrolled; 409 already cancelled or the session has ended; 422 a destination not offered.
 */
export async function cancelMyEnrollment(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  destination: RefundDestination,
): Promise<RefundView> {
  const { refund, after } = await app.db.transaction().execute(async (trx) => {
    const e = await lockActive(trx, sessionId, caller.userId, true);
    refuseEnded(app, e);
    return cancelLocked(app, trx, e, {
      cause: 'learner',
      actorId: caller.userId,
      message: null,
      full: false,
      destination,
    });
  });
  await runAfter(app, after);
  return refund;
}

/**
 * POST /sessions/{id}/learners/{learnerId}/refund {message, destination?}: an admin cancels a
 * learner's ACTIVE enrollment and gives back everything paid (the card when it can, unless told);
 * audited with the message, which is mailed to the learner.
 * @throws 404 not enrolled; 409 already cancelled; 422 a destination not offered.
 */
export async function refundEnrollment(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  learnerId: number,
  input: { message: string; destination?: RefundDestination },
): Promise<RefundView> {
  const message = input.message.trim();
  const { refund, after } = await app.db.transaction().execute(async (trx) => {
    const e = await lockActive(trx, sessionId, learnerId, false);
    const done = await cancelLocked(app, trx, e, {
      cause: 'admin',
      actorId: caller.userId,
      message,
      full: true,
      destination: input.destination ?? null,
    });
    await audit(trx, {
      actorId: caller.userId,
      action: 'enrollment.refunded',
      entityType: 'enrollment',
      entityId: e.id,
      message: `${(done.refund.amount / 100).toFixed(2)} USD to the ${done.refund.destination}: ${message}`,
    });
    return done;
  });
  await runAfter(app, after);
  return refund;
}

/**
 * Cancels every ACTIVE enrollment of an account being deleted or rejected, inside the caller's
 * transaction, by the same policy as the learner's own cancellation (to the card that paid when it
 * can, else the wallet). @returns the work to run once that transaction has committed.
 */
export async function cancelEnrollmentsOfAccount(
  app: AppContext,
  trx: Transaction<Database>,
  userId: number,
  actorId: number,
): Promise<() => Promise<void>> {
  const sessions = await trx
    .selectFrom('enrollments')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
  const after: AfterCommit = [];
  for (const { session_id } of sessions) {
    const e = await enrollmentFor(trx, session_id, userId, { lock: true });
    if (!e || e.status !== 'ACTIVE') continue;
    const done = await cancelLocked(app, trx, e, {
      cause: 'account',
      actorId,
      message: null,
      full: false,
      destination: null,
    });
    after.push(...done.after);
  }
  return () => runAfter(app, after);
}

/**
 * Card refunds committed a minute ago or more that the gateway has not taken yet (it could not be
 * reached after the commit): asked again with the same idempotency key (`refund:<id>`, so never
 * twice) and marked succeeded. Run by the periodic jobs. @returns how many went through now.
 */
export async function retryPendingRefunds(db: Db, gateway: AppContext['gateway'], now: Date): Promise<number> {
  const rows = await db
    .selectFrom('refunds as r')
    .innerJoin('payment_intents as pi', 'pi.id', 'r.payment_intent_id')
    .select(['r.id', 'r.amount_cents', 'pi.gateway_ref'])
    .where('r.status', '=', 'pending')
    .where('r.created_at', '<', new Date(now.getTime() - 60_000))
    .orderBy('r.created_at')
    .limit(100)
    .execute();
  let n = 0;
  for (const r of rows) {
    if (!r.gateway_ref) continue;
    try {
      const done = await gateway.refund({
        gatewayRef: r.gateway_ref,
        amountCents: r.amount_cents,
        idempotencyKey: `refund:${r.id}`,
      });
      await db
        .updateTable('refunds')
        .set({ status: 'succeeded', gateway_ref: done.gatewayRef })
        .where('id', '=', r.id)
        .execute();
      n++;
    } catch {
      // Still refused or unreachable: the next pass tries again.
    }
  }
  return n;
}
