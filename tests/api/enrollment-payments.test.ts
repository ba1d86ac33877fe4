import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../../server/jobs/index.js';
import { mailPaymentReceipt } from '../../server/modules/payments/mails.js';
import { Mailer } from '../../server/platform/mailer.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { creditWallet, insertOpenSession } from './course-fixtures.js';

let t: TestApp;
let tokens: TokenService;
beforeAll(async () => {
  t = await startTestApp();
  tokens = new TokenService(t.config.jwtSecret, 3600);
});
afterAll(() => t.close());

/** Creates a session of a published public course for the test, starting today. */
async function createSession(opts: { priceCents: number; maxSeats: number }) {
  const options = { ...opts, toDay: 30, timezone: 'America/New_York', schedule: MONDAY_EVENINGS };
  return (await insertOpenSession(t.db, options)).id;
}

/** Creates `n` learners, each with `creditCents` in their wallet, and returns their tokens. */
async function createLearners(n: number, creditCents: number, tag: string) {
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

const post = (url: string, token: string | null, payload?: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? t.auth(token) : {}), ...extra },
    payload: payload as object,
  });

const balanceOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(token) })).json().data
    .balance as number;

describe('POST /payments/fee', () => {
  it('quotes price + 5% + $0.50, and no fee on a free session', async () => {
    const token = await t.tokenFor('learner@halaqa.test');
    const res = await post('/api/payments/fee', token, { price: 49.99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ price: 49.99, fee: 3, total: 52.99, amount: 5299, currency: 'USD' });
    expect((await post('/api/payments/fee', token, { price: 0 })).json().data).toMatchObject({
      fee: 0,
      total: 0,
      amount: 0,
    });
  });

  it('refuses a negative price, more than two decimals, and anonymous callers', async () => {
    const token = await t.tokenFor('learner@halaqa.test');
    expect((await post('/api/payments/fee', token, { price: -1 })).statusCode).toBe(400);
    expect((await post('/api/payments/fee', token, { price: 10.123 })).statusCode).toBe(400);
    expect((await post('/api/payments/fee', null, { price: 10 })).statusCode).toBe(401);
  });
});

describe('POST /sessions/{id}/enroll', () => {
  it('enrolls a learner into a free session once; a second call answers the same enrollment', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    const [learner] = await createLearners(1, 0, 'free');
    const first = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ sessionId: session, status: 'ACTIVE', paidAmount: 0 });
    const again = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/enrollments',
      headers: t.auth(learner.token),
    });
    expect(mine.json().data.map((e: { sessionId: number }) => e.sessionId)).toEqual([session]);
  });

  it('answers 402 for a paid session that was not paid, and writes nothing', async () => {
    const session = await createSession({ priceCents: 2000, maxSeats: 5 });
    const [learner] = await createLearners(1, 0, 'unpaid');
    const before = await countRows(t.db, 'enrollments');
    const res = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(res.statusCode).toBe(402);
    expect(await countRows(t.db, 'enrollments')).toBe(before);
  });

  it('refuses roles other than learners and users (403), anonymous callers (401), unknown sessions (404)', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    expect((await post(`/api/sessions/${session}/enroll`, await t.tokenFor('educator@halaqa.test'))).statusCode).toBe(
      403,
    );
    expect((await post(`/api/sessions/${session}/enroll`, await t.tokenFor('admin@halaqa.test'))).statusCode).toBe(403);
    expect((await post(`/api/sessions/${session}/enroll`, null)).statusCode).toBe(401);
    expect((await post('/api/sessions/999999/enroll', await t.tokenFor('learner@halaqa.test'))).statusCode).toBe(404);
  });

  it('makes a USER a LEARNER with their first enrollment', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    const res = await post(`/api/sessions/${session}/enroll`, await t.tokenFor('user@halaqa.test'));
    expect(res.statusCode).toBe(201);
    const u = await t.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'user@halaqa.test')
      .executeTakeFirstOrThrow();
    expect(u.role).toBe('LEARNER');
  });

  it('never oversells: 50 concurrent enrollments into a 10-seat session leave exactly 10', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 10 });
    const learners = await createLearners(50, 0, 'rush');
    const results = await Promise.all(learners.map((l) => post(`/api/sessions/${session}/enroll`, l.token)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Session is full');
    const { n } = await t.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(10);
    const info = await t.app.inject({ method: 'GET', url: `/api/sessions/${session}/info` });
    expect(info.json().data).toMatchObject({ seatsTaken: 10, seatsLeft: 0 });
  });
});

