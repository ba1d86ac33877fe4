import { type Kysely, sql } from 'kysely';

/**
 * Card payments authorized, then captured (issue "Nothing lost, nobody in"): a card intent counts
 * its authorization attempts (the gateway idempotency key of attempt n is `intent:<id>:authorize`,
 * then `…:authorize:<n>`), and records when its money was captured; a succeeded intent not yet
 * captured is captured by the periodic jobs. Intents that succeeded before (charged at once) were
 * captured then.
 *
 * Fair grading: `submissions.created_at` (the database's clock, whatever the app's clock says) so
 * that the per-learner limit of code submissions a minute is counted across server instances.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_intents')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('captured_at', 'timestamptz')
    .execute();
  await sql`update payment_intents set captured_at = updated_at where status = 'succeeded' and payment_method = 'card'`.execute(
    db,
  );
  await db.schema
    .createIndex('payment_intents_uncaptured_idx')
    .on('payment_intents')
    .column('updated_at')
    .where(sql<boolean>`status = 'succeeded' and payment_method = 'card' and captured_at is null`)
    .execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('submissions_code_rate_idx')
    .on('submissions')
    .columns(['user_id', 'created_at'])
    .where(sql<boolean>`kind = 'CODE'`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_code_rate_idx').execute();
  await db.schema.alterTable('submissions').dropColumn('created_at').execute();
  await db.schema.dropIndex('payment_intents_uncaptured_idx').execute();
  await db.schema.alterTable('payment_intents').dropColumn('attempts').dropColumn('captured_at').execute();
}
