import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentGateway } from '../../server/platform/payments/gateway.js';
import { SandboxGateway } from '../../server/platform/payments/sandbox.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { startTestApp, type TestApp } from './harness.js';
import { insertOpenSession, creditWallet, insertLearner } from './course-fixtures.js';

/**
 * Issue "Nothing lost, nobody in", part 2: a card is never charged for an enrollment that then
 * fails. Every check (already enrolled, seats, private course, price) runs before the gateway is
 * called; the card is authorized, the enrollment committed, then the charge captured — or the
 * authorization canceled when the commit fails. The gateway here is the sandbox wrapped in a
 * recorder of every call that moves money (the Stripe adapter's turn: stripe-gateway-*.test.ts).
 */
class RecordingGateway extends SandboxGateway {
  readonly calls: { method: string; key: string | null }[] = [];
  /** Runs inside the next authorization, before it answers (a concurrent request landing then). */
  duringAuthorize: (() => Promise<void>) | null = null;
  /** How many of the next captures fail as if the gateway could not be reached. */
  failCaptures = 0;
  constructor() {
    super();
    return new Proxy(this, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || ['attachCard', 'attachBankAccount', 'constructor'].includes(String(prop)))
          return value;
        return async (...args: { idempotencyKey?: string }[]) => {
          target.calls.push({ method: String(prop), key: args[0]?.idempotencyKey ?? null });
          if (prop === 'capture' && target.failCaptures > 0) {
            target.failCaptures--;
            throw new Error('connect ETIMEDOUT api.stripe.com');
          }
          if (prop === 'authorize' && target.duringAuthorize) {
            const hook = target.duringAuthorize;
            target.duringAuthorize = null;
            const out = await value.apply(target, args);
            await hook();
            return out;
          }
          return value.apply(target, args);
        };
      },
    });
  }
}

/** The gateway of the current test file's app, recording every call that moves money. */
export let gateway = new RecordingGateway();
export let t: TestApp;
let tokens: TokenService;
/**
 * Starts the app before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useTestApp() {
  beforeAll(async () => {
    gateway = new RecordingGateway();
    t = await startTestApp({ gateway: gateway as PaymentGateway });
    tokens = new TokenService(t.config.jwtSecret, 3600);
  });
  afterAll(() => t.close());
}

export const key = () => `k-${randomBytes(8).toString('hex')}`;
export const req = async (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  extra: Record<string, string> = {},
) => {
  const res = await t.app.inject({ method, url, headers: { ...t.auth(token), ...extra }, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
export const amountFor = (priceCents: number) => priceCents + Math.round(priceCents * 0.05) + 50;
export const moneyCalls = () => gateway.calls;
export const state = (ref: string | null) => (ref ? gateway.payments.get(ref) : undefined);
export const intentRow = (id: string) =>
  t.db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const walletOf = async (userId: number) =>
  Number(
    (
      await t.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('s'))
        .where('account', '=', 'WALLET')
        .where('owner_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).s,
  );

export async function learner(tag: string, walletCents: number, source = 'tok_visa') {
  const { id } = await insertLearner(t.db, {
    email: `${tag}-${randomBytes(4).toString('hex')}@order.halaqa.test`,
    firstName: 'Order',
    lastName: tag,
  });
  if (walletCents > 0) {
    await creditWallet(t.db, id, walletCents);
  }
  const token = await signInForTests(t.db, tokens, { id, role: 'LEARNER' });
  const card = await req('POST', '/api/payments/cards', token, { source });
  expect(card.status).toBe(201);
  return { id, token, card: card.body.data.id as string };
}

export const session = (priceCents: number, maxSeats = 5) => insertOpenSession(t.db, { priceCents, maxSeats });

export const ledgerOfIntent = (id: string) =>
  t.db.selectFrom('ledger_transactions').select('id').where('payment_intent_id', '=', id).execute();

/** A learner as `learner` returns it: the user id, a bearer token and the id of the card saved on file. */
type Learner = Awaited<ReturnType<typeof learner>>;

/** POSTs a payment of session `sessionId` at the charged amount of `priceCents` to `url` as `l`, under a fresh key. */
const payFor = (url: string, l: Learner, sessionId: number, priceCents: number) =>
  req('POST', url, l.token, { sessionId, amount: amountFor(priceCents) }, { 'idempotency-key': key() });

/**
 * Opens a card payment intent for `l` on session `sessionId` at the charged amount of `priceCents`
 * (price, fee and flat part, as `amountFor`), under a fresh Idempotency-Key; answers the raw response.
 */
export const openIntent = (l: Learner, sessionId: number, priceCents: number) =>
  payFor('/api/payments/intents', l, sessionId, priceCents);

/** Pays session `sessionId` from the wallet of `l` at the charged amount of `priceCents`; the raw response. */
export const payFromWallet = (l: Learner, sessionId: number, priceCents: number) =>
  payFor('/api/payments/intents/wallet', l, sessionId, priceCents);

/** Confirms intent `intentId` with `paymentMethod` (the learner's card by default) under Idempotency-Key `k`. */
export const confirmIntent = (l: Learner, intentId: string, paymentMethod = l.card, k = key()) =>
  req('POST', `/api/payments/intents/${intentId}/confirm`, l.token, { paymentMethod }, { 'idempotency-key': k });
