import { type Kysely, sql } from 'kysely';

/**
 * Wallet top-ups by card (docs/decisions.md "Wallet top-ups"): one row per top-up, Stripe's
 * statuses — `processing` while the gateway authorizes, `requires_action` while the 3-D Secure step
 * waits, `succeeded` once the wallet is credited (FUNDING → WALLET in the same transaction),
 * `failed` for a declined card or a failed step (nothing credited). `amount_cents` is bounded by
 * the contract and the service (100–100000 cents); `receipt_mailed_at` is the receipt's claim, as
 * on payment intents (migration 0023).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_top_ups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('processing','requires_action','succeeded','failed')`),
    )
    .addColumn('payment_method_id', 'text', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('gateway_ref', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('last_error_message', 'text')
    .addColumn('captured_at', 'timestamptz')
    .addColumn('receipt_mailed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('wallet_top_ups_user_idx').on('wallet_top_ups').column('user_id').execute();
  await sql`alter table ledger_transactions add column top_up_id text references wallet_top_ups(id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_transactions drop column if exists top_up_id`.execute(db);
  await db.schema.dropTable('wallet_top_ups').ifExists().execute();
}
