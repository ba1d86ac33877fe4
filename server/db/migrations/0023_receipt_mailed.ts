import { type Kysely, sql } from 'kysely';

/**
 * When a payment's receipt was mailed. The receipt is mailed after the answer,
 * by the server's receipt queue (AppContext.receipts, server/modules/payments/mails.ts), not in
 * the checkout: building and storing the mail was a sixth of the server's CPU time per sale in the
 * enrollment storm.
 * `receipt_mailed_at` is set when the mail is claimed (a claim and the receipt's data are one
 * statement), set back to null if sending fails, and a succeeded payment without it for a minute
 * is mailed by the periodic jobs (a crash between the commit and the mail). Payments that
 * succeeded before this migration had their receipts mailed inline: they are marked mailed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_intents add column receipt_mailed_at timestamptz`.execute(db);
  await sql`update payment_intents set receipt_mailed_at = updated_at where status = 'succeeded'`.execute(db);
  await sql`create index payment_intents_receipt_unmailed on payment_intents (updated_at) where status = 'succeeded' and receipt_mailed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_intents_receipt_unmailed`.execute(db);
  await sql`alter table payment_intents drop column if exists receipt_mailed_at`.execute(db);
}
