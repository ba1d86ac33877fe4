import { captureUncapturedTopUps } from './top-ups.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import type { GatewayEvent, PaymentGateway } from '../../platform/payments/gateway.js';
import { OPEN_INTENT_STATUSES } from '../../platform/session-lifecycle.js';
import { PENDING_STATUS } from './idempotency.js';
import { EXPIRED_HOLD, captureCommitted, gatewayKeys, releaseAuthorization } from './intent-state.js';
import { commitEnrollment, refusal } from './intent-commit.js';
import { seatCheckRefusal } from '../sessions/seat-check.js';
import { captureStranded } from '../../platform/payments/capture-retry.js';

/**
 * Card payments outside a learner's request: the periodic jobs' expiry of seat holds and retry of
 * captures, and the gateway's own reports (a Stripe webhook).
 */

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
    .set({ ...EXPIRED_HOLD, updated_at: now })
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
 * gateway could not be reached), a minute or more ago, and likewise credited wallet top-ups
 * ({@link captureUncapturedTopUps}). @returns how many were captured.
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
  const n = await captureStranded(gateway, rows, gatewayKeys.capture, (id) =>
    db.updateTable('payment_intents').set({ captured_at: now }).where('id', '=', id).execute(),
  );
  return n + (await captureUncapturedTopUps(db, gateway, now));
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
  const done = await app.db
    .transaction()
    .execute(async (trx) => {
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
    })
    .catch((e: unknown) => {
      throw seatCheckRefusal(e);
    });
  if ('outcome' in done && done.outcome) app.metrics.payment('card', done.outcome);
  if ('giveBack' in done && done.giveBack) await releaseAuthorization(app, done.giveBack, gatewayRef);
  if ('committed' in done && done.committed) {
    await captureCommitted(app, done.committed);
    app.receipts.enqueue(done.committed.id);
  }
  return done.changed;
}
