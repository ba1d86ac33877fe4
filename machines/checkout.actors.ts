import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import { pick, type Schema } from './support/contract';
import type {
  AuthenticateInput,
  CheckoutData,
  ConfirmIntentInput,
  CreateIntentInput,
  DiscountQuote,
  FeeQuote,
  GatewayConfig,
  PaymentResult,
  QuoteCodeInput,
  SavedCard,
  WalletPaymentInput,
  WalletSummary,
} from './checkout.machine';

type ApiIntent = Schema<'PaymentIntent'>;

/** The fields a wallet payment answers that the checkout keeps (a card intent adds the hold and its steps). */
const WALLET_PAYMENT_FIELDS = ['id', 'status', 'amount', 'enrollmentId'] as const;

/** The checkout's view of a card intent (`PaymentIntent` of the API); a missing hold or step reads as null. */
export function toPaymentResult(intent: ApiIntent): PaymentResult {
  return {
    ...pick(intent, WALLET_PAYMENT_FIELDS),
    expiresAt: intent.expiresAt ?? null,
    nextAction: intent.nextAction ?? null,
    lastPaymentError: intent.lastPaymentError ?? null,
  };
}

/** POST /payments/fee {price (dollars)} → the quote (dollars, amount in cents). Throws `ApiError`. */
export async function fetchQuote(api: Api, price: number): Promise<FeeQuote> {
  return unwrap(await api.POST('/payments/fee', { body: { price } }));
}

/** GET /payments/wallets/me → balance (dollars) and currency. Throws `ApiError`. */
export async function fetchWallet(api: Api): Promise<WalletSummary> {
  return pick(unwrap(await api.GET('/payments/wallets/me')), ['balance', 'currency']);
}

/** GET /payments/config → the gateway and (sandbox) its test cards. Throws `ApiError`. */
export async function fetchGatewayConfig(api: Api): Promise<GatewayConfig> {
  const config = unwrap(await api.GET('/payments/config'));
  return pick(config, ['gateway', 'publishableKey', 'holdMinutes', 'testCards']);
}

/** POST /payments/intents/wallet with the Idempotency-Key → the payment (4 fields). Throws `ApiError`. */
export async function postWalletPayment(api: Api, input: WalletPaymentInput): Promise<PaymentResult> {
  const intent = unwrap(
    await api.POST('/payments/intents/wallet', {
      params: { header: { 'Idempotency-Key': input.idempotencyKey } },
      body: {
        sessionId: input.sessionId,
        amount: input.amount,
        ...(input.discountCode ? { discountCode: input.discountCode } : {}),
      },
    }),
  );
  return pick(intent, WALLET_PAYMENT_FIELDS);
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
        api.GET('/payments/cards').then(unwrap),
        fetchWallet(api),
        fetchGatewayConfig(api),
      ]);
      return { quote, cards, wallet, config };
    }),

    addCard: fromPromise<SavedCard, { token: string }>(async ({ input }) =>
      unwrap(await api.POST('/payments/cards', { body: { source: input.token } })),
    ),

    createIntent: fromPromise<PaymentResult, CreateIntentInput>(async ({ input }) =>
      toPaymentResult(
        unwrap(
          await api.POST('/payments/intents', {
            params: { header: { 'Idempotency-Key': input.idempotencyKey } },
            body: {
              sessionId: input.sessionId,
              amount: input.amount,
              ...(input.discountCode ? { discountCode: input.discountCode } : {}),
            },
          }),
        ),
      ),
    ),

    quoteCode: fromPromise<DiscountQuote, QuoteCodeInput>(async ({ input }) =>
      unwrap(
        await api.POST('/payments/discount-codes/quote', { body: { sessionId: input.sessionId, code: input.code } }),
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
