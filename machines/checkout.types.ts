import type { Schema } from './support/contract';

/**
 * The shapes of the checkout (checkout.machine.ts): what it loads and pays with, what it keeps in context, the
 * events it takes, the inputs of its actors and how it ends. Money: quote `price/fee/total` and wallet `balance`
 * are decimal dollars; `amount` is integer cents.
 */

/** `POST /payments/fee` answer: `price`, `fee`, `total` in decimal dollars, `amount` in integer cents. */
export type FeeQuote = Schema<'FeeQuote'>;

/** `POST /payments/discount-codes/quote` answer: the discounted price, the fee on it and the total (dollars; `amount` cents). */
export type DiscountQuote = Schema<'DiscountQuote'>;

/** Why the server refused a discount code (`errors[0].message` of its 409/422), or `failed` (no answer, another error). */
export type DiscountRefusal = Schema<'DiscountRefusal'> | 'failed';

/** The discount code applied to the checkout: the code as stored and what it takes off (dollars). */
export interface AppliedDiscount {
  code: string;
  listPrice: number;
  discount: number;
}

/** A refused discount code: the reason, and the server's message when there is one. */
export interface CodeError {
  reason: DiscountRefusal;
  message?: string;
}

/** The wallet's balance (decimal US dollars) and currency; the checkout leaves the ledger entries out. */
export type WalletSummary = Pick<Schema<'Wallet'>, 'balance' | 'currency'>;

/** A saved card (payment method `pm_…`). */
export type SavedCard = Schema<'Card'>;

/** A sandbox test card offered by `GET /payments/config`. */
export type TestCard = Schema<'TestCard'>;

/** `GET /payments/config`: which gateway runs, the seat hold in minutes and, in sandbox mode, the test cards. */
export type GatewayConfig = Pick<Schema<'PaymentConfig'>, 'gateway' | 'publishableKey' | 'holdMinutes' | 'testCards'>;

/** What the checkout loads before the learner chooses (actor `prepare`). */
export interface CheckoutData {
  quote: FeeQuote;
  cards: SavedCard[];
  wallet: WalletSummary;
  config: GatewayConfig;
}

type PaymentIntent = Schema<'PaymentIntent'>;

/**
 * A payment intent as the checkout needs it (`id` `pi_…`, `amount` in integer cents, `enrollmentId` once paid;
 * only status 'succeeded' is success, product.md#states). Wallet payments answer these four fields; card intents
 * also carry the seat hold (`expiresAt`), the 3-D Secure step (`nextAction`) and the last decline.
 */
export type PaymentResult = Pick<PaymentIntent, 'id' | 'status' | 'amount' | 'enrollmentId'> &
  Partial<Pick<PaymentIntent, 'expiresAt' | 'nextAction' | 'lastPaymentError'>>;

/** The method the learner chose. `newCard`: a card is being entered (it must be added first). */
export type CheckoutMethod = { kind: 'card'; cardId: string } | { kind: 'wallet' } | { kind: 'newCard' };

/** Where a failure happened; decides what `checkout.retried` does. */
export type CheckoutStep =
  | 'load'
  /** No answer / 5xx: the call is resent with the same key. */
  | 'intentUnknown'
  | 'confirmUnknown'
  | 'authUnknown'
  | 'walletUnknown'
  /** Releasing the card intent before a wallet payment failed. */
  | 'release'
  /** The card was declined (402, or 3-D Secure failed): the intent stays open for another try. */
  | 'declined'
  /** The server refused (409/422/404…): start over with a fresh quote. */
  | 'refused';

export type CheckoutFailureCode =
  | 'checkout.loadFailed'
  | 'checkout.cardRefused'
  | 'checkout.addCardFailed'
  | 'checkout.intentFailed'
  | 'checkout.cardDeclined'
  | 'checkout.paymentFailed'
  | 'checkout.authenticationFailed'
  | 'checkout.walletFailed'
  | 'checkout.releaseFailed'
  /** The discount code was refused when paying (used up meanwhile, expired…): it is dropped, the full price shown again. */
  | 'checkout.codeRefused';

