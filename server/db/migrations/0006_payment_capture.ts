import { type Kysely, sql } from 'kysely';

/**
 * Card payments authorized, then captured (issue "Nothing lost, nobody in"): a card intent counts
 * its authorization attempts (the gateway idempotency key of attempt n is `intent:<id>:authorize`,
 * then `…:authorize:<n>`), and records when its money was captured; a succeeded intent not yet
 * captured is captured by the periodic jobs. Intents that succeeded before (charged at once) were
 * captured then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_intents')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('captured_at', 'timestamptz')
    .execute();
  await sql`update payment_intents set captured_at = updated_at where status = 'succeeded' and payment_method = 'card'`.execute(db);
  await db.schema
    .createIndex('payment_intents_uncaptured_idx')
    .on('payment_intents')
    .column('updated_at')
    .where(sql<boolean>`status = 'succeeded' and payment_method = 'card' and captured_at is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_intents_uncaptured_idx').execute();
  await db.schema.alterTable('payment_intents').dropColumn('attempts').dropColumn('captured_at').execute();
}
