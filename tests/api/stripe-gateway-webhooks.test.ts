import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';
import {
  answerCharge,
  cardBuyer,
  confirmIntent,
  fixture,
  ledgerOfIntent,
  openIntent,
  payFromWallet,
  post,
  postWebhook,
  sent,
  sign,
  t,
  useTestApp,
  withId,
} from './stripe-gateway-shared.js';

useTestApp();

describe('the Stripe gateway (recorded responses)', () => {
  it('settles a 3-D Secure payment from a signed payment_intent.succeeded webhook, and refuses a bad signature', async () => {
    const { token, card, session } = await cardBuyer('learner5@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-3');
    answerCharge({ status: 200, body: fixture('payment_intent_requires_action') });
    const step = await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-3');
    expect(step.body.data.status).toBe('requires_action');

    const payload = JSON.stringify({
      id: 'evt_1Qz3ds',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...JSON.parse(fixture('payment_intent_succeeded')), id: 'pi_3QzStripe3DS' } },
    });
    const bad = await postWebhook(payload, 't=1,v1=forged');
    expect(bad.statusCode).toBe(400);
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toEqual([]);

    const signature = sign(payload);
    const ok = await postWebhook(payload, signature);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ received: true });
    const settled = await t.db
      .selectFrom('payment_intents')
      .select(['status', 'enrollment_id'])
      .where('id', '=', intent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('succeeded');
    expect(settled.enrollment_id).toBeGreaterThan(0);
    const again = await postWebhook(payload, signature);
    expect(again.statusCode).toBe(200);
    expect(await ledgerOfIntent(intent.body.data.id)).toHaveLength(1);
  });

  it('settles from a payment_intent.amount_capturable_updated webhook (3-D Secure done, page closed), then captures', async () => {
    const { token, card, session } = await cardBuyer('learner2@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-hook');
    answerCharge({ status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripeHook') });
    await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-hook');
    const payload = JSON.stringify({
      id: 'evt_1QzHook',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: JSON.parse(withId('payment_intent_requires_capture', 'pi_3QzStripeHook')) },
    });
    const signature = sign(payload);
    const before = sent.length;
    const ok = await postWebhook(payload, signature);
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
    const { token, card, session } = await cardBuyer('learner6@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-wallet');
    expect((await payFromWallet(token, session, 'stripe-wallet-1')).status).toBe(201);
    answerCharge({ status: 200, body: fixture('payment_intent_succeeded') });
    const before = sent.length;
    for (const k of ['stripe-confirm-w1', 'stripe-confirm-w2']) {
      const res = await confirmIntent(token, intent.body.data.id, card.body.data.id, k);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You are already enrolled in this session');
    }
    expect(sent.slice(before).filter((r) => r.path.startsWith('/v1/payment_intents'))).toEqual([]);
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
  });

  it('creates the bank account through Stripe from the checked US details, in US dollars', async () => {
    const edu = await t.tokenFor('educator5@halaqa.test');
    const before = sent.length;
    const res = await post('/api/payments/accounts/external-account', edu, {
      accountHolderName: 'Amina Haddad',
      country: 'US',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    expect(res.status).toBe(201);
    const created = sent.slice(before).filter((r) => r.path === '/v1/tokens');
    expect(created).toHaveLength(1);
    expect(Object.fromEntries(created[0].params)).toMatchObject({
      'bank_account[country]': 'US',
      'bank_account[currency]': 'usd',
      'bank_account[account_holder_name]': 'Amina Haddad',
      'bank_account[routing_number]': '110000000',
      'bank_account[account_number]': '000123456789',
    });
    // A bad routing number never reaches Stripe.
    const refused = await post('/api/payments/accounts/external-account', edu, {
      accountHolderName: 'Amina Haddad',
      country: 'US',
      routingNumber: '110000001',
      accountNumber: '000123456789',
    });
    expect(refused.status).toBe(400);
    expect(sent.slice(before).filter((r) => r.path === '/v1/tokens')).toHaveLength(1);
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
