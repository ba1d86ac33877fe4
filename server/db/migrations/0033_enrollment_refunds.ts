import { type Kysely, sql } from 'kysely';

/**
 * Refunds of cancelled enrollments (docs/decisions.md "Cancelling and refunds"): one row per
 * refunded payment — the learner's own cancellation, an admin's refund, or the cancellation that
 * comes with deleting or rejecting the account. `amount_cents` = `price_cents` + `fee_cents` (the
 * parts given back by the educator's earnings and the platform's fees), integer US cents, 0 when
 * the policy gives nothing back. `destination` is the wallet or the card that paid; a card refund is
 * `pending` until the gateway took it (`gateway_ref`), a wallet refund `succeeded` at once. The
 * unique payment intent makes one payment refundable once, whichever path comes first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrollment_id', 'integer', (c) => c.notNull().references('enrollments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('payment_intent_id', 'text', (c) => c.unique().references('payment_intents.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent between 0 and 100`))
    .addColumn('destination', 'text', (c) => c.notNull().check(sql`destination in ('wallet','card')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','succeeded')`))
    .addColumn('gateway_ref', 'text')
    .addColumn('cause', 'text', (c) => c.notNull().check(sql`cause in ('learner','admin','account')`))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refunds_user_idx').on('refunds').column('user_id').execute();
  await sql`alter table ledger_transactions add column refund_id text references refunds(id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_transactions drop column if exists refund_id`.execute(db);
  await db.schema.dropTable('refunds').ifExists().execute();
}
