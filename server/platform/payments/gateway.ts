/**
 * The payment gateway behind card payments and payouts (architecture.md): `sandbox` (embedded default,
 * Stripe test-mode semantics) or `stripe` (when STRIPE_SECRET_KEY is set). Amounts are integer cents.
 */

/** A card as the gateway describes it. */
export interface GatewayCard {
  /** the gateway's reference kept with the saved card (sandbox: the test card's outcome key) */
  gatewayRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * An educator's bank details, checked by the server first (IBAN checksum, ABA routing checksum):
 * an IBAN for an IBAN country, or a US routing number and account number. The full numbers go to
 * the gateway only; nothing but the last four digits is kept.
 */
export type BankDetails = { accountHolderName: string; country: string } & (
  | { kind: 'iban'; iban: string }
  | { kind: 'us'; routingNumber: string; accountNumber: string }
);

/** A bank account as the gateway describes it. */
export interface GatewayBankAccount {
  id: string;
  bankName: string;
  last4: string;
  country: string;
  currency: string;
  status: 'new' | 'validated' | 'verified' | 'verification_failed' | 'errored';
}

/**
 * The outcome of authorizing a card (Stripe's payment intent statuses and error codes):
 * `authorized` — the amount is held on the card, to be captured or canceled (Stripe
 * `requires_capture`); `requires_action` — a 3-D Secure step first; `failed` — declined, nothing held.
 */
export type AuthorizationOutcome =
  | { status: 'authorized'; gatewayRef: string }
  | { status: 'requires_action'; gatewayRef: string }
  | { status: 'failed'; code: string; message: string };

/** What the gateway reports about a payment outside a request (webhooks): authorized, captured or failed. */
export type GatewayEvent = AuthorizationOutcome | { status: 'captured'; gatewayRef: string };

/** What the gateway refused (an unknown token, …): answered 422 with its message. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** One test card offered by the sandbox checkout (GET /payments/config). */
export interface TestCard {
  token: string;
  brand: string;
  last4: string;
  outcome: 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_authentication';
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe's publishable key for the browser, or null. */
  readonly publishableKey: string | null;
  /** Test cards the UI may offer (sandbox only; empty otherwise). */
  readonly testCards: TestCard[];
  /** Turns a card token or payment method id into a saved card. @throws GatewayError for an unknown or refused source. */
  attachCard(source: string): Promise<GatewayCard>;
  /**
   * Authorizes (holds) an amount on a saved card; nothing is captured yet. `idempotencyKey` is one
   * key per payment intent and attempt (`intent:<id>:authorize`), so a retried call never holds twice.
   * @returns authorized, requires_action (3-D Secure) or failed with Stripe's code.
   */
  authorize(input: {
    card: GatewayCard;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    description: string;
  }): Promise<AuthorizationOutcome>;
  /** Completes a 3-D Secure step (sandbox simulates the bank's page): authorized when it passed. */
  completeAuthentication(input: {
    gatewayRef: string;
    card: GatewayCard;
    result: 'succeed' | 'fail';
  }): Promise<AuthorizationOutcome>;
  /**
   * Captures an authorization in full (`intent:<id>:capture`); capturing twice is harmless.
   * @throws when the gateway cannot be reached or refuses (the capture is retried by the jobs).
   */
  capture(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /**
   * Gives the money back: cancels an authorization, or refunds a payment that was already captured
   * (`intent:<id>:cancel`); canceling twice is harmless.
   */
  cancel(input: { gatewayRef: string; idempotencyKey: string }): Promise<void>;
  /**
   * Gives back `amountCents` (all or part) of a captured payment to its card (Stripe's refund of a
   * payment intent). `idempotencyKey` is one per refund (`refund:<id>`), so a retried call never
   * refunds twice. @returns the gateway's refund reference.
   * @throws GatewayError when the gateway refuses (more than what is left, not captured…).
   */
  refund(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }): Promise<{ gatewayRef: string }>;
  /**
   * Turns checked bank details into the (US dollar) account payouts go to.
   * @throws GatewayError when the gateway refuses them (no such account, closed…).
   */
  attachBankAccount(details: BankDetails): Promise<GatewayBankAccount>;
  /** Sends a payout to a bank account. @returns the gateway's payout reference. */
  payout(input: {
    bankAccountId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ gatewayRef: string; status: 'paid' | 'pending' }>;
}