describe('POST /payments/intents/wallet', () => {
  it('pays price + fee from the wallet, enrolls, and writes a balanced ledger transaction', async () => {
    const session = await createSession({ priceCents: 4999, maxSeats: 5 });
    const [learner] = await createLearners(1, 10000, 'payer');
    const res = await post(
      '/api/payments/intents/wallet',
      learner.token,
      { sessionId: session, amount: 5299 },
      { 'idempotency-key': 'pay-1-abcdef' },
    );
    expect(res.statusCode).toBe(201);
    const intent = res.json().data;
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 5299,
      currency: 'USD',
      sessionId: session,
      paymentMethod: 'wallet',
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(await balanceOf(learner.token)).toBe(47.01);
    const enroll = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(enroll.statusCode).toBe(200);
    expect(enroll.json().data).toMatchObject({ id: intent.enrollmentId, paidAmount: 5299 });
    const legs = await t.db
      .selectFrom('ledger_entries as le')
      .innerJoin('ledger_transactions as lt', 'lt.id', 'le.transaction_id')
      .select(['le.account', 'le.amount_cents'])
      .where('lt.payment_intent_id', '=', intent.id)
      .execute();
    expect(legs.reduce((s, l) => s + l.amount_cents, 0)).toBe(0);
    expect(Object.fromEntries(legs.map((l) => [l.account, l.amount_cents]))).toEqual({
      WALLET: -5299,
      EARNINGS: 4999,
      PLATFORM_FEES: 300,
    });
    const wallet = (
      await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(learner.token) })
    ).json().data;
    expect(wallet.entries[0]).toMatchObject({ amount: -5299, reason: 'PAYMENT', sessionId: session });
    // Mailed after the answer, at the server's next quiet moment (AppContext.receipts).
    const mailedTo = (address: string) =>
      t.db
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where(sql<boolean>`to_addresses::text like ${`%${address}%`}`)
        .execute();
    await expect.poll(async () => (await mailedTo('payer0@load.halaqa.test')).length, { timeout: 15_000 }).toBe(1);
    const receipts = await mailedTo('payer0@load.halaqa.test');
    expect(receipts[0].subject).toMatch(/^Your receipt for "/);
    expect(receipts[0].body).toContain('Total paid by wallet: 52.99 USD');
    expect(receipts[0].body).toContain(intent.id);
  });

  it("mails the receipt in the learner's language, once however often the payment is replayed", async () => {
    const session = await createSession({ priceCents: 1000, maxSeats: 5 });
    const [learner] = await createLearners(1, 5000, 'arabic');
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', learner.id).execute();
    for (let i = 0; i < 2; i++) {
      const res = await post(
        '/api/payments/intents/wallet',
        learner.token,
        { sessionId: session, amount: 1100 },
        { 'idempotency-key': 'receipt-ar-0001' },
      );
      expect(res.statusCode).toBe(201);
    }
    const mailed = () =>
      t.db
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where(sql<boolean>`to_addresses::text like ${'%arabic0@load.halaqa.test%'}`)
        .execute();
    await expect.poll(async () => (await mailed()).length, { timeout: 15_000 }).toBe(1);
    const receipts = await mailed();
    expect(receipts[0].subject).toMatch(/^إيصال الدفع/);
    expect(receipts[0].body).toContain('المجموع المدفوع من المحفظة: 11.00 دولار أمريكي');
  });

  it('mails a receipt the server did not get to (a crash after the commit) from the periodic jobs, once', async () => {
    const session = await createSession({ priceCents: 1000, maxSeats: 5 });
    const [learner] = await createLearners(1, 5000, 'crashed');
    const res = await post(
      '/api/payments/intents/wallet',
      learner.token,
      { sessionId: session, amount: 1100 },
      { 'idempotency-key': 'receipt-crash-0001' },
    );
    expect(res.statusCode).toBe(201);
    const intentId = res.json().data.id as string;
    const mailed = () => t.db.selectFrom('outbox').select('body').where('body', 'like', `%${intentId}%`).execute();
    await expect.poll(async () => (await mailed()).length, { timeout: 15_000 }).toBe(1);
    // As if the server had stopped before its receipt queue ran, two minutes ago.
    await t.db.deleteFrom('outbox').where('body', 'like', `%${intentId}%`).execute();
    await t.db
      .updateTable('payment_intents')
      .set({ receipt_mailed_at: null, updated_at: sql<Date>`now() - interval '2 minutes'` })
      .where('id', '=', intentId)
      .execute();
    const mail = {
      db: t.db,
      mailer: new Mailer(t.db, null, null),
      config: t.config,
      log: t.app.log,
      now: () => new Date(),
    };
    const first = await runJobs(t.db, { mail });
    expect(first.mailedReceipts).toBeGreaterThanOrEqual(1);
    expect(await mailed()).toEqual([{ body: expect.stringContaining('Total paid by wallet: 11.00 USD') }]);
    const row = await t.db
      .selectFrom('payment_intents')
      .select('receipt_mailed_at')
      .where('id', '=', intentId)
      .executeTakeFirstOrThrow();
    expect(row.receipt_mailed_at).not.toBeNull();
    // Mailed once: the next pass and a late run of the queue find it claimed.
    await runJobs(t.db, { mail });
    await mailPaymentReceipt(mail, intentId);
    expect(await mailed()).toHaveLength(1);
  });

  it('debits once when the same payment is sent twice with one Idempotency-Key', async () => {
    const session = await createSession({ priceCents: 1000, maxSeats: 5 });
    const [learner] = await createLearners(1, 5000, 'twice');
    const body = { sessionId: session, amount: 1100 };
    const [a, b] = await Promise.all([
      post('/api/payments/intents/wallet', learner.token, body, { 'idempotency-key': 'double-click-0001' }),
      post('/api/payments/intents/wallet', learner.token, body, { 'idempotency-key': 'double-click-0001' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    const replay = await post('/api/payments/intents/wallet', learner.token, body, {
      'idempotency-key': 'double-click-0001',
    });
    expect(replay.json().data.id).toBe(a.json().data.id);
    expect(await balanceOf(learner.token)).toBe(39);
    const intents = await t.db.selectFrom('payment_intents').select('id').where('user_id', '=', learner.id).execute();
    expect(intents).toHaveLength(1);
  });

  it('answers 422 when a key is reused with a different body', async () => {
    const s1 = await createSession({ priceCents: 1000, maxSeats: 5 });
    const s2 = await createSession({ priceCents: 1000, maxSeats: 5 });
    const [learner] = await createLearners(1, 5000, 'reuse');
    expect(
      (
        await post(
          '/api/payments/intents/wallet',
          learner.token,
          { sessionId: s1, amount: 1100 },
          { 'idempotency-key': 'reused-key-0001' },
        )
      ).statusCode,
    ).toBe(201);
    const res = await post(
      '/api/payments/intents/wallet',
      learner.token,
      { sessionId: s2, amount: 1100 },
      { 'idempotency-key': 'reused-key-0001' },
    );
    expect(res.statusCode).toBe(422);
    expect(await balanceOf(learner.token)).toBe(39);
  });

  it('refuses an amount that is not price + fee (422), an empty wallet (422), a missing key (400), and moves no money', async () => {
    const session = await createSession({ priceCents: 3000, maxSeats: 5 });
    const [rich] = await createLearners(1, 10000, 'refused-rich');
    const [poor] = await createLearners(1, 1000, 'refused-poor');
    const ledgerBefore = await countRows(t.db, 'ledger_entries');
    const mismatch = await post(
      '/api/payments/intents/wallet',
      rich.token,
      { sessionId: session, amount: 3000 },
      { 'idempotency-key': 'mismatch-0001' },
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0]).toMatchObject({ path: 'amount' });
    const broke = await post(
      '/api/payments/intents/wallet',
      poor.token,
      { sessionId: session, amount: 3200 },
      { 'idempotency-key': 'broke-0001' },
    );
    expect(broke.statusCode).toBe(422);
    expect(broke.json().message).toMatch(/Insufficient wallet balance/);
    const noKey = await post('/api/payments/intents/wallet', rich.token, { sessionId: session, amount: 3200 });
    expect(noKey.statusCode).toBe(400);
    const badBody = await post(
      '/api/payments/intents/wallet',
      rich.token,
      { sessionId: 'x' },
      { 'idempotency-key': 'badbody-0001' },
    );
    expect(badBody.statusCode).toBe(400);
    expect(await countRows(t.db, 'ledger_entries')).toBe(ledgerBefore);
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toHaveLength(
      0,
    );
  });

  it('charges exactly the seats there are: 30 concurrent payers for 10 seats', async () => {
    const session = await createSession({ priceCents: 2000, maxSeats: 10 });
    const learners = await createLearners(30, 5000, 'crowd');
    const results = await Promise.all(
      learners.map((l, i) =>
        post(
          '/api/payments/intents/wallet',
          l.token,
          { sessionId: session, amount: 2150 },
          { 'idempotency-key': `crowd-key-${i}-xyz` },
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const balances = await Promise.all(learners.map((l) => balanceOf(l.token)));
    expect(balances.filter((b) => b === 28.5)).toHaveLength(10);
    expect(balances.filter((b) => b === 50)).toHaveLength(20);
    const sums = await t.db
      .selectFrom('ledger_entries')
      .select(['transaction_id', (eb) => eb.fn.sum<number>('amount_cents').as('s')])
      .groupBy('transaction_id')
      .execute();
    expect(sums.every((r) => Number(r.s) === 0)).toBe(true);
  });

  it('refuses educators (403) and anonymous callers (401)', async () => {
    const session = await createSession({ priceCents: 1000, maxSeats: 5 });
    const educator = await t.tokenFor('educator@halaqa.test');
    expect(
      (
        await post(
          '/api/payments/intents/wallet',
          educator,
          { sessionId: session, amount: 1100 },
          { 'idempotency-key': 'edu-0001' },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/payments/intents/wallet',
          null,
          { sessionId: session, amount: 1100 },
          { 'idempotency-key': 'anon-0001' },
        )
      ).statusCode,
    ).toBe(401);
  });
});
