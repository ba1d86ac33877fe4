import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runJobs } from '../../server/jobs/index.js';
import { mailPaymentReceipt } from '../../server/modules/payments/mails.js';
import { Mailer } from '../../server/platform/mailer.js';
import { countRows, unbalancedTransactions } from './harness.js';
import {
  balanceOf,
  createLearners,
  createSession,
  payFromWallet,
  post,
  t,
  useTestApp,
} from './enrollment-payments-shared.js';

useTestApp();

describe('POST /payments/intents/wallet', () => {
  it('pays price + fee from the wallet, enrolls, and writes a balanced ledger transaction', async () => {
    const session = await createSession({ priceCents: 4999, maxSeats: 5 });
    const [learner] = await createLearners(1, 10000, 'payer');
    const res = await payFromWallet(learner.token, session, 5299, 'pay-1-abcdef');
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
      const res = await payFromWallet(learner.token, session, 1100, 'receipt-ar-0001');
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
    const res = await payFromWallet(learner.token, session, 1100, 'receipt-crash-0001');
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
    expect((await payFromWallet(learner.token, s1, 1100, 'reused-key-0001')).statusCode).toBe(201);
    const res = await payFromWallet(learner.token, s2, 1100, 'reused-key-0001');
    expect(res.statusCode).toBe(422);
    expect(await balanceOf(learner.token)).toBe(39);
  });

  it('refuses an amount that is not price + fee (422), an empty wallet (422), a missing key (400), and moves no money', async () => {
    const session = await createSession({ priceCents: 3000, maxSeats: 5 });
    const [rich] = await createLearners(1, 10000, 'refused-rich');
    const [poor] = await createLearners(1, 1000, 'refused-poor');
    const ledgerBefore = await countRows(t.db, 'ledger_entries');
    const mismatch = await payFromWallet(rich.token, session, 3000, 'mismatch-0001');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0]).toMatchObject({ path: 'amount' });
    const broke = await payFromWallet(poor.token, session, 3200, 'broke-0001');
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
      learners.map((l, i) => payFromWallet(l.token, session, 2150, `crowd-key-${i}-xyz`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const balances = await Promise.all(learners.map((l) => balanceOf(l.token)));
    expect(balances.filter((b) => b === 28.5)).toHaveLength(10);
    expect(balances.filter((b) => b === 50)).toHaveLength(20);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
  });

  it('refuses educators (403) and anonymous callers (401)', async () => {
    const session = await createSession({ priceCents: 1000, maxSeats: 5 });
    const educator = await t.tokenFor('educator@halaqa.test');
    expect((await payFromWallet(educator, session, 1100, 'edu-0001')).statusCode).toBe(403);
    expect((await payFromWallet(null, session, 1100, 'anon-0001')).statusCode).toBe(401);
  });
});
