/** Shared data of the payments UI tests (shapes of openapi/halaqa.yaml). */
import type { components } from '@contract/schema';
import { aSession } from '../fixtures';
import { json, type Handler } from '../machines/fetch-mock';

type SessionInfo = components['schemas']['SessionInfo'];

/** Session 41 with 7 seats left. */
export const session: SessionInfo = aSession({ seatsTaken: 18 });

export const quote = { price: 149, fee: 7.95, total: 156.95, amount: 15695, currency: 'USD' };

export const config = {
  gateway: 'sandbox',
  publishableKey: null,
  currency: 'USD',
  holdMinutes: 15,
  testCards: [
    { token: 'tok_visa', brand: 'visa', last4: '4242', outcome: 'succeeds' },
    { token: 'tok_chargeDeclined', brand: 'visa', last4: '0002', outcome: 'declined' },
    { token: 'tok_chargeDeclinedInsufficientFunds', brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
    { token: 'tok_threeDSecure2Required', brand: 'visa', last4: '3220', outcome: 'requires_authentication' },
  ],
};

const cardsByToken: Record<string, { id: string; last4: string }> = {
  tok_visa: { id: 'pm_visa', last4: '4242' },
  tok_chargeDeclined: { id: 'pm_declined', last4: '0002' },
  tok_chargeDeclinedInsufficientFunds: { id: 'pm_funds', last4: '9995' },
  tok_threeDSecure2Required: { id: 'pm_3ds', last4: '3220' },
};

export function card(id: string, last4: string, isDefault = false) {
  return { id, brand: 'visa', last4, expMonth: 12, expYear: 2034, isDefault };
}

export function intent(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'pi_1',
    status,
    amount: 15695,
    currency: 'USD',
    sessionId: 41,
    paymentMethod: 'card',
    enrollmentId: status === 'succeeded' ? 301 : null,
    createdAt: '2031-03-01T10:00:00Z',
    expiresAt: status === 'succeeded' ? null : '2031-03-01T10:15:00Z',
    lastPaymentError: null,
    nextAction:
      status === 'requires_action' ? { type: 'three_d_secure', url: '/payments/intents/pi_1/authenticate' } : null,
    ...extra,
  };
}

export const enrollment = {
  id: 301,
  sessionId: 41,
  userId: 21,
  status: 'ACTIVE',
  enrolledAt: '2031-03-01T10:01:00Z',
  paidAmount: 15695,
  session: { ...session, enrollment: undefined },
  course: { id: 12, title: 'Modern web apps with React', pictureUrl: '/uploads/courses/12.jpg' },
};

/**
 * The card-payment API of the sandbox: test tokens become saved cards; confirming with the
 * declined card answers 402, with the 3-D Secure card `requires_action`, else `succeeded`.
 */
export function sandboxRoutes({ cards = [] as unknown[], balance = 10 } = {}): Record<string, Handler> {
  return {
    'POST /api/payments/fee': () => json(200, { data: quote }),
    'GET /api/payments/cards': () => json(200, { data: cards }),
    'GET /api/payments/wallets/me': () => json(200, { data: { balance, currency: 'USD', entries: [] } }),
    'GET /api/payments/config': () => json(200, { data: config }),
    'POST /api/payments/cards': async (req) => {
      const { source } = (await req.json()) as { source: string };
      const known = cardsByToken[source];
      return known ? json(201, { data: card(known.id, known.last4) }) : json(422, { message: 'The card was refused.' });
    },
    'POST /api/payments/intents': () => json(201, { data: intent('requires_payment_method') }),
    'POST /api/payments/intents/pi_1/confirm': async (req) => {
      const { paymentMethod } = (await req.json()) as { paymentMethod: string };
      if (paymentMethod === 'pm_declined') return json(402, { message: 'Your card was declined.' });
      if (paymentMethod === 'pm_funds') return json(402, { message: 'Your card has insufficient funds.' });
      if (paymentMethod === 'pm_3ds') return json(200, { data: intent('requires_action') });
      return json(200, { data: intent('succeeded') });
    },
    'POST /api/payments/intents/pi_1/authenticate': async (req) => {
      const { result } = (await req.json()) as { result: string };
      return result === 'succeed'
        ? json(200, { data: intent('succeeded') })
        : json(402, { message: 'The 3-D Secure authentication failed.' });
    },
    'POST /api/payments/intents/pi_1/cancel': () => json(200, { data: intent('canceled') }),
    'POST /api/payments/intents/wallet': () =>
      json(201, { data: { ...intent('succeeded'), id: 'pi_w', paymentMethod: 'wallet' } }),
    'POST /api/sessions/41/enroll': () => json(200, { data: enrollment }),
  };
}
