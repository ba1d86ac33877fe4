import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { mailTemplateFile } from '../../platform/mail/templates.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { walletBalanceCents } from '../../platform/money/ledger.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The receipt a learner gets when a payment enrolled them (wallet or card, product.md#calls Payments), in
 * their language. Amounts are US dollars with two decimals (the ledger keeps cents).
 */
export const paymentReceipt = mailTemplateFile<{
  firstName: string;
  title: string;
  sessionId: number;
  startDate: string;
  endDate: string;
  timezone: string;
  price: string;
  fee: string;
  total: string;
  byWallet: boolean;
  intentId: string;
  url: string;
}>(TEMPLATES, 'payment-receipt');

/** What mailing a receipt needs of the app (the request's context, or the periodic jobs'). */
export type ReceiptMailContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'log' | 'now'>;

/**
 * Mails the receipt of a succeeded payment intent to its learner, once: the intent is claimed
 * (`receipt_mailed_at` set, migration 0023) and the receipt's data read in one statement, so a
 * receipt already mailed, being mailed, or of an intent that did not succeed is not sent. If
 * sending fails the claim is given back, and the periodic jobs ({@link unmailedReceipts}) try
 * again. Called by the receipt queue after the answer (AppContext.receipts), never inside a
 * checkout. A failure is logged, never thrown: the learner is enrolled whatever the mail does.
 * A crash between the claim and the send loses that one mail (a mail server cannot be part of the
 * transaction); a crash before the claim does not.
 * @returns whether a receipt was sent
 */
export async function mailPaymentReceipt(app: ReceiptMailContext, intentId: string): Promise<boolean> {
  if (intentId.startsWith('tu_')) return mailTopUpReceipt(app, intentId);
  try {
    const row = await app.db
      .updateTable('payment_intents as pi')
      .from(['users as u', 'sessions as s', 'courses as c'])
      .set({ receipt_mailed_at: app.now() })
      .whereRef('u.id', '=', 'pi.user_id')
      .whereRef('s.id', '=', 'pi.session_id')
      .whereRef('c.id', '=', 's.course_id')
      .where('pi.id', '=', intentId)
      .where('pi.status', '=', 'succeeded')
      .where('pi.receipt_mailed_at', 'is', null)
      .returning([
        'pi.id',
        'pi.amount_cents',
        'pi.fee_cents',
        'pi.payment_method',
        'u.email',
        'u.first_name',
        'u.language',
        's.id as session_id',
        's.start_date',
        's.end_date',
        's.timezone',
        'c.title',
      ])
      .executeTakeFirst();
    if (!row) return false;
    try {
      await app.mailer.sendTemplate(
        paymentReceipt,
        {
          firstName: row.first_name,
          title: row.title,
          sessionId: row.session_id,
          startDate: String(row.start_date),
          endDate: String(row.end_date),
          timezone: row.timezone,
          price: centsToDollars(row.amount_cents - row.fee_cents).toFixed(2),
          fee: centsToDollars(row.fee_cents).toFixed(2),
          total: centsToDollars(row.amount_cents).toFixed(2),
          byWallet: row.payment_method === 'wallet',
          intentId: row.id,
          url: `${app.config.publicUrl}/sessions/${row.session_id}`,
        },
        { email: row.email, language: row.language },
      );
      return true;
    } catch (err) {
      await app.db.updateTable('payment_intents').set({ receipt_mailed_at: null }).where('id', '=', intentId).execute();
      throw err;
    }
  } catch (err) {
    app.log.error({ err, intent: intentId }, 'mailing a payment receipt failed; the jobs will retry');
    return false;
  }
}

/**
 * The periodic jobs' part: the payments and wallet top-ups that succeeded a minute or more before
 * `now` and whose receipt was not mailed (the server stopped before its receipt queue ran, or the
 * mail server refused), up to 100 of each, oldest first; the jobs mail each with
 * {@link mailPaymentReceipt}, which claims it.
 */
export async function unmailedReceipts(db: Kysely<Database>, now: Date): Promise<string[]> {
  const before = new Date(now.getTime() - 60_000);
  const ids: string[] = [];
  for (const table of ['payment_intents', 'wallet_top_ups'] as const) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('status', '=', 'succeeded')
      .where('receipt_mailed_at', 'is', null)
      .where('updated_at', '<=', before)
      .orderBy('updated_at')
      .limit(100)
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The receipt of a wallet top-up (product.md#calls Payments): amount, card and new balance, US dollars. */
export const topUpReceipt = mailTemplateFile<{
  firstName: string;
  amount: string;
  card: string;
  balance: string;
  topUpId: string;
  url: string;
}>(TEMPLATES, 'top-up-receipt');

/**
 * Mails the receipt of a succeeded wallet top-up once, as {@link mailPaymentReceipt} does for a
 * payment (claimed by `receipt_mailed_at`, given back if sending fails; logged, never thrown).
 * @returns whether a receipt was sent
 */
async function mailTopUpReceipt(app: ReceiptMailContext, topUpId: string): Promise<boolean> {
  try {
    const row = await app.db
      .updateTable('wallet_top_ups as t')
      .from(['users as u', 'payment_methods as pm'])
      .set({ receipt_mailed_at: app.now() })
      .whereRef('u.id', '=', 't.user_id')
      .whereRef('pm.id', '=', 't.payment_method_id')
      .where('t.id', '=', topUpId)
      .where('t.status', '=', 'succeeded')
      .where('t.receipt_mailed_at', 'is', null)
      .returning([
        't.id',
        't.amount_cents',
        't.user_id',
        'u.email',
        'u.first_name',
        'u.language',
        'pm.brand',
        'pm.last4',
      ])
      .executeTakeFirst();
    if (!row) return false;
    try {
      await app.mailer.sendTemplate(
        topUpReceipt,
        {
          firstName: row.first_name,
          amount: centsToDollars(row.amount_cents).toFixed(2),
          card: `${row.brand} ••${row.last4}`,
          balance: centsToDollars(await walletBalanceCents(app.db, row.user_id)).toFixed(2),
          topUpId: row.id,
          url: `${app.config.publicUrl}/account/wallet`,
        },
        { email: row.email, language: row.language },
      );
      return true;
    } catch (err) {
      await app.db.updateTable('wallet_top_ups').set({ receipt_mailed_at: null }).where('id', '=', topUpId).execute();
      throw err;
    }
  } catch (err) {
    app.log.error({ err, topUp: topUpId }, 'mailing a top-up receipt failed; the jobs will retry');
    return false;
  }
}

/**
 * To the learner whose enrollment was cancelled (by themselves, an admin — with the admin's message —
 * or with their account): what goes back where. `amount` is US dollars with two decimals.
 */
export const enrollmentRefunded = mailTemplateFile<{
  firstName: string;
  title: string;
  startDate: string;
  endDate: string;
  amount: string;
  toCard: boolean;
  card: string;
  message: string | null;
}>(TEMPLATES, 'enrollment-refunded');
