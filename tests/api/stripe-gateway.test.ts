import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../../server/platform/payments/stripe.js';
import { startTestApp, type TestApp } from './harness.js';

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
let chargeAnswer: { status: number; body: string } = { status: 200, body: fixture('payment_intent_succeeded') };

const recordedStripe: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  const headers = new Headers(init?.headers as HeadersInit);
  sent.push({ method: init?.method ?? 'GET', path: url.pathname, params: new URLSearchParams(String(init?.body ?? '')), idempotencyKey: headers.get('idempotency-key') });
  const reply = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fixture' } });
  if (url.pathname === '/v1/payment_methods') return reply(200, fixture('payment_method'));
  if (url.pathname === '/v1/customers') return reply(200, fixture('customer'));
  if (url.pathname === '/v1/payment_intents') return reply(chargeAnswer.status, chargeAnswer.body);
  if (url.pathname.startsWith('/v1/tokens/')) return reply(200, fixture('token_bank_account'));
  return reply(404, JSON.stringify({ error: { type: 'invalid_request_error', message: `no fixture for ${url.pathname}` } }));
};

let t: TestApp;
const WEBHOOK_SECRET = 'whsec_test_fixture';
beforeAll(async () => {
  t = await startTestApp({
    gateway: new StripeGateway({ secretKey: 'sk_test_fixture', publishableKey: 'pk_test_fixture', webhookSecret: WEBHOOK_SECRET, fetch: recordedStripe }),
  });
});
afterAll(() => t.close());

async function paidSession() {
  const course = await t.db.selectFrom('courses').select(['id', 'educator_id']).where('status', '=', 'PUBLISHED').where('is_private', '=', false).executeTakeFirstOrThrow();
  return (await t.db
    .insertInto('sessions')
    .values({
      course_id: course.id, educator_id: course.educator_id, start_date: sql<string>`current_date` as never, end_date: sql<string>`current_date + 9` as never, timezone: 'America/New_York',
      schedule: JSON.stringify({ sunday: null, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null }), max_seats: 5, price_cents: 4900, status: 'APPROVED',
    })
    .returning('id')
    .executeTakeFirstOrThrow()).id;
}

const post = async (url: string, token: string | null, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...(token ? t.auth(token) : {}), ...headers }, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};

describe('the Stripe gateway (recorded responses)', () => {
  it('tells the browser it is Stripe, with the publishable key and no test cards', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json().data;
    expect(cfg).toMatchObject({ gateway: 'stripe', publishableKey: 'pk_test_fixture', testCards: [] });
  });

  it('saves a card as a Stripe payment method on a customer, then charges it once with our idempotency key', async () => {
    const token = await t.tokenFor('learner3@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(sent.find((r) => r.path === '/v1/payment_methods')!.params.get('card[token]')).toBe('tok_visa');
    expect(sent.find((r) => r.path === '/v1/customers')!.params.get('payment_method')).toBe('pm_1QzStripeVisa4242');

    const session = await paidSession();
    const intent = await post('/api/payments/intents', token, { sessionId: session, amount: 5195 }, { 'idempotency-key': 'stripe-intent-1' });
    chargeAnswer = { status: 200, body: fixture('payment_intent_succeeded') };
    const confirmed = await post(`/api/payments/intents/${intent.body.data.id}/confirm`, token, { paymentMethod: card.body.data.id }, { 'idempotency-key': 'stripe-confirm-1' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('succeeded');
    const charge = sent.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(Object.fromEntries(['amount', 'currency', 'customer', 'payment_method', 'confirm'].map((k) => [k, charge.params.get(k)]))).toEqual({
      amount: '5195', currency: 'usd', customer: 'cus_QzStripeLearner', payment_method: 'pm_1QzStripeVisa4242', confirm: 'true',
    });
    expect(charge.idempotencyKey).toBe(`${intent.body.data.id}:stripe-confirm-1`);
    const ours = await t.db.selectFrom('payment_intents').select(['gateway_ref', 'status']).where('id', '=', intent.body.data.id).executeTakeFirstOrThrow();
    expect(ours).toEqual({ gateway_ref: 'pi_3QzStripeSucceeded', status: 'succeeded' });
  });

  it("answers Stripe's decline as 402 with Stripe's message, enrolling nobody", async () => {
    const token = await t.tokenFor('learner4@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post('/api/payments/intents', token, { sessionId: session, amount: 5195 }, { 'idempotency-key': 'stripe-intent-2' });
    chargeAnswer = { status: 402, body: fixture('card_declined_error') };
    const res = await post(`/api/payments/intents/${intent.body.data.id}/confirm`, token, { paymentMethod: card.body.data.id }, { 'idempotency-key': 'stripe-confirm-2' });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    const row = await t.db.selectFrom('payment_intents').select(['status', 'last_error_code']).where('id', '=', intent.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'requires_payment_method', last_error_code: 'generic_decline' });
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toEqual([]);
  });

  it('settles a 3-D Secure payment from a signed payment_intent.succeeded webhook, and refuses a bad signature', async () => {
    const token = await t.tokenFor('learner5@halaqa.test');
    const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
    const session = await paidSession();
    const intent = await post('/api/payments/intents', token, { sessionId: session, amount: 5195 }, { 'idempotency-key': 'stripe-intent-3' });
    chargeAnswer = { status: 200, body: fixture('payment_intent_requires_action') };
    const step = await post(`/api/payments/intents/${intent.body.data.id}/confirm`, token, { paymentMethod: card.body.data.id }, { 'idempotency-key': 'stripe-confirm-3' });
    expect(step.body.data.status).toBe('requires_action');

    const payload = JSON.stringify({ id: 'evt_1Qz3ds', object: 'event', type: 'payment_intent.succeeded', data: { object: { ...JSON.parse(fixture('payment_intent_succeeded')), id: 'pi_3QzStripe3DS' } } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' }, payload });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toEqual([]);

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const ok = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ received: true });
    const settled = await t.db.selectFrom('payment_intents').select(['status', 'enrollment_id']).where('id', '=', intent.body.data.id).executeTakeFirstOrThrow();
    expect(settled.status).toBe('succeeded');
    expect(settled.enrollment_id).toBeGreaterThan(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(again.statusCode).toBe(200);
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('payment_intent_id', '=', intent.body.data.id).execute()).toHaveLength(1);
  });

  it('registers a bank account from a btok_ token through Stripe', async () => {
    const edu = await t.tokenFor('educator5@halaqa.test');
    const res = await post('/api/payments/accounts/external-account', edu, { external_account: 'btok_1QzStripeBank' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: 'ba_1QzStripeBank', bankName: 'STRIPE TEST BANK', last4: '6789', currency: 'USD', status: 'new' });
  });
});

describe('the sandbox has no Stripe webhook', () => {
  it('answers 404', async () => {
    const sandbox = await startTestApp({ seed: false });
    try {
      const res = await sandbox.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: { id: 'evt', type: 'x', data: { object: {} } } });
      expect(res.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
