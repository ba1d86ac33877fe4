import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizationOutcome, PaymentGateway } from '../../server/platform/payments/gateway.js';
import { SandboxGateway } from '../../server/platform/payments/sandbox.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { TokenService } from '../../server/platform/tokens.js';
import { startTestApp, type TestApp } from './harness.js';
import { insertOpenSession, insertLearner } from './course-fixtures.js';

/**
 * A card confirmation whose server dies between claiming its Idempotency-Key (the intent
 * `processing`) and committing the enrollment (bench/lb.ts kills a server with SIGKILL mid-storm):
 * the client's retry with the same key must get a definite answer, not "still being processed"
 * until the 10-minute sweep. Here the dying request is one whose gateway call never returns; once
 * its claim is older than the lease, a retry with the key takes the checkout over with a new
 * authorization attempt, and the old request, should it wake up, cancels its own authorization
 * and writes nothing.
 */
class FreezingGateway extends SandboxGateway {
  /** The next authorization answers only when this is resolved (a request stuck, or its server dead). */
  freezeNext: Promise<void> | null = null;
  readonly authorizeKeys: string[] = [];
  readonly cancelRefs: string[] = [];
  override async authorize(input: Parameters<SandboxGateway['authorize']>[0]): Promise<AuthorizationOutcome> {
    this.authorizeKeys.push(input.idempotencyKey);
    const frozen = this.freezeNext;
    this.freezeNext = null;
    const out = await super.authorize(input);
    if (frozen) await frozen;
    return out;
  }
  override async cancel(input: Parameters<SandboxGateway['cancel']>[0]): Promise<void> {
    this.cancelRefs.push(input.gatewayRef);
    return super.cancel(input);
  }
}

const gateway = new FreezingGateway();
let t: TestApp;
let tokens: TokenService;
beforeAll(async () => {
  t = await startTestApp({ gateway: gateway as PaymentGateway });
  tokens = new TokenService(t.config.jwtSecret, 3600);
}, 120_000);
afterAll(() => t.close());

const req = async (url: string, token: string, payload: unknown, key: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.auth(token), 'idempotency-key': key },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() as { data?: { id: string; status: string }; message?: string } };
};

async function checkoutReady() {
  const s = await insertOpenSession(t.db, { priceCents: 3000, maxSeats: 3 });
  const { id } = await insertLearner(t.db, {
    email: `crash-${randomBytes(4).toString('hex')}@checkout.halaqa.test`,
    firstName: 'Crash',
    lastName: 'Learner',
  });
  const token = await signInForTests(t.db, tokens, { id, role: 'LEARNER' });
  const card = (await req('/api/payments/cards', token, { source: 'tok_visa' }, `card-${id}`)).body.data!.id;
  const intent = await req(
    '/api/payments/intents',
    token,
    { sessionId: s.id, amount: 3000 + 150 + 50 },
    `intent-${id}`,
  );
  expect(intent.status).toBe(201);
  return { userId: id, token, card, intentId: intent.body.data!.id, sessionId: s.id };
}

const intentRow = (id: string) =>
  t.db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function waitProcessing(id: string) {
  for (let i = 0; i < 200 && (await intentRow(id)).status !== 'processing'; i++)
    await new Promise((r) => setTimeout(r, 25));
  expect((await intentRow(id)).status).toBe('processing');
}

describe('a confirmation whose request died between the key claim and the commit', () => {
  it('a retry with the same key, once the claim is older than the lease, takes over: enrolled and charged once', async () => {
    const c = await checkoutReady();
    let wake!: () => void;
    gateway.freezeNext = new Promise<void>((r) => (wake = r));
    const key = `confirm-${c.userId}`;
    const dying = req(`/api/payments/intents/${c.intentId}/confirm`, c.token, { paymentMethod: c.card }, key);
    await waitProcessing(c.intentId);
    // The dead request's claim as it is a minute later.
    await t.db
      .updateTable('payment_intents')
      .set({ updated_at: sql<Date>`now() - interval '1 minute'` as never })
      .where('id', '=', c.intentId)
      .execute();

    const retry = await req(`/api/payments/intents/${c.intentId}/confirm`, c.token, { paymentMethod: c.card }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.data!.status).toBe('succeeded');
    expect(gateway.authorizeKeys.slice(-2)).toEqual([
      `intent:${c.intentId}:authorize`,
      `intent:${c.intentId}:authorize:2`,
    ]);
    const row = await intentRow(c.intentId);
    expect(gateway.payments.get(row.gateway_ref!)?.state).toBe('captured');

    // The first request wakes up (a slow server, not a dead one): it is fenced out.
    wake();
    const late = await dying;
    expect(late.status).toBe(409);
    const after = await intentRow(c.intentId);
    expect(after.status).toBe('succeeded');
    expect(after.gateway_ref).toBe(row.gateway_ref);
    const captured = [...gateway.payments.values()].filter((p) => p.state === 'captured' && p.amountCents === 3200);
    expect(gateway.cancelRefs).toHaveLength(1);
    expect(gateway.cancelRefs[0]).not.toBe(row.gateway_ref);
    expect(gateway.payments.get(gateway.cancelRefs[0]!)?.state).toBe('canceled');
    expect(captured.filter((p) => p === gateway.payments.get(row.gateway_ref!))).toHaveLength(1);
    const enrollments = await t.db
      .selectFrom('enrollments')
      .select('id')
      .where('session_id', '=', c.sessionId)
      .where('user_id', '=', c.userId)
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(enrollments).toHaveLength(1);
    const ledger = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('payment_intent_id', '=', c.intentId)
      .execute();
    expect(ledger).toHaveLength(1);

    // And the key's answer stays the enrollment.
    const replay = await req(`/api/payments/intents/${c.intentId}/confirm`, c.token, { paymentMethod: c.card }, key);
    expect(replay).toEqual(retry);
  }, 60_000);

  it('a retry within the lease waits for the live request and gets its answer (no takeover)', async () => {
    const c = await checkoutReady();
    let wake!: () => void;
    gateway.freezeNext = new Promise<void>((r) => (wake = r));
    const key = `confirm-${c.userId}`;
    const first = req(`/api/payments/intents/${c.intentId}/confirm`, c.token, { paymentMethod: c.card }, key);
    await waitProcessing(c.intentId);
    const retry = req(`/api/payments/intents/${c.intentId}/confirm`, c.token, { paymentMethod: c.card }, key);
    await new Promise((r) => setTimeout(r, 300));
    wake();
    const [a, b] = await Promise.all([first, retry]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(gateway.authorizeKeys.filter((k) => k.includes(c.intentId))).toEqual([`intent:${c.intentId}:authorize`]);
  });
});
