import { randomBytes } from 'node:crypto';
import { GatewayError, type ChargeOutcome, type GatewayCard, type PaymentGateway, type TestCard } from './gateway.js';

type Outcome = TestCard['outcome'];

/**
 * Stripe's documented test tokens and payment methods (https://docs.stripe.com/testing), with the
 * outcome each one has when charged. Both the `tok_…` and the `pm_card_…` forms are accepted.
 */
const TEST_SOURCES: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  tok_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  tok_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  tok_amex: { brand: 'amex', last4: '8431', outcome: 'succeeds' },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  tok_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  tok_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'requires_authentication' },
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_amex: { brand: 'amex', last4: '8431', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_authentication' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'requires_authentication' },
};

/** Stripe's messages for the failures the test cards produce. */
const FAILURES: Record<'declined' | 'insufficient_funds' | 'authentication_failed', { code: string; message: string }> = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authentication_failed: {
    code: 'authentication_failed',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
};

/**
 * The embedded default gateway: behaves like Stripe in test mode with its test cards, keeping no
 * state of its own (the card's outcome travels in `gatewayRef`), so charges are deterministic and a
 * restart loses nothing. Bank-account tokens: `btok_us_verified` (verified) or any other `btok_…` (new).
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  readonly testCards: TestCard[] = ['tok_visa', 'tok_mastercard', 'tok_chargeDeclined', 'tok_chargeDeclinedInsufficientFunds', 'tok_threeDSecure2Required'].map(
    (token) => ({ token, ...TEST_SOURCES[token] }),
  );

  async attachCard(source: string): Promise<GatewayCard> {
    const card = TEST_SOURCES[source];
    if (!card) throw new GatewayError('resource_missing', `No such token: '${source}'. In sandbox mode use one of Stripe's test cards (e.g. tok_visa).`);
    return { gatewayRef: `sandbox:${card.outcome}`, brand: card.brand, last4: card.last4, expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };
  }

  async charge(input: { card: GatewayCard; idempotencyKey: string }): Promise<ChargeOutcome> {
    const outcome = input.card.gatewayRef.replace(/^sandbox:/, '') as Outcome;
    const ref = `ch_sandbox_${randomBytes(8).toString('hex')}`;
    if (outcome === 'succeeds') return { status: 'succeeded', gatewayRef: ref };
    if (outcome === 'requires_authentication') return { status: 'requires_action', gatewayRef: ref };
    const failure = outcome === 'insufficient_funds' ? FAILURES.insufficient_funds : FAILURES.declined;
    return { status: 'failed', ...failure };
  }

  async completeAuthentication(input: { gatewayRef: string; result: 'succeed' | 'fail' }): Promise<ChargeOutcome> {
    if (input.result === 'succeed') return { status: 'succeeded', gatewayRef: input.gatewayRef };
    return { status: 'failed', ...FAILURES.authentication_failed };
  }

  async attachBankAccount(token: string) {
    if (!/^btok_[A-Za-z0-9_]+$/.test(token)) throw new GatewayError('resource_missing', `No such token: '${token}'. Use a bank-account token (btok_…), e.g. btok_us_verified.`);
    return {
      id: `ba_${randomBytes(8).toString('hex')}`,
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      country: 'US',
      currency: 'USD',
      status: token === 'btok_us_verified' ? ('verified' as const) : ('new' as const),
    };
  }

  async payout() {
    return { gatewayRef: `po_sandbox_${randomBytes(8).toString('hex')}`, status: 'paid' as const };
  }
}
