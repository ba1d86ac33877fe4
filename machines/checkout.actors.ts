import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { components } from '../openapi/schema';
import type {
  AuthenticateInput,
  CheckoutData,
  ConfirmIntentInput,
  CreateIntentInput,
  FeeQuote,
  GatewayConfig,
  PaymentResult,
  SavedCard,
  WalletPaymentInput,
  WalletSummary,
} from './checkout.machine';

type ApiIntent = components['schemas']['PaymentIntent'];
type ApiCard = components['schemas']['Card'];

/** The checkout's view of a card intent (`PaymentIntent` of the API). */
export function toPaymentResult(intent: ApiIntent): PaymentResult {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    enrollmentId: intent.enrollmentId,
    expiresAt: intent.expiresAt ?? null,
    nextAction: intent.nextAction ?? null,
    lastPaymentError: intent.lastPaymentError ?? null,
  };
}

export function toSavedCard(card: ApiCard): SavedCard {
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: card.isDefault,
  };
}

/** POST /payments/fee {price (dollars)} → the quote (dollars, amount in cents). Throws `ApiError`. */
export async function fetchQuote(api: Api, price: number): Promise<FeeQuote> {
  const quote = unwrap(await api.POST('/payments/fee', { body: { price } }));
  return { price: quote.price, fee: quote.fee, total: quote.total, amount: quote.amount, currency: quote.currency };
}

/** GET /payments/wallets/me → balance (dollars) and currency. Throws `ApiError`. */
export async function fetchWallet(api: Api): Promise<WalletSummary> {
  const wallet = unwrap(await api.GET('/payments/wallets/me'));
  return { balance: wallet.balance, currency: wallet.currency };
}

/** GET /payments/config → the gateway and (sandbox) its test cards. Throws `ApiError`. */
export async function fetchGatewayConfig(api: Api): Promise<GatewayConfig> {
  const config = unwrap(await api.GET('/payments/config'));
  return {
    gateway: config.gateway,
    publishableKey: config.publishableKey,
    holdMinutes: config.holdMinutes,
    testCards: config.testCards.map((c) => ({ token: c.token, brand: c.brand, last4: c.last4, outcome: c.outcome })),
  };
}

/** POST /payments/intents/wallet with the Idempotency-Key → the payment (4 fields). Throws `ApiError`. */
export async function postWalletPayment(api: Api, input: WalletPaymentInput): Promise<PaymentResult> {
  const intent = unwrap(
    await api.POST('/payments/intents/wallet', {
      params: { header: { 'Idempotency-Key': input.idempotencyKey } },
      body: { sessionId: input.sessionId, amount: input.amount },
    }),
  );
  return { id: intent.id, status: intent.status, amount: intent.amount, enrollmentId: intent.enrollmentId };
}

/**
 * The checkout machine's actors over the generated client:
 *
 *   checkoutMachine.provide({ actors: createCheckoutActors(api) })
 *
 * Each rejects with an `ApiError` (`status`, `serverMessage`) on an error answer, or with the
 * network error (no status: the machine treats it as "outcome unknown" and resends the same key).
 */
export function createCheckoutActors(api: Api) {
  return {
    prepare: fromPromise<CheckoutData, { price: number }>(async ({ input }) => {
      const [quote, cards, wallet, config] = await Promise.all([
        fetchQuote(api, input.price),
        api.GET('/payments/cards').then((r) => unwrap(r).map(toSavedCard)),
        fetchWallet(api),
        fetchGatewayConfig(api),
      ]);
      return { quote, cards, wallet, config };
    }),

    addCard: fromPromise<SavedCard, { token: string }>(async ({ input }) =>
      toSavedCard(unwrap(await api.POST('/payments/cards', { body: { source: input.token } }))),
    ),

    createIntent: fromPromise<PaymentResult, CreateIntentInput>(async ({ input }) =>
      toPaymentResult(
        unwrap(
          await api.POST('/payments/intents', {
            params: { header: { 'Idempotency-Key': input.idempotencyKey } },
            body: { sessionId: input.sessionId, amount: input.amount },
          }),
        ),
      ),
    ),

    confirmIntent: fromPromise<PaymentResult, ConfirmIntentInput>(async ({ input }) =>
      toPaymentResult(
        unwrap(
          await api.POST('/payments/intents/{id}/confirm', {
            params: { path: { id: input.intentId }, header: { 'Idempotency-Key': input.idempotencyKey } },
            body: { paymentMethod: input.paymentMethod },
          }),
        ),
      ),
    ),

    authenticate: fromPromise<PaymentResult, AuthenticateInput>(async ({ input }) =>
      toPaymentResult(
        unwrap(
          await api.POST('/payments/intents/{id}/authenticate', {
            params: { path: { id: input.intentId } },
            body: { result: input.result },
          }),
        ),
      ),
    ),

    cancelIntent: fromPromise<PaymentResult, { intentId: string }>(async ({ input }) =>
      toPaymentResult(
        unwrap(await api.POST('/payments/intents/{id}/cancel', { params: { path: { id: input.intentId } } })),
      ),
    ),

    payWithWallet: fromPromise<PaymentResult, WalletPaymentInput>(async ({ input }) => postWalletPayment(api, input)),
  };
}
