import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { mailTemplateFile } from '../../platform/mail/templates.js';
import { centsToDollars } from '../../platform/money/cents.js';

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
 * The periodic jobs' part: the payments that succeeded a minute or more before `now` and whose receipt was
 * not mailed (the server stopped before its receipt queue ran, or the mail server refused), up to
 * 100, oldest first; the jobs mail each with {@link mailPaymentReceipt}, which claims it.
 */
export async function unmailedReceipts(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_intents')
    .select('id')
    .where('status', '=', 'succeeded')
    .where('receipt_mailed_at', 'is', null)
    .where('updated_at', '<=', new Date(now.getTime() - 60_000))
    .orderBy('updated_at')
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}
