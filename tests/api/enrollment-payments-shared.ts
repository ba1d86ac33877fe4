// Shared setup of the enrollment-payments tests: one app per file, learners, sessions and requests.
import { afterAll, beforeAll } from 'vitest';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { creditWallet, insertOpenSession } from './course-fixtures.js';

/** The app under test, started once per test file that imports this module. */
export let t: TestApp;
let tokens: TokenService;
/**
 * Starts the app before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useTestApp() {
  beforeAll(async () => {
    t = await startTestApp();
    tokens = new TokenService(t.config.jwtSecret, 3600);
  });
  afterAll(() => t.close());
}

/** Creates a session of a published public course for the test, starting today. */
export async function createSession(opts: { priceCents: number; maxSeats: number }) {
  const options = { ...opts, toDay: 30, timezone: 'America/New_York', schedule: MONDAY_EVENINGS };
  return (await insertOpenSession(t.db, options)).id;
}

/** Creates `n` learners, each with `creditCents` in their wallet, and returns their tokens. */
export async function createLearners(n: number, creditCents: number, tag: string) {
  const out: { id: number; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await t.db
      .insertInto('users')
      .values({
        email: `${tag}${i}@load.halaqa.test`,
        password_hash: 'unusable',
        first_name: 'Load',
        last_name: `${tag}${i}`,
        role: 'LEARNER',
        company_id: null,
        picture_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (creditCents > 0) {
      await creditWallet(t.db, id, creditCents, 'test credit');
    }
    out.push({ id, token: await signInForTests(t.db, tokens, { id, role: 'LEARNER' }) });
  }
  return out;
}

/** POSTs `payload` as `token` (anonymous when null) with extra headers. */
export const post = (url: string, token: string | null, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? t.auth(token) : {}), ...extra },
    payload: payload as object,
  });

/** The wallet balance of the caller of `token`, in dollars. */
export const balanceOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(token) })).json().data
    .balance as number;

/** Pays `amount` cents for `sessionId` from the wallet of `token` (anonymous when null) under Idempotency-Key `key`. */
export const payFromWallet = (token: string | null, sessionId: number, amount: number, key: string) =>
  post('/api/payments/intents/wallet', token, { sessionId, amount }, { 'idempotency-key': key });
