import type { Kysely, Transaction } from 'kysely';
import type { Database, LedgerAccount, LedgerReason } from '../../db/types.js';

/** One leg of a ledger transaction. `amountCents` is signed: credit to the account > 0, debit < 0. */
export interface LedgerLeg {
  account: LedgerAccount;
  /** user owning the account (learner wallet, educator earnings); null for platform accounts */
  ownerId: number | null;
  amountCents: number;
  reason: LedgerReason;
  sessionId?: number | null;
  description: string;
}

/** A ledger transaction whose legs do not sum to zero: a programming error, never user input. */
export class UnbalancedLedgerError extends Error {
  constructor(sum: number) {
    super(`Ledger transaction does not balance: legs sum to ${sum} cents`);
  }
}

/**
 * Writes one double-entry transaction (decisions.md: balance = sum of entries) inside the caller's
 * database transaction, so it commits or rolls back with what caused it. The payment intent or the
 * wallet top-up (migration 0031) or the refund (migration 0033) it belongs to, if any, is kept with it.
 * @throws UnbalancedLedgerError when the legs do not sum to zero.
 */
export async function postLedgerTransaction(
  trx: Transaction<Database>,
  kind: string,
  legs: LedgerLeg[],
  paymentIntentId: string | null = null,
  topUpId: string | null = null,
  refundId: string | null = null,
): Promise<number> {
  const sum = legs.reduce((s, l) => s + l.amountCents, 0);
  if (sum !== 0 || legs.length < 2) throw new UnbalancedLedgerError(sum);
  const { id } = await trx
    .insertInto('ledger_transactions')
    .values({ kind, payment_intent_id: paymentIntentId, top_up_id: topUpId, refund_id: refundId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_entries')
    .values(
      legs.map((l) => ({
        transaction_id: id,
        account: l.account,
        owner_id: l.ownerId,
        amount_cents: l.amountCents,
        reason: l.reason,
        session_id: l.sessionId ?? null,
        description: l.description,
      })),
    )
    .execute();
  return id;
}

/** A user's wallet balance in cents: the sum of their WALLET entries. */
export async function walletBalanceCents(db: Kysely<Database>, userId: number): Promise<number> {
  const { sum } = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('sum'))
    .where('account', '=', 'WALLET')
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(sum);
}
