import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { addCard, listCards, paymentConfig, removeCard, setDefaultCard } from './cards.js';
import { authenticateCardIntent, cancelCardIntent, confirmCardIntent, createCardIntent } from './intents.js';
import { unwrapAnswer } from './intent-state.js';
import { createPayout, getEarnings, getExternalAccount, setExternalAccount } from './payouts.js';
import { getMyWallet, payWithWallet, quoteFee } from './service.js';
import { cancelMyEnrollment, refundEnrollment, refundQuote } from './refunds.js';
import { authenticateTopUp, topUpWallet } from './top-ups.js';
import { createDiscountCode, listDiscountCodes, quoteDiscountCode } from './discount-codes.js';
import { receiveStripeWebhook } from './webhooks.js';

/** Handlers of the payment operations built so far. */
export const paymentsHandlers = {
  quoteFee: async ({ app, body }) => ({ data: quoteFee(app, body.price) }),
  quoteDiscountCode: async ({ app, caller, body }) => ({
    data: await quoteDiscountCode(app, requireCaller(caller), body),
  }),
  listDiscountCodes: async ({ app, tenant }) => ({ data: await listDiscountCodes(app, tenant) }),
  createDiscountCode: async ({ app, tenant, body }) => ({
    status: 201,
    data: await createDiscountCode(app, tenant, body),
  }),
  payWithWallet: async ({ app, caller, body, headers }) => {
    const { intent } = await payWithWallet(app, requireCaller(caller), body, headers['idempotency-key']);
    return { status: 201, data: intent };
  },
  getMyWallet: async ({ app, caller }) => ({ data: await getMyWallet(app, requireCaller(caller)) }),
  topUpWallet: async ({ app, caller, body, headers }) => {
    const { topUp } = await topUpWallet(app, requireCaller(caller), body, headers['idempotency-key']);
    return { status: 201, data: topUp };
  },
  authenticateTopUp: async ({ app, caller, params, body }) => ({
    data: await authenticateTopUp(app, requireCaller(caller), params.id, body.result),
  }),
  getPaymentConfig: async ({ app }) => ({ data: paymentConfig(app) }),
  receiveStripeWebhook: async ({ app, request, headers }) => ({
    data: await receiveStripeWebhook(app, request.rawBody, headers['stripe-signature']),
  }),
  listCards: async ({ app, caller }) => ({ data: await listCards(app, requireCaller(caller)) }),
  addCard: async ({ app, caller, body }) => ({
    status: 201,
    data: await addCard(app, requireCaller(caller), body.source),
  }),
  removeCard: async ({ app, caller, params }) => ({ data: await removeCard(app, requireCaller(caller), params.id) }),
  setDefaultCard: async ({ app, caller, params }) => ({
    data: await setDefaultCard(app, requireCaller(caller), params.id),
  }),
  createPaymentIntent: async ({ app, caller, body, headers }) => {
    const { intent } = unwrapAnswer(
      await createCardIntent(app, requireCaller(caller), body, headers['idempotency-key']),
    );
    return { status: 201, data: intent };
  },
  confirmPaymentIntent: async ({ app, caller, params, body, headers }) => {
    const { intent } = unwrapAnswer(
      await confirmCardIntent(app, requireCaller(caller), params.id, body.paymentMethod, headers['idempotency-key']),
    );
    return { data: intent };
  },
  authenticatePaymentIntent: async ({ app, caller, params, body }) => {
    const { intent } = unwrapAnswer(await authenticateCardIntent(app, requireCaller(caller), params.id, body.result));
    return { data: intent };
  },
  cancelPaymentIntent: async ({ app, caller, params }) => ({
    data: await cancelCardIntent(app, requireCaller(caller), params.id),
  }),
  getExternalAccount: async ({ app, caller }) => ({ data: await getExternalAccount(app, requireCaller(caller)) }),
  addExternalAccount: async ({ app, caller, body }) => ({
    status: 201,
    data: await setExternalAccount(app, requireCaller(caller), body),
  }),
  getMyEarnings: async ({ app, caller }) => ({ data: await getEarnings(app, requireCaller(caller)) }),
  createPayout: async ({ app, caller, headers }) => ({
    status: 201,
    data: await createPayout(app, requireCaller(caller), headers['idempotency-key']),
  }),
  getRefundQuote: async ({ app, caller, params }) => ({
    data: await refundQuote(app, requireCaller(caller), params.id),
  }),
  cancelEnrollment: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await cancelMyEnrollment(app, requireCaller(caller), params.id, body.destination),
  }),
  refundEnrollment: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await refundEnrollment(app, requireCaller(caller), params.id, params.learnerId, body),
  }),
} satisfies HandlerTable;
