import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';
import {
  answerCharge,
  fixture,
  paidSession,
  post,
  sent,
  t,
  useTestApp,
  WEBHOOK_SECRET,
  withId,
} from './stripe-gateway-shared.js';

useTestApp();

describe('the Stripe gateway (recorded responses)', () => {
  it('settles a 3-D Secure payment from a signed payment_intent.succeeded webhook, and refuses a bad signature', async () => {
    const token = await t.tokenFor('learner5@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-3' },
    );
    answerCharge({ status: 200, body: fixture('payment_intent_requires_action') });
    const step = await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-3' },
    );
    expect(step.body.data.status).toBe('requires_action');

    const payload = JSON.stringify({
      id: 'evt_1Qz3ds',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...JSON.parse(fixture('payment_intent_succeeded')), id: 'pi_3QzStripe3DS' } },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toEqual([]);

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ received: true });
    const settled = await t.db
      .selectFrom('payment_intents')
      .select(['status', 'enrollment_id'])
      .where('id', '=', intent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('succeeded');
    expect(settled.enrollment_id).toBeGreaterThan(0);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(again.statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('payment_intent_id', '=', intent.body.data.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('settles from a payment_intent.amount_capturable_updated webhook (3-D Secure done, page closed), then captures', async () => {
    const token = await t.tokenFor('learner2@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-hook' },
    );
    answerCharge({ status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripeHook') });
    await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-hook' },
    );
    const payload = JSON.stringify({
      id: 'evt_1QzHook',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: JSON.parse(withId('payment_intent_requires_capture', 'pi_3QzStripeHook')) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const before = sent.length;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(sent.slice(before).map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents/pi_3QzStripeHook/capture', `intent:${intent.body.data.id}:capture`],
    ]);
    const row = await t.db
      .selectFrom('payment_intents')
      .select(['status', 'captured_at'])
      .where('id', '=', intent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('succeeded');
    expect(row.captured_at).not.toBeNull();
  });

  it('never calls Stripe to charge a learner who paid the same session from the wallet meanwhile', async () => {
    const token = await t.tokenFor('learner6@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-wallet' },
    );
    expect(
      (
        await post(
          '/api/payments/intents/wallet',
          token,
          { sessionId: session, amount: 5195 },
          { 'idempotency-key': 'stripe-wallet-1' },
        )
      ).status,
    ).toBe(201);
    answerCharge({ status: 200, body: fixture('payment_intent_succeeded') });
    const before = sent.length;
    for (const k of ['stripe-confirm-w1', 'stripe-confirm-w2']) {
      const res = await post(
        `/api/payments/intents/${intent.body.data.id}/confirm`,
        token,
        { paymentMethod: card.body.data.id },
        { 'idempotency-key': k },
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You are already enrolled in this session');
    }
    expect(sent.slice(before).filter((r) => r.path.startsWith('/v1/payment_intents'))).toEqual([]);
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
  });

  it('registers a bank account from a btok_ token through Stripe', async () => {
    const edu = await t.tokenFor('educator5@halaqa.test');
    const res = await post('/api/payments/accounts/external-account', edu, { external_account: 'btok_1QzStripeBank' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id: 'ba_1QzStripeBank',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      currency: 'USD',
      status: 'new',
    });
  });
});

describe('the sandbox has no Stripe webhook', () => {
  it('answers 404', async () => {
    const sandbox = await startTestApp();
    try {
      const res = await sandbox.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: { id: 'evt', type: 'x', data: { object: {} } },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
