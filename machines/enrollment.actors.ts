import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import { pick } from './support/contract';
import { createCheckoutActors, fetchQuote, fetchWallet, postWalletPayment } from './checkout.actors';
import {
  type FeeQuote,
  type PaymentResult,
  type WalletPaymentInput,
  type WalletSummary,
  checkoutMachine,
} from './checkout.machine';
import type { EnrollmentResult } from './enrollment.machine';

/**
 * The enrollment machine's actors over the generated client:
 *
 *   useMachine(enrollmentMachine.provide({ actors: createEnrollmentActors(api) }), { input })
 *
 * `enroll` and `checkout` (the checkout machine provided with `createCheckoutActors(api)`) are the
 * machine's; `quoteFee`, `loadWallet` and `payWithWallet` are the single calls the checkout's
 * `prepare` and `payWithWallet` are built from, kept here for callers that need one of them.
 * Each rejects with an `ApiError` (`status`, `serverMessage`) on an error answer, or with the
 * network error.
 */
export function createEnrollmentActors(api: Api) {
  return {
    checkout: checkoutMachine.provide({ actors: createCheckoutActors(api) }),

    enroll: fromPromise<EnrollmentResult, { sessionId: number }>(async ({ input }) => {
      const enrollment = unwrap(await api.POST('/sessions/{id}/enroll', { params: { path: { id: input.sessionId } } }));
      return pick(enrollment, ['id', 'sessionId', 'paidAmount']);
    }),

    /** POST /payments/fee {price}. */
    quoteFee: fromPromise<FeeQuote, { price: number }>(async ({ input }) => fetchQuote(api, input.price)),

    /** GET /payments/wallets/me. */
    loadWallet: fromPromise<WalletSummary, void>(async () => fetchWallet(api)),

    /** POST /payments/intents/wallet {sessionId, amount} with header Idempotency-Key. */
    payWithWallet: fromPromise<PaymentResult, WalletPaymentInput>(async ({ input }) => postWalletPayment(api, input)),
  };
}
