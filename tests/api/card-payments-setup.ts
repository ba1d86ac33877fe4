import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { callJson, movableClock, startTestApp, unbalancedTransactions, type TestApp } from './harness.js';
import { insertOpenSession, insertLearner } from './course-fixtures.js';
import { weekly } from '../fixtures.js';

export let t: TestApp;
let tokens: TokenService;
/** The app's clock: tests move it; it is back to the wall clock after each test. */
export const clock = movableClock();
/** Registers the file's hooks: a test app on `clock` and a token service for its tests, closed after them. */
export function useTestApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ now: clock.now });
    tokens = new TokenService(t.config.jwtSecret, 3600);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());
}

/** A fresh Idempotency-Key. */
export const key = () => `k-${randomBytes(8).toString('hex')}`;
/** Calls the API with `token` (anonymous when null) and `extra` headers: the status and the JSON body. */
export const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) => callJson(t, method, url, token, payload, extra);

/** A fresh learner with a saved card of the given sandbox outcome; returns token and card id. */
export async function learnerWithCard(tag: string, source = 'tok_visa') {
  const { id } = await insertLearner(t.db, {
    email: `${tag}-${randomBytes(4).toString('hex')}@cards.halaqa.test`,
    firstName: 'Card',
    lastName: tag,
  });
  const token = await signInForTests(t.db, tokens, { id, role: 'LEARNER' });
  const card = await req('POST', '/api/payments/cards', token, { source });
  expect(card.status).toBe(201);
  return { id, token, card: card.body.data.id as string };
}

/** An open session at `priceCents` with `maxSeats` seats, on Tuesdays; returns its id. */
export async function createSession(priceCents: number, maxSeats: number) {
  const schedule = weekly({ tuesday: { start: '17:00', end: '18:00' } });
  return (await insertOpenSession(t.db, { priceCents, maxSeats, timezone: 'America/Chicago', schedule })).id;
}

/** What a learner pays for a session at `priceCents`: the price, a 5 % fee and 50 cents. */
export const amountFor = (priceCents: number) => priceCents + Math.round(priceCents * 0.05) + 50;
/** The seats left of `sessionId`, as its public info shows them. */
export const seatsLeft = async (sessionId: number) =>
  (await req('GET', `/api/sessions/${sessionId}/info`, null)).body.data.seatsLeft as number;
/** Whether every ledger transaction sums to zero. */
export const ledgerBalanced = async () => (await unbalancedTransactions(t.db)).length === 0;

/** Opens a card intent of `amount` cents (see `amountFor`) on `sessionId` under a fresh Idempotency-Key; the raw response. */
export const openIntent = (token: string, sessionId: number, amount: number) =>
  req('POST', '/api/payments/intents', token, { sessionId, amount }, { 'idempotency-key': key() });

/** Confirms intent `intentId` with card `paymentMethod` under Idempotency-Key `k` (a fresh one by default); the raw response. */
export const confirmIntent = (token: string, intentId: string, paymentMethod: string, k = key()) =>
  req('POST', `/api/payments/intents/${intentId}/confirm`, token, { paymentMethod }, { 'idempotency-key': k });
