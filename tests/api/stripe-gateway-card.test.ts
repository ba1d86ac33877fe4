import { describe, expect, it } from 'vitest';
import {
  answerCharge,
  answerRetrieve,
  cardBuyer,
  confirmIntent,
  fixture,
  ledgerOfIntent,
  openIntent,
  paidSession,
  payFromWallet,
  post,
  sent,
  t,
  useTestApp,
  whileCreating,
  withId,
} from './stripe-gateway-shared.js';

useTestApp();

describe('the Stripe gateway (recorded responses)', () => {
  it('tells the browser it is Stripe, with the publishable key and no test cards', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json().data;
    expect(cfg).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_fixture', testCards: [] });
  });

  it("saves a card as a Stripe payment method, authorizes it with the intent's key (manual capture), enrolls, then captures", async () => {
    const token = await t.tokenFor('learner3@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(sent.find((r) => r.path === '/v1/payment_methods')!.params.get('card[token]')).toBe('tok_visa');
    expect(sent.find((r) => r.path === '/v1/customers')!.params.get('payment_method')).toBe('pm_1QzStripeVisa4242');

    const session = await paidSession();
    const intent = await openIntent(token, session, 'stripe-intent-1');
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
    const before = sent.length;
    const confirmed = await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-1');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('succeeded');
    const calls = sent.slice(before);
    expect(calls.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents', `intent:${intent.body.data.id}:authorize`],
      ['POST', '/v1/payment_intents/pi_3QzStripeAuthorized/capture', `intent:${intent.body.data.id}:capture`],
    ]);
    expect(
      Object.fromEntries(
        ['amount', 'currency', 'customer', 'payment_method', 'confirm', 'capture_method'].map((k) => [
          k,
          calls[0].params.get(k),
        ]),
      ),
    ).toEqual({
      amount: '5195',
      currency: 'usd',
      customer: 'cus_QzStripeLearner',
      payment_method: 'pm_1QzStripeVisa4242',
      confirm: 'true',
      capture_method: 'manual',
    });
    expect(calls[1].params.get('amount_to_capture')).toBe('5195');
    const ours = await t.db
      .selectFrom('payment_intents')
      .select(['gateway_ref', 'status'])
      .where('id', '=', intent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(ours).toEqual({ gateway_ref: 'pi_3QzStripeAuthorized', status: 'succeeded' });
  });

  it('cancels the Stripe authorization when the learner paid from the wallet while Stripe was authorizing', async () => {
    const { token, card, session } = await cardBuyer('learner7@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-race');
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
    let wallet = 0;
    whileCreating(async () => {
      wallet = (await payFromWallet(token, session, 'stripe-wallet-race')).status;
    });
    const before = sent.length;
    const res = await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-race');
    expect(wallet).toBe(201);
    expect(res.status).toBe(409);
    expect(sent.slice(before).map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents', `intent:${intent.body.data.id}:authorize`],
      ['POST', '/v1/payment_intents/pi_3QzStripeAuthorized/cancel', `intent:${intent.body.data.id}:cancel`],
    ]);
    expect(await ledgerOfIntent(intent.body.data.id)).toEqual([]);
  });

  it('completes a 3-D Secure payment: the intent is read back as requires_capture, committed, then captured', async () => {
    const { token, card, session } = await cardBuyer('learner8@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-3ds');
    answerCharge({ status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripe3DSStep') });
    const step = await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-3ds');
    expect(step.body.data.status).toBe('requires_action');
    answerRetrieve('payment_intent_requires_capture');
    const before = sent.length;
    const done = await post(`/api/payments/intents/${intent.body.data.id}/authenticate`, token, { result: 'succeed' });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('succeeded');
    expect(sent.slice(before).map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['GET', '/v1/payment_intents/pi_3QzStripe3DSStep', null],
      ['POST', '/v1/payment_intents/pi_3QzStripe3DSStep/capture', `intent:${intent.body.data.id}:capture`],
    ]);
  });

  it("answers Stripe's decline as 402 with Stripe's message, enrolling nobody", async () => {
    const { token, card, session } = await cardBuyer('learner4@halaqa.test');
    const intent = await openIntent(token, session, 'stripe-intent-2');
    answerCharge({ status: 402, body: fixture('card_declined_error') });
    const res = await confirmIntent(token, intent.body.data.id, card.body.data.id, 'stripe-confirm-2');
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    const row = await t.db
      .selectFrom('payment_intents')
      .select(['status', 'last_error_code'])
      .where('id', '=', intent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'requires_payment_method', last_error_code: 'generic_decline' });
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toEqual([]);
  });
});
