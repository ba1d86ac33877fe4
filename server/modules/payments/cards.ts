import type { Schema } from '../../platform/handlers.js';
import { randomBytes } from 'node:crypto';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { GatewayError } from '../../platform/payments/gateway.js';

/** The contract's Card (a saved payment method). */
export type CardView = Schema<'Card'>;

const toCard = (r: {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}): CardView => ({
  id: r.id,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  isDefault: r.is_default,
});

/** GET /payments/cards: the caller's saved cards, the default first, then newest. */
export async function listCards(app: AppContext, caller: Caller): Promise<CardView[]> {
  const rows = await app.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .where('removed_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toCard);
}

/**
 * POST /payments/cards {source}: saves a card from a gateway token (`tok_…`/`pm_…`); the first card
 * becomes the default. @throws 422 when the gateway refuses the source.
 */
export async function addCard(app: AppContext, caller: Caller, source: string): Promise<CardView> {
  let card;
  try {
    card = await app.gateway.attachCard(source);
  } catch (e) {
    if (e instanceof GatewayError) throw new HttpError(422, e.message, [{ path: 'source', message: e.message }]);
    throw e;
  }
  const id = `pm_${randomBytes(12).toString('hex')}`;
  return app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().execute();
    const others = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('user_id', '=', caller.userId)
      .where('removed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('payment_methods')
      .values({
        id,
        user_id: caller.userId,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        gateway_ref: card.gatewayRef,
        is_default: others.length === 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCard(row);
  });
}

/** DELETE /payments/cards/{id}: removes a saved card; the newest other card becomes default if needed. @throws 404. */
export async function removeCard(app: AppContext, caller: Caller, id: string): Promise<{ id: string }> {
  await app.db.transaction().execute(async (trx) => {
    const card = await trx
      .selectFrom('payment_methods')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', caller.userId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw notFound('Card');
    await trx
      .updateTable('payment_methods')
      .set({ removed_at: app.now(), is_default: false })
      .where('id', '=', id)
      .execute();
    if (card.is_default) {
      const next = await trx
        .selectFrom('payment_methods')
        .select('id')
        .where('user_id', '=', caller.userId)
        .where('removed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (next) await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', next.id).execute();
    }
  });
  return { id };
}

/** PUT /payments/cards/{id}/default. @throws 404. */
export async function setDefaultCard(app: AppContext, caller: Caller, id: string): Promise<CardView> {
  return app.db.transaction().execute(async (trx) => {
    const card = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', caller.userId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!card) throw notFound('Card');
    await trx.updateTable('payment_methods').set({ is_default: false }).where('user_id', '=', caller.userId).execute();
    const row = await trx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCard(row);
  });
}

/** GET /payments/config: gateway name, publishable key, hold time and the sandbox's test cards. */
export function paymentConfig(app: AppContext) {
  return {
    gateway: app.gateway.name,
    publishableKey: app.gateway.publishableKey,
    currency: 'USD' as const,
    holdMinutes: app.config.paymentHoldMinutes,
    testCards: app.gateway.testCards,
  };
}
