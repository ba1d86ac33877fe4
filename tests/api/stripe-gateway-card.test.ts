import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../../server/platform/payments/stripe.js';
import { startTestApp, type TestApp } from './harness.js';
import { insertOpenSession } from './course-fixtures.js';

/**
 * The Stripe gateway against Stripe API responses replayed from fixtures (fixtures/stripe: objects
 * in the shapes of Stripe's API reference). Each request the SDK sends is checked (path, form
 * parameters, Idempotency-Key), and each answer drives the app as a real one would.
 * To run against a Stripe test account instead: set STRIPE_SECRET_KEY=sk_test_…,
 * STRIPE_PUBLISHABLE_KEY=pk_test_… and STRIPE_WEBHOOK_SECRET=whsec_… and start the server (README).
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), 'utf8');

interface SentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}
const sent: SentRequest[] = [];
let chargeAnswer: { status: number; body: string } = { status: 200, body: fixture('payment_intent_requires_capture') };
/** What GET /v1/payment_intents/{id} answers (after a 3-D Secure step): the fixture, with the asked id. */
let retrieveAnswer = 'payment_intent_requires_capture';
/** Runs while Stripe is creating the next payment intent (a concurrent request landing then). */
let duringCreate: (() => Promise<void>) | null = null;
const withId = (name: string, id: string) => JSON.stringify({ ...JSON.parse(fixture(name)), id });

const recordedStripe: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const headers = new Headers(init?.headers as HeadersInit);
  sent.push({
    method: init?.method ?? 'GET',
    path: url.pathname,
    params: new URLSearchParams(String(init?.body ?? '')),
    idempotencyKey: headers.get('idempotency-key'),
  });
  const reply = (status: number, body: string) =>
    new Response(body, { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fixture' } });
  if (url.pathname === '/v1/payment_methods') return reply(200, fixture('payment_method'));
  if (url.pathname === '/v1/customers') return reply(200, fixture('customer'));
  if (url.pathname === '/v1/payment_intents') {
    if (duringCreate) {
      const hook = duringCreate;
      duringCreate = null;
      await hook();
    }
    return reply(chargeAnswer.status, chargeAnswer.body);
  }
  const pi = /^\/v1\/payment_intents\/(pi_\w+)(?:\/(capture|cancel))?$/.exec(url.pathname);
  if (pi && pi[2] === 'capture') return reply(200, withId('payment_intent_captured', pi[1]));
  if (pi && pi[2] === 'cancel') return reply(200, withId('payment_intent_canceled', pi[1]));
  if (pi) return reply(200, withId(retrieveAnswer, pi[1]));
  if (url.pathname.startsWith('/v1/tokens/')) return reply(200, fixture('token_bank_account'));
  return reply(
    404,
    JSON.stringify({ error: { type: 'invalid_request_error', message: `no fixture for ${url.pathname}` } }),
  );
};

let t: TestApp;
const WEBHOOK_SECRET = 'whsec_test_fixture';
beforeAll(async () => {
  t = await startTestApp({
    gateway: new StripeGateway({
      secretKey: 'sk_test_fixture',
      publishableKey: 'pk_test_fixture',
      webhookSecret: WEBHOOK_SECRET,
      fetch: recordedStripe,
    }),
  });
});
afterAll(() => t.close());

async function paidSession() {
  return (await insertOpenSession(t.db, { priceCents: 4900, maxSeats: 5, toDay: 9, timezone: 'America/New_York' })).id;
}

const post = async (url: string, token: string | null, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? t.auth(token) : {}), ...headers },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
};

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
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-1' },
    );
    chargeAnswer = { status: 200, body: fixture('payment_intent_requires_capture') };
    const before = sent.length;
    const confirmed = await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-1' },
    );
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
    const token = await t.tokenFor('learner7@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-race' },
    );
    chargeAnswer = { status: 200, body: fixture('payment_intent_requires_capture') };
    let wallet = 0;
    duringCreate = async () => {
      wallet = (
        await post(
          '/api/payments/intents/wallet',
          token,
          { sessionId: session, amount: 5195 },
          { 'idempotency-key': 'stripe-wallet-race' },
        )
      ).status;
    };
    const before = sent.length;
    const res = await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-race' },
    );
    expect(wallet).toBe(201);
    expect(res.status).toBe(409);
    expect(sent.slice(before).map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/payment_intents', `intent:${intent.body.data.id}:authorize`],
      ['POST', '/v1/payment_intents/pi_3QzStripeAuthorized/cancel', `intent:${intent.body.data.id}:cancel`],
    ]);
    expect(
      await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('payment_intent_id', '=', intent.body.data.id)
        .execute(),
    ).toEqual([]);
  });

  it('completes a 3-D Secure payment: the intent is read back as requires_capture, committed, then captured', async () => {
    const token = await t.tokenFor('learner8@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-3ds' },
    );
    chargeAnswer = { status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripe3DSStep') };
    const step = await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-3ds' },
    );
    expect(step.body.data.status).toBe('requires_action');
    retrieveAnswer = 'payment_intent_requires_capture';
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
    const token = await t.tokenFor('learner4@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post(
      '/api/payments/intents',
      token,
      { sessionId: session, amount: 5195 },
      { 'idempotency-key': 'stripe-intent-2' },
    );
    chargeAnswer = { status: 402, body: fixture('card_declined_error') };
    const res = await post(
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card.body.data.id },
      { 'idempotency-key': 'stripe-confirm-2' },
    );
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
    chargeAnswer = { status: 200, body: fixture('payment_intent_requires_action') };
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
    chargeAnswer = { status: 200, body: withId('payment_intent_requires_action', 'pi_3QzStripeHook') };
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
    chargeAnswer = { status: 200, body: fixture('payment_intent_succeeded') };
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
    chargeAnswer = { status: 200, body: fixture('payment_intent_requires_capture') };
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
