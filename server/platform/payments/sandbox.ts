import { randomBytes } from 'node:crypto';
import {
  GatewayError,
  type AuthorizationOutcome,
  type BankDetails,
  type GatewayBankAccount,
  type GatewayCard,
  type PaymentGateway,
  type TestCard,
} from './gateway.js';

type Outcome = TestCard['outcome'];

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) by the name their token and
 * payment method share, with the outcome each one has when charged.
 */
const TEST_CARDS: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  amex: { brand: 'amex', last4: '8431', outcome: 'succeeds' },
  chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'requires_authentication' },
};
/** The test cards by source: both the `tok_…` and the `pm_card_…` forms are accepted. */
const TEST_SOURCES: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  ...Object.fromEntries(Object.entries(TEST_CARDS).map(([name, card]) => [`tok_${name}`, card])),
  ...Object.fromEntries(Object.entries(TEST_CARDS).map(([name, card]) => [`pm_card_${name}`, card])),
  // A payment method only: Stripe has no token of this card.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_authentication' },
};

/** Stripe's messages for the failures the test cards produce. */
const FAILURES: Record<'declined' | 'insufficient_funds' | 'authentication_failed', { code: string; message: string }> =
  {
    declined: { code: 'card_declined', message: 'Your card was declined.' },
    insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    authentication_failed: {
      code: 'authentication_failed',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    },
  };

const MAX_REMEMBERED = 50_000;

/** Stripe's failing test bank accounts, by the end of their number: code and message. */
const BANK_REFUSALS: [string, string, string][] = [
  ['000111111116', 'no_account', 'The bank account details do not match an account.'],
  ['000111111113', 'account_closed', 'The bank account has been closed.'],
  ['0532013001', 'no_account', 'The bank account details do not match an account.'],
  ['0532013002', 'account_closed', 'The bank account has been closed.'],
];

/** What the sandbox remembers of one payment (in memory: a restart forgets, nothing real moved). */
export interface SandboxPayment {
  amountCents: number;
  state: 'requires_action' | 'authorized' | 'captured' | 'canceled' | 'refunded';
  /** cents given back by partial or full refunds (`refund`); all of it makes the state `refunded` */
  refundedCents?: number;
}