export interface CheckoutFailure {
  code: CheckoutFailureCode;
  step: CheckoutStep;
  /** HTTP status (0 = no answer). */
  status?: number;
  /** The server's (or gateway's) message, when there is one. */
  message?: string;
  /** The gateway's decline code from `lastPaymentError` (card_declined, insufficient_funds…). */
  declineCode?: string;
}

export interface CheckoutInput {
  sessionId: number;
  /** Decimal US dollars (> 0). */
  price: number;
  /** Prefix of the Idempotency-Keys (default a random UUID; tests pass a fixed one). */
  keySeed?: string;
  /** The method to start on (the learner comes back from topping up the wallet); default a saved card. */
  method?: 'wallet';
}

/** How the checkout ended (the machine's output). */
export type CheckoutOutput =
  | { outcome: 'paid'; payment: PaymentResult }
  | { outcome: 'full' }
  | {
      outcome: 'canceled';
      /** The open card intent could not be released: its seat stays held until `heldUntil`. */
      releaseFailed: boolean;
      heldUntil: string | null;
    };

/** What the machine announces for the panel's toasts (product.md#messages): a failed load or payment. */
export type CheckoutEmitted =
  | { type: 'checkout.loadFailed'; error: CheckoutFailure | null }
  | { type: 'checkout.failed'; error: CheckoutFailure | null };

export interface CheckoutContext {
  sessionId: number;
  price: number;
  keySeed: string;
  /** Presses of "Pay" (each a new attempt with a new key). */
  attempt: number;
  /** `<keySeed>-<attempt>` of the current attempt, null before the first. */
  attemptKey: string | null;
  /** What the learner pays: the session's quote, or with a discount code the discounted one. */
  quote: FeeQuote | null;
  /** The session's quote without any code (to go back to when the code is removed or refused). */
  listQuote: FeeQuote | null;
  /** The discount code applied, if any (only changed while no card intent is open). */
  discount: AppliedDiscount | null;
  /** The last code refused (shown under the code field until the learner acts again). */
  codeError: CodeError | null;
  cards: SavedCard[];
  wallet: WalletSummary | null;
  config: GatewayConfig | null;
  method: CheckoutMethod | null;
  /** The card intent of this checkout (open while not succeeded/canceled), or the wallet payment. */
  intent: PaymentResult | null;
  /** The 3-D Secure answer being sent (kept to resend it after no answer). */
  authResult: 'succeed' | 'fail' | null;
  /** Adding a card failed (product.md#states "add payment method" state; reset when the learner acts again). */
  cardError: CheckoutFailure | null;
  error: CheckoutFailure | null;
  releaseFailed: boolean;
}

export type CheckoutEvent =
  | { type: 'method.selected'; method: CheckoutMethod }
  | { type: 'card.submitted'; token: string }
  | { type: 'code.submitted'; code: string }
  | { type: 'code.removed' }
  | { type: 'payment.submitted' }
  | { type: 'authentication.submitted'; result: 'succeed' | 'fail' }
  | { type: 'checkout.retried' }
  | { type: 'method.changed' }
  | { type: 'checkout.cancelled' };

export interface CreateIntentInput {
  sessionId: number;
  /** Integer cents. */
  amount: number;
  idempotencyKey: string;
  /** The applied discount code, when there is one. */
  discountCode?: string;
}
export interface QuoteCodeInput {
  sessionId: number;
  code: string;
}
export interface ConfirmIntentInput {
  intentId: string;
  /** Saved card id `pm_…`. */
  paymentMethod: string;
  idempotencyKey: string;
}
export interface AuthenticateInput {
  intentId: string;
  result: 'succeed' | 'fail';
}
export interface WalletPaymentInput {
  sessionId: number;
  /** Integer cents (0 with a code that takes the whole price off). */
  amount: number;
  idempotencyKey: string;
  /** The applied discount code, when there is one. */
  discountCode?: string;
}
