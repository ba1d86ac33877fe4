import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

export type LedgerAccount = 'WALLET' | 'EARNINGS' | 'PLATFORM_FEES' | 'FUNDING' | 'PAYOUTS';
/** Every amount is in US dollars, stored in integer cents (decisions.md Money). */
export type Currency = 'USD';
/** Stripe's payment intent lifecycle (decisions.md). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'processing'
  | 'requires_action'
  | 'succeeded'
  | 'canceled';
/** Why a wallet ledger entry exists. */
export type LedgerReason = WalletReason | 'EARNING' | 'FEE' | 'PAYOUT';
/** The reasons of entries on a learner's WALLET account (the wallet screen shows them). */
export type WalletReason = 'TOP_UP' | 'PAYMENT' | 'REFUND' | 'CREDIT';
/** Stripe's external (bank) account statuses. */
export type ExternalAccountStatus = 'new' | 'validated' | 'verified' | 'verification_failed' | 'errored';
/** A payout to an educator's bank account. */
export type PayoutStatus = 'pending' | 'paid' | 'failed';
export interface PaymentIntentsTable {
  id: string;
  user_id: number;
  session_id: number;
  amount_cents: number;
  fee_cents: number;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  status: PaymentIntentStatus;
  payment_method: 'card' | 'wallet';
  enrollment_id: number | null;
  /** the session price part of amount_cents (amount = price + fee) */
  price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  gateway_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** the seat is held for this intent until then; null once settled */
  hold_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_error_code: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** card authorization attempts started (the gateway key of attempt n > 1 ends with `:<n>`) */
  attempts: ColumnType<number, number | undefined, number>;
  /** when the card payment was captured; null while only authorized (the jobs capture it) */
  captured_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the receipt was mailed (claimed); null until then, and again if sending failed (migration 0023). */
  receipt_mailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The discount code this payment was priced with (migration 0034), else null. */
  discount_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Cents the code took off the session's price (0 without a code); `price_cents` is after it. */
  discount_cents: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  created_at: Timestamp;
}
/** A discount code (migration 0034): percent or fixed cents off one course (or one session of it). */
export interface DiscountCodesTable {
  id: Generated<number>;
  /** Upper-case, unique. */
  code: string;
  kind: 'percent' | 'fixed';
  /** 1–100 for `percent`, else null. */
  percent_off: number | null;
  /** Cents off for `fixed`, else null. */
  amount_off_cents: number | null;
  course_id: number;
  session_id: number | null;
  /** A partner's code: only this company's members may use it. */
  company_id: number | null;
  created_by: number;
  valid_from: Date;
  valid_to: Date;
  max_uses: number;
  max_uses_per_learner: ColumnType<number, number | undefined, number>;
  uses: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}
/** One use of a discount code: counted with the enrollment it priced (migration 0034). */
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  session_id: number;
  payment_intent_id: string;
  discount_cents: number;
  created_at: Timestamp;
}
/**
 * A seat check queued for its transaction's commit (migration 0037; sessions/seat-check.ts): a
 * deferred constraint trigger checks it at COMMIT and deletes it, so no row outlives its transaction.
 */
export interface SeatChecksTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  /** the app's clock: holds expiring before it are not counted */
  checked_at: Date;
  /** the session's price expected at commit, cents */
  price_cents: number;
  /** the session's educator expected at commit; null: not compared */
  educator_id: number | null;
  /** seats the learner takes beyond those counted (1 for a new hold, 0 for an enrollment) */
  takes: number;
}
export interface EnrollmentsTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  status: ColumnType<'ACTIVE' | 'CANCELLED', 'ACTIVE' | 'CANCELLED' | undefined, 'ACTIVE' | 'CANCELLED'>;
  paid_amount_cents: ColumnType<number, number | undefined, number>;
  payment_intent_id: string | null;
  created_at: Timestamp;
}
export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  payment_intent_id: string | null;
  /** the wallet top-up this transaction credits (migration 0031), else null */
  top_up_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the refund this transaction gives back (migration 0033), else null */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}
export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account: LedgerAccount;
  owner_id: number | null;
  amount_cents: number;
  reason: LedgerReason;
  session_id: number | null;
  description: string;
  created_at: Timestamp;
}
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  operation: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}
export interface PaymentMethodsTable {
  id: string;
  user_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** the gateway's reference (sandbox: the test token's behaviour key; Stripe: its pm id) */
  gateway_ref: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface ExternalAccountsTable {
  id: string;
  user_id: number;
  bank_name: string;
  last4: string;
  country: string;
  currency: Currency;
  status: ExternalAccountStatus;
  created_at: Timestamp;
}
export interface PayoutsTable {
  id: string;
  educator_id: number;
  amount_cents: number;
  external_account_id: string;
  status: PayoutStatus;
  created_at: Timestamp;
}

/** A wallet top-up's lifecycle (Stripe's words; decisions.md "Wallet top-ups"). */
export type TopUpStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';
/** A card charge that credits a learner's wallet (migration 0031); amounts in integer US cents. */
export interface WalletTopUpsTable {
  id: string;
  user_id: number;
  amount_cents: number;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  status: TopUpStatus;
  payment_method_id: string;
  gateway_ref: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_code: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the card charge was captured; null while only authorized */
  captured_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** when the receipt was mailed (claimed); null until then, and again if sending failed */
  receipt_mailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Where a refund goes: the learner's wallet, or the card that paid (decisions.md "Cancelling and refunds"). */
export type RefundDestination = 'wallet' | 'card';
/** Who cancelled: the learner, an admin (with a message), or the deletion or rejection of the account. */
export type RefundCause = 'learner' | 'admin' | 'account';
/**
 * A cancelled enrollment's refund (migration 0033); integer US cents, amount = price part + fee part.
 * A card refund is `pending` until the gateway took it, a wallet refund `succeeded` at once.
 */
export interface RefundsTable {
  id: string;
  enrollment_id: number;
  user_id: number;
  session_id: number;
  payment_intent_id: string | null;
  amount_cents: number;
  price_cents: number;
  fee_cents: number;
  percent: number;
  destination: RefundDestination;
  status: 'pending' | 'succeeded';
  gateway_ref: ColumnType<string | null, string | null | undefined, string | null>;
  cause: RefundCause;
  actor_id: number;
  message: string | null;
  created_at: Timestamp;
}