/**
 * The embedded default gateway: behaves like Stripe in test mode with its test cards (the card's
 * outcome travels in `gatewayRef`, so outcomes are deterministic). Like Stripe it answers a repeated
 * idempotency key with its first answer, and keeps each payment's state (authorized → captured, or
 * canceled / refunded) in memory — `payments` — so tests can see that no money was held or taken
 * without a reason; a restart forgets them, and capturing or canceling an unknown reference is
 * accepted. Bank details (already checked by the server): Stripe's test numbers — IBAN
 * DE89370400440532013000, US routing 110000000 with account 000123456789 — are verified accounts,
 * Stripe's failing test account numbers (000111111116 no account, 000111111113 closed; IBANs ending
 * 0532013001 / 0532013002 likewise) are refused, any other valid number is a new account.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  readonly testCards: TestCard[] = [
    'tok_visa',
    'tok_mastercard',
    'tok_chargeDeclined',
    'tok_chargeDeclinedInsufficientFunds',
    'tok_threeDSecure2Required',
  ].map((token) => ({ token, ...TEST_SOURCES[token] }));
  /** Payments by reference (`pi_sandbox_…`). */
  readonly payments = new Map<string, SandboxPayment>();
  private readonly answers = new Map<string, AuthorizationOutcome>();

  async attachCard(source: string): Promise<GatewayCard> {
    const card = TEST_SOURCES[source];
    if (!card)
      throw new GatewayError(
        'resource_missing',
        `No such token: '${source}'. In sandbox mode use one of Stripe's test cards (e.g. tok_visa).`,
      );
    return {
      gatewayRef: `sandbox:${card.outcome}`,
      brand: card.brand,
      last4: card.last4,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    };
  }

  async authorize(input: {
    card: GatewayCard;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<AuthorizationOutcome> {
    const replay = this.answers.get(input.idempotencyKey);
    if (replay) return replay;
    const outcome = input.card.gatewayRef.replace(/^sandbox:/, '') as Outcome;
    const ref = `pi_sandbox_${randomBytes(8).toString('hex')}`;
    let answer: AuthorizationOutcome;
    if (outcome === 'succeeds') {
      this.payments.set(ref, { amountCents: input.amountCents, state: 'authorized' });
      answer = { status: 'authorized', gatewayRef: ref };
    } else if (outcome === 'requires_authentication') {
      this.payments.set(ref, { amountCents: input.amountCents, state: 'requires_action' });
      answer = { status: 'requires_action', gatewayRef: ref };
    } else {
      answer = {
        status: 'failed',
        ...(outcome === 'insufficient_funds' ? FAILURES.insufficient_funds : FAILURES.declined),
      };
    }
    this.answers.set(input.idempotencyKey, answer);
    // Bounded memory for a long-running sandbox server: the oldest entries go first.
    for (const map of [this.answers, this.payments] as Map<string, unknown>[]) {
      if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string);
    }
    return answer;
  }

  async completeAuthentication(input: {
    gatewayRef: string;
    result: 'succeed' | 'fail';
  }): Promise<AuthorizationOutcome> {
    const payment = this.payments.get(input.gatewayRef);
    if (input.result === 'succeed') {
      if (payment?.state === 'requires_action') payment.state = 'authorized';
      return { status: 'authorized', gatewayRef: input.gatewayRef };
    }
    if (payment?.state === 'requires_action') payment.state = 'canceled';
    return { status: 'failed', ...FAILURES.authentication_failed };
  }

  async capture(input: { gatewayRef: string }): Promise<void> {
    const payment = this.payments.get(input.gatewayRef);
    if (!payment || payment.state === 'captured') return;
    if (payment.state !== 'authorized')
      throw new GatewayError(
        'payment_intent_unexpected_state',
        `This PaymentIntent could not be captured because it has a status of ${payment.state}.`,
      );
    payment.state = 'captured';
  }

  async cancel(input: { gatewayRef: string }): Promise<void> {
    const payment = this.payments.get(input.gatewayRef);
    if (!payment) return;
    if (payment.state === 'captured') payment.state = 'refunded';
    else if (payment.state === 'authorized' || payment.state === 'requires_action') payment.state = 'canceled';
  }

  /** Already-answered refunds by idempotency key (as Stripe answers a repeated key). */
  private readonly refunds = new Map<string, { gatewayRef: string }>();

  async refund(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }) {
    const done = this.refunds.get(input.idempotencyKey);
    if (done) return done;
    const payment = this.payments.get(input.gatewayRef);
    if (payment) {
      if (payment.state !== 'captured')
        throw new GatewayError('charge_not_refundable', `This payment cannot be refunded: it is ${payment.state}.`);
      const refunded = (payment.refundedCents ?? 0) + input.amountCents;
      if (refunded > payment.amountCents)
        throw new GatewayError('amount_too_large', 'The refund is larger than what is left of the payment.');
      payment.refundedCents = refunded;
      if (refunded === payment.amountCents) payment.state = 'refunded';
    }
    const answer = { gatewayRef: `re_sandbox_${randomBytes(8).toString('hex')}` };
    this.refunds.set(input.idempotencyKey, answer);
    return answer;
  }

  async attachBankAccount(details: BankDetails): Promise<GatewayBankAccount> {
    const number = details.kind === 'iban' ? details.iban : details.accountNumber;
    const refusal = BANK_REFUSALS.find(([ending]) => number.endsWith(ending));
    if (refusal) throw new GatewayError(refusal[1], refusal[2]);
    const verified =
      details.kind === 'iban'
        ? details.iban === 'DE89370400440532013000'
        : details.routingNumber === '110000000' && details.accountNumber === '000123456789';
    return {
      id: `ba_${randomBytes(8).toString('hex')}`,
      bankName: 'STRIPE TEST BANK',
      last4: number.slice(-4),
      country: details.country,
      currency: 'USD',
      status: verified ? 'verified' : 'new',
    };
  }

  async payout() {
    return { gatewayRef: `po_sandbox_${randomBytes(8).toString('hex')}`, status: 'paid' as const };
  }
}
