import Stripe from 'stripe';
import {
  GatewayError,
  type AuthorizationOutcome,
  type BankDetails,
  type GatewayBankAccount,
  type GatewayCard,
  type PaymentGateway,
} from './gateway.js';

/** Settings of the Stripe gateway (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET). */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Replaces the HTTP transport (tests replay recorded Stripe responses through it). */
  fetch?: typeof fetch;
}

/**
 * The Stripe gateway, with the official SDK. A saved card is a Stripe PaymentMethod attached to a
 * Customer of its own (`gatewayRef` = `cus_…/pm_…`). A payment is a Stripe PaymentIntent with
 * `capture_method: 'manual'`, created and confirmed at once with our idempotency key
 * (`intent:<id>:authorize`): the card is only authorized; it is captured (`intent:<id>:capture`)
 * once the enrollment is committed, or the authorization canceled — a captured payment refunded —
 * when the commit fails (`intent:<id>:cancel`). The 3-D Secure step runs in Stripe.js in the
 * browser, after which the intent is read back (`requires_capture` = authorized). A bank account
 * is created from the educator's checked details as a Stripe bank-account token (`POST /v1/tokens`,
 * a `bank_account` object in US dollars: an IBAN as its account number, or a US routing and
 * account number); payouts are Stripe payouts to that account (with Stripe Connect, attach the
 * token as the connected account's external account and pay out by transfers instead).
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  readonly testCards = [];
  readonly stripe: Stripe;

  constructor(readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      ...(settings.fetch ? { httpClient: Stripe.createFetchHttpClient(settings.fetch), maxNetworkRetries: 0 } : {}),
    });
  }

  async attachCard(source: string): Promise<GatewayCard> {
    try {
      const pm = source.startsWith('pm_')
        ? await this.stripe.paymentMethods.retrieve(source)
        : await this.stripe.paymentMethods.create({ type: 'card', card: { token: source } });
      const customer = await this.stripe.customers.create({ payment_method: pm.id, description: 'Halaqa learner' });
      if (!pm.card) throw new GatewayError('invalid_request_error', 'This payment method is not a card');
      return {
        gatewayRef: `${customer.id}/${pm.id}`,
        brand: pm.card.brand,
        last4: pm.card.last4,
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      };
    } catch (e) {
      throw toGatewayError(e);
    }
  }

  async authorize(input: {
    card: GatewayCard;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
    description: string;
  }): Promise<AuthorizationOutcome> {
    const [customer, paymentMethod] = input.card.gatewayRef.split('/');
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          confirm: true,
          capture_method: 'manual',
          description: input.description,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromIntent(pi);
    } catch (e) {
      if (e instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', code: e.decline_code ?? e.code ?? 'card_declined', message: e.message };
      }
      throw e;
    }
  }

  async completeAuthentication(input: { gatewayRef: string }): Promise<AuthorizationOutcome> {
    const pi = await this.stripe.paymentIntents.retrieve(input.gatewayRef);
    return fromIntent(pi);
  }

  async capture(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    try {
      await this.stripe.paymentIntents.capture(
        input.gatewayRef,
        { amount_to_capture: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (e) {
      // Captured already (a retry after Stripe's 24 h key memory): nothing to do.
      if (!unexpectedState(e) || (await this.stripe.paymentIntents.retrieve(input.gatewayRef)).status !== 'succeeded')
        throw e;
    }
  }

  async cancel(input: { gatewayRef: string; idempotencyKey: string }): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(
        input.gatewayRef,
        { cancellation_reason: 'abandoned' },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (e) {
      if (!unexpectedState(e)) throw e;
      const pi = await this.stripe.paymentIntents.retrieve(input.gatewayRef);
      if (pi.status === 'canceled') return;
      if (pi.status !== 'succeeded') throw e;
      // Captured: the money goes back as a refund.
      await this.stripe.refunds.create(
        { payment_intent: pi.id, reason: 'requested_by_customer' },
        { idempotencyKey: `${input.idempotencyKey}:refund` },
      );
    }
  }

  async refund(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }) {
    try {
      const r = await this.stripe.refunds.create(
        { payment_intent: input.gatewayRef, amount: input.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: input.idempotencyKey },
      );
      return { gatewayRef: r.id };
    } catch (e) {
      throw toGatewayError(e);
    }
  }

  async attachBankAccount(details: BankDetails): Promise<GatewayBankAccount> {
    try {
      const t = await this.stripe.tokens.create({
        bank_account: {
          country: details.country,
          currency: 'usd',
          account_holder_name: details.accountHolderName,
          account_holder_type: 'individual',
          ...(details.kind === 'iban'
            ? { account_number: details.iban }
            : { account_number: details.accountNumber, routing_number: details.routingNumber }),
        },
      });
      const ba = t.bank_account;
      if (!ba) throw new GatewayError('invalid_request_error', 'This token is not a bank account token');
      return {
        id: ba.id,
        bankName: ba.bank_name ?? 'Bank',
        last4: ba.last4,
        country: ba.country,
        currency: ba.currency.toUpperCase(),
        status: ba.status as GatewayBankAccount['status'],
      };
    } catch (e) {
      throw toGatewayError(e);
    }
  }

  async payout(input: { bankAccountId: string; amountCents: number; currency: string; idempotencyKey: string }) {
    const po = await this.stripe.payouts.create(
      { amount: input.amountCents, currency: input.currency.toLowerCase(), destination: input.bankAccountId },
      { idempotencyKey: input.idempotencyKey },
    );
    return { gatewayRef: po.id, status: po.status === 'paid' ? ('paid' as const) : ('pending' as const) };
  }

  /**
   * Verifies a webhook's `Stripe-Signature` against the raw body (Stripe's scheme, 300 s tolerance).
   * @throws GatewayError when no webhook secret is configured or the signature does not match.
   */
  verifyWebhook(rawBody: string, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new GatewayError('not_configured', 'STRIPE_WEBHOOK_SECRET is not set');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (e) {
      throw new GatewayError('signature_verification_failed', (e as Error).message);
    }
  }
}

/** Our reading of a Stripe PaymentIntent: `requires_capture` (or an already captured one) is authorized. */
function fromIntent(pi: Stripe.PaymentIntent): AuthorizationOutcome {
  if (pi.status === 'requires_capture' || pi.status === 'succeeded') return { status: 'authorized', gatewayRef: pi.id };
  if (pi.status === 'requires_action') return { status: 'requires_action', gatewayRef: pi.id };
  const err = pi.last_payment_error;
  return {
    status: 'failed',
    code: err?.decline_code ?? err?.code ?? 'authentication_failed',
    message:
      err?.message ??
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  };
}

function unexpectedState(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeInvalidRequestError && e.code === 'payment_intent_unexpected_state';
}

function toGatewayError(e: unknown): Error {
  if (e instanceof GatewayError) return e;
  if (
    e instanceof Stripe.errors.StripeError &&
    (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError')
  ) {
    return new GatewayError(e.code ?? 'invalid_request_error', e.message);
  }
  return e as Error;
}
