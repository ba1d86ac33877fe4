import { type Kysely, sql } from 'kysely';

/**
 * Card payments (issue "Money that never goes wrong"): saved cards (payment methods), card payment
 * intents with a bounded seat hold and Stripe-style errors, educators' bank accounts and payouts,
 * addresses, and the PAYOUTS ledger account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('gateway_ref', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payment_methods_user_idx').on('payment_methods').column('user_id').execute();

  await db.schema
    .alterTable('payment_intents')
    .addColumn('price_cents', 'integer')
    .addColumn('payment_method_id', 'text', (c) => c.references('payment_methods.id'))
    .addColumn('gateway_ref', 'text')
    .addColumn('hold_expires_at', 'timestamptz')
    .addColumn('last_error_code', 'text')
    .addColumn('last_error_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_intents_hold_idx')
    .on('payment_intents')
    .columns(['session_id', 'status', 'hold_expires_at'])
    .execute();

  await db.schema
    .createTable('external_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('educator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('external_account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`alter table ledger_entries drop constraint if exists ledger_entries_account_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_account_check check (account in ('WALLET','EARNINGS','PLATFORM_FEES','FUNDING','PAYOUTS'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_account_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_account_check check (account in ('WALLET','EARNINGS','PLATFORM_FEES','FUNDING'))`.execute(
    db,
  );
  for (const t of ['addresses', 'payouts', 'external_accounts']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema
    .alterTable('payment_intents')
    .dropColumn('price_cents')
    .dropColumn('payment_method_id')
    .dropColumn('gateway_ref')
    .dropColumn('hold_expires_at')
    .dropColumn('last_error_code')
    .dropColumn('last_error_message')
    .dropColumn('updated_at')
    .execute();
  await db.schema.dropTable('payment_methods').ifExists().execute();
}
