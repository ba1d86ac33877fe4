import { describe, expect, it } from 'vitest';
import { answerCharge, answerRetrieve, fixture, post, sent, t, useTestApp, withId } from './stripe-gateway-shared.js';

useTestApp();

const walletBalance = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(token) })).json().data
    .balance as number;

describe('wallet top-ups through Stripe (recorded responses)', () => {
  it("authorizes the card with the top-up's key (manual capture), credits the wallet, then captures", async () => {
    const token = await t.tokenFor('learner4@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const start = await walletBalance(token);
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
    const before = sent.length;
    const res = await post(
      '/api/payments/wallets/me/top-ups',
      token,
      { amount: 5195, paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-top-up-1' },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('succeeded');
    const id = res.body.data.id as string;
    const calls = sent.slice(before);
    expect(calls.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents', `topup:${id}:authorize`],
      ['POST', '/v1/payment_intents/pi_3QzStripeAuthorized/capture', `topup:${id}:capture`],
    ]);
    expect(calls[0].params.get('capture_method')).toBe('manual');
    expect(calls[0].params.get('amount')).toBe('5195');
    expect(await walletBalance(token)).toBeCloseTo(start + 51.95, 2);
  });

  it('credits after the 3-D Secure step, reading the outcome back from Stripe', async () => {
    const token = await t.tokenFor('learner5@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const start = await walletBalance(token);
    answerCharge({ status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripe3DSTopUp') });
    const res = await post(
      '/api/payments/wallets/me/top-ups',
      token,
      { amount: 2000, paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-top-up-3ds' },
    );
    expect(res.body.data.status).toBe('requires_action');
    expect(await walletBalance(token)).toBe(start);
    answerRetrieve('payment_intent_requires_capture');
    const done = await post(`/api/payments/wallets/me/top-ups/${res.body.data.id}/authenticate`, token, {
      result: 'succeed',
    });
    expect(done.body.data.status).toBe('succeeded');
    expect(await walletBalance(token)).toBeCloseTo(start + 20, 2);
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
  });
});
