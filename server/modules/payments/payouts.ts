import type { Selectable } from 'kysely';
import type { ExternalAccountsTable, PayoutsTable } from '../../db/types.js';
import type { Schema } from '../../platform/handlers.js';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, notFound, unprocessable } from '../../platform/errors.js';
import { GatewayError } from '../../platform/payments/gateway.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { type BankAccountInput, checkBankDetails } from './bank-details.js';
import { once } from './idempotency.js';
import { postLedgerTransaction } from '../../platform/money/ledger.js';

/** The contract's ExternalAccount. */
const toAccount = (r: Selectable<ExternalAccountsTable>): Schema<'ExternalAccount'> => ({
  id: r.id,
  bankName: r.bank_name,
  last4: r.last4,
  country: r.country,
  currency: r.currency,
  status: r.status,
});

/** GET /payments/accounts/external-account. @throws 404 when the educator has none. */
export async function getExternalAccount(app: AppContext, caller: Caller) {
  const row = await app.db
    .selectFrom('external_accounts')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!row) throw notFound('Bank account');
  return toAccount(row);
}

/**
 * POST /payments/accounts/external-account {accountHolderName, country, iban | routingNumber +
 * accountNumber}: checks the bank details ({@link checkBankDetails}), has the gateway make them the
 * payout account, and sets (replaces) it. Only the last four digits are stored and answered.
 * @throws 400 naming a missing or invalid field (nothing stored); 422 details the gateway refuses.
 */
export async function setExternalAccount(app: AppContext, caller: Caller, input: BankAccountInput) {
  const details = checkBankDetails(input);
  let account;
  try {
    account = await app.gateway.attachBankAccount(details);
  } catch (e) {
    if (e instanceof GatewayError)
      throw new HttpError(422, e.message, [
        { path: details.kind === 'iban' ? 'iban' : 'accountNumber', message: e.message },
      ]);
    throw e;
  }
  // Halaqa pays out in US dollars only (decisions.md Money).
  const currency = account.currency;
  if (currency !== 'USD')
    throw new HttpError(422, `Payouts are in USD; this bank account is in ${currency}`, [
      { path: 'country', message: 'must be a USD account' },
    ]);
  const row = await app.db
    .insertInto('external_accounts')
    .values({
      id: account.id,
      user_id: caller.userId,
      bank_name: account.bankName,
      last4: account.last4,
      country: account.country,
      currency,
      status: account.status,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        id: account.id,
        bank_name: account.bankName,
        last4: account.last4,
        country: account.country,
        currency,
        status: account.status,
        created_at: app.now(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row);
}

/**
 * An educator's earnings in cents (decisions.md): the EARNINGS account's entries, split by whether
 * their session has been delivered (ended before today) — `pending` — or not; payouts reduce it.
 */
async function earningsCents(db: AppContext['db'], educatorId: number) {
  const { rows } = await sql<{ pending: number; total: number; paid_out: number }>`
    select coalesce(sum(case when s.end_date >= current_date and e.reason <> 'PAYOUT' then e.amount_cents else 0 end), 0)::bigint as pending,
           coalesce(sum(e.amount_cents), 0)::bigint as total,
           coalesce(-sum(case when e.reason = 'PAYOUT' then e.amount_cents else 0 end), 0)::bigint as paid_out
    from ledger_entries e left join sessions s on s.id = e.session_id
    where e.account = 'EARNINGS' and e.owner_id = ${educatorId}`.execute(db);
  const r = rows[0];
  const pending = Number(r.pending);
  return { pending, payable: Number(r.total) - pending, paidOut: Number(r.paid_out) };
}

const toPayout = (p: Selectable<PayoutsTable>): Schema<'Payout'> => ({
  id: p.id,
  amount: p.amount_cents,
  status: p.status,
  externalAccountId: p.external_account_id,
  createdAt: p.created_at.toISOString(),
});

/** GET /payments/earnings: pending, payable and paid-out dollars and the payouts, newest first. */
export async function getEarnings(app: AppContext, caller: Caller) {
  const e = await earningsCents(app.db, caller.userId);
  const payouts = await app.db
    .selectFrom('payouts')
    .selectAll()
    .where('educator_id', '=', caller.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    currency: 'USD' as const,
    pending: centsToDollars(e.pending),
    payable: centsToDollars(Math.max(0, e.payable)),
    paidOut: centsToDollars(e.paidOut),
    payouts: payouts.map(toPayout),
  };
}

/**
 * POST /payments/payouts + Idempotency-Key: pays out everything payable to the educator's bank
 * account — a payout row and a balanced ledger transaction (EARNINGS −x, PAYOUTS +x) in one
 * transaction with the educator row locked. @throws 422 no bank account or nothing payable.
 */
export async function createPayout(app: AppContext, caller: Caller, key: string) {
  const result = await app.db.transaction().execute((trx) =>
    once(trx, caller.userId, key, 'createPayout', {}, async () => {
      await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().executeTakeFirstOrThrow();
      const account = await trx
        .selectFrom('external_accounts')
        .selectAll()
        .where('user_id', '=', caller.userId)
        .executeTakeFirst();
      if (!account) throw unprocessable('Add a bank account before asking for a payout');
      const { payable } = await earningsCents(trx, caller.userId);
      if (payable <= 0) throw unprocessable('Nothing is payable yet: earnings become payable once a session has ended');
      const sent = await app.gateway.payout({
        bankAccountId: account.id,
        amountCents: payable,
        currency: 'USD',
        idempotencyKey: `${caller.userId}:${key}`,
      });
      const id = `po_${randomBytes(10).toString('hex')}`;
      const row = await trx
        .insertInto('payouts')
        .values({
          id,
          educator_id: caller.userId,
          amount_cents: payable,
          external_account_id: account.id,
          status: sent.status,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await postLedgerTransaction(trx, 'PAYOUT', [
        {
          account: 'EARNINGS',
          ownerId: caller.userId,
          amountCents: -payable,
          reason: 'PAYOUT',
          description: `Payout ${id}`,
        },
        {
          account: 'PAYOUTS',
          ownerId: caller.userId,
          amountCents: payable,
          reason: 'PAYOUT',
          description: `Payout ${id} to bank ••${account.last4}`,
        },
      ]);
      return { statusCode: 201, body: toPayout(row) };
    }),
  );
  return result.body;
}
