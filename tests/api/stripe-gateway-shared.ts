import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
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
export const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), 'utf8');

interface SentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}
export const sent: SentRequest[] = [];
let chargeAnswer: { status: number; body: string } = {
  status: 200,
  body: fixture('payment_intent_requires_capture'),
};
/** What GET /v1/payment_intents/{id} answers (after a 3-D Secure step): the fixture, with the asked id. */
let retrieveAnswer = 'payment_intent_requires_capture';
/** Runs while Stripe is creating the next payment intent (a concurrent request landing then). */
let duringCreate: (() => Promise<void>) | null = null;
/** Sets what the next POST /v1/payment_intents answers (status and fixture body). */
export function answerCharge(answer: { status: number; body: string }) {
  chargeAnswer = answer;
}

/** Sets the fixture GET /v1/payment_intents/{id} answers. */
export function answerRetrieve(name: string) {
  retrieveAnswer = name;
}

/** Runs `hook` while Stripe is creating the next payment intent. */
export function whileCreating(hook: () => Promise<void>) {
  duringCreate = hook;
}

export const withId = (name: string, id: string) => JSON.stringify({ ...JSON.parse(fixture(name)), id });

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
  if (url.pathname === '/v1/tokens') return reply(200, fixture('token_bank_account'));
  return reply(
    404,
    JSON.stringify({ error: { type: 'invalid_request_error', message: `no fixture for ${url.pathname}` } }),
  );
};

/** The app under test on the Stripe gateway, started once per test file that imports this module. */
export let t: TestApp;
export const WEBHOOK_SECRET = 'whsec_test_fixture';
/**
 * Starts the app before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useTestApp() {
  beforeAll(async () => {
    // A fresh Stripe, as each file had before the split: no requests recorded, the first answers.
    sent.length = 0;
    answerCharge({ status: 200, body: fixture('payment_intent_requires_capture') });
    answerRetrieve('payment_intent_requires_capture');
    duringCreate = null;
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
}

export async function paidSession() {
  return (await insertOpenSession(t.db, { priceCents: 4900, maxSeats: 5, toDay: 9, timezone: 'America/New_York' })).id;
}

export const post = async (
  url: string,
  token: string | null,
  payload: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? t.auth(token) : {}), ...headers },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
};

/** A signed-in learner (`email`) with a card saved through Stripe (`card`: the raw response) and a fresh paid session id. */
export async function cardBuyer(email: string) {
  const token = await t.tokenFor(email);
  const card = await post('/api/payments/cards', token, { source: 'tok_visa' });
  return { token, card, session: await paidSession() };
}

/** Opens a card intent for the paid session at its charged 51.95 USD under Idempotency-Key `key`; the raw response. */
export const openIntent = (token: string, session: number, key: string) =>
  post('/api/payments/intents', token, { sessionId: session, amount: 5195 }, { 'idempotency-key': key });

/** Pays the paid session from the wallet (51.95 USD) under Idempotency-Key `key`; the raw response. */
export const payFromWallet = (token: string, session: number, key: string) =>
  post('/api/payments/intents/wallet', token, { sessionId: session, amount: 5195 }, { 'idempotency-key': key });

/** Confirms intent `intentId` with the saved card `paymentMethod` under Idempotency-Key `key`; the raw response. */
export const confirmIntent = (token: string, intentId: string, paymentMethod: string, key: string) =>
  post(`/api/payments/intents/${intentId}/confirm`, token, { paymentMethod }, { 'idempotency-key': key });

/** The Stripe-Signature header Stripe would send with `payload` under the test webhook secret. */
export const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

/** Posts the raw JSON `payload` to the Stripe webhook with `signature` (a valid one by default); the light-my-request response. */
export const postWebhook = (payload: string, signature = sign(payload)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

/** The ledger transactions written for payment intent `intentId` (ids only). */
export const ledgerOfIntent = (intentId: string) =>
  t.db.selectFrom('ledger_transactions').select('id').where('payment_intent_id', '=', intentId).execute();
