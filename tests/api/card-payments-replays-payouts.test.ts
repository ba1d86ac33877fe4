import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { insertOpenSession } from './course-fixtures.js';
import {
  amountFor,
  confirmIntent,
  createSession,
  key,
  learnerWithCard,
  ledgerBalanced,
  openIntent,
  req,
  t,
  useTestApp,
} from './card-payments-setup.js';

useTestApp();

describe('card checkout', () => {
  it('charges once for a confirmation replayed with its Idempotency-Key; the key with another card is 422', async () => {
    const session = await createSession(2500, 5);
    const a = await learnerWithCard('replay');
    const other = (await req('POST', '/api/payments/cards', a.token, { source: 'tok_mastercard' })).body.data.id;
    const intent = (await openIntent(a.token, session, amountFor(2500))).body.data;
    const k = key();
    const [x, y] = await Promise.all([
      confirmIntent(a.token, intent.id, a.card, k),
      confirmIntent(a.token, intent.id, a.card, k),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data).toEqual(y.body.data);
    expect((await confirmIntent(a.token, intent.id, other, k)).status).toBe(422);
    expect(
      await t.db.selectFrom('ledger_transactions').select('id').where('payment_intent_id', '=', intent.id).execute(),
    ).toHaveLength(1);
  });

  it('keeps no key for a confirmation answered without the gateway: a retry with the key answers again at once', async () => {
    const session = await createSession(2500, 5);
    const a = await learnerWithCard('answered');
    const intent = (await openIntent(a.token, session, amountFor(2500))).body.data;
    expect((await confirmIntent(a.token, intent.id, a.card)).body.data.status).toBe('succeeded');
    // A new key on the succeeded intent: answered from the intent, twice, and not left claimed.
    const k = key();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const again = await confirmIntent(a.token, intent.id, a.card, k);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ id: intent.id, status: 'succeeded' });
      // A key left pending would make the retry wait for its answer (up to 20 s), then 409.
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', k).execute()).toEqual([]);
    // A refusal that cancels the intent (its session filled up meanwhile) is not kept either: the
    // retry is refused at once, not told that a request with the key is still running.
    const b = await learnerWithCard('refused');
    const mine = (await openIntent(b.token, session, amountFor(2500))).body.data;
    await t.db.updateTable('sessions').set({ max_seats: 1 }).where('id', '=', session).execute();
    const k2 = key();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const refused = await confirmIntent(b.token, mine.id, b.card, k2);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Session is full');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(
      (await t.db.selectFrom('payment_intents').select('status').where('id', '=', mine.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('canceled');
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', k2).execute()).toEqual([]);
  });

  it("refuses educators (403) and someone else's intent (404)", async () => {
    const session = await createSession(2500, 5);
    const a = await learnerWithCard('owner');
    const b = await learnerWithCard('thief');
    const intent = (await openIntent(a.token, session, amountFor(2500))).body.data;
    expect((await confirmIntent(b.token, intent.id, b.card)).status).toBe(404);
    expect(
      (
        await req(
          'POST',
          '/api/payments/intents',
          await t.tokenFor('educator@halaqa.test'),
          { sessionId: session, amount: amountFor(2500) },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(403);
  });

  it('200 concurrent checkouts for 20 seats: exactly 20 charged and enrolled, 180 refused without a charge', async () => {
    const session = await createSession(1200, 20);
    const learners = [];
    for (let i = 0; i < 200; i++) learners.push(await learnerWithCard(`crowd${i}`));
    const ledgerBefore = await countRows(t.db, 'ledger_transactions');
    const outcomes = await Promise.all(
      learners.map(async (l) => {
        const intent = await openIntent(l.token, session, amountFor(1200));
        if (intent.status !== 201) return intent.status;
        const paid = await confirmIntent(l.token, intent.body.data.id, l.card);
        return paid.body.data?.status === 'succeeded' ? 'charged' : paid.status;
      }),
    );
    console.log(
      `200 concurrent checkouts for 20 seats: ${outcomes.filter((o) => o === 'charged').length} charged, ${outcomes.filter((o) => o === 409).length} refused (409)`,
    );
    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 409)).toHaveLength(180);
    expect(await countRows(t.db, 'ledger_transactions')).toBe(ledgerBefore + 20);
    expect(
      await t.db
        .selectFrom('enrollments')
        .select('id')
        .where('session_id', '=', session)
        .where('status', '=', 'ACTIVE')
        .execute(),
    ).toHaveLength(20);
    expect(await ledgerBalanced()).toBe(true);
  }, 120_000);
});

describe('bank account, earnings and payouts (educators)', () => {
  it('registers a bank account from US bank details, refuses a declined account and non-educators', async () => {
    const edu = await t.tokenFor('educator2@halaqa.test');
    expect((await req('GET', '/api/payments/accounts/external-account', edu)).status).toBe(404);
    const us = { accountHolderName: 'Educator Two', country: 'US', routingNumber: '110000000' };
    const refused = await req('POST', '/api/payments/accounts/external-account', edu, {
      ...us,
      accountNumber: '000111111116',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].path).toBe('accountNumber');
    expect((await req('GET', '/api/payments/accounts/external-account', edu)).status).toBe(404);
    const ok = await req('POST', '/api/payments/accounts/external-account', edu, {
      ...us,
      accountNumber: '000123456789',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      status: 'verified',
      country: 'US',
      currency: 'USD',
    });
    expect((await req('GET', '/api/payments/accounts/external-account', edu)).body.data.id).toBe(ok.body.data.id);
    expect(
      (
        await req('POST', '/api/payments/accounts/external-account', await t.tokenFor('learner@halaqa.test'), {
          ...us,
          accountNumber: '000123456789',
        })
      ).status,
    ).toBe(403);
  });

  it('keeps earnings pending until the session ends, then pays them out once to the bank account', async () => {
    const educator = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'educator3@halaqa.test')
      .executeTakeFirstOrThrow();
    const course = await t.db
      .selectFrom('courses')
      .select('id')
      .where('educator_id', '=', educator.id)
      .where('is_private', '=', false)
      .executeTakeFirstOrThrow();
    const session = (
      await insertOpenSession(t.db, {
        priceCents: 10000,
        maxSeats: 5,
        course: { id: course.id, educatorId: educator.id },
        toDay: 3,
        timezone: 'America/New_York',
      })
    ).id;
    const a = await learnerWithCard('student');
    const intent = (await openIntent(a.token, session, amountFor(10000))).body.data;
    await confirmIntent(a.token, intent.id, a.card);
    const edu = await t.tokenFor('educator3@halaqa.test');
    const before = (await req('GET', '/api/payments/earnings', edu)).body.data;
    expect(before.pending).toBeGreaterThanOrEqual(100);
    expect((await req('POST', '/api/payments/payouts', edu, undefined, { 'idempotency-key': key() })).status).toBe(422);
    await req('POST', '/api/payments/accounts/external-account', edu, {
      accountHolderName: 'Educator Three',
      country: 'DE',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    await t.db
      .updateTable('sessions')
      .set({ start_date: sql<string>`current_date - 30` as never, end_date: sql<string>`current_date - 1` as never })
      .where('id', '=', session)
      .execute();
    const delivered = (await req('GET', '/api/payments/earnings', edu)).body.data;
    expect(delivered.payable).toBeGreaterThanOrEqual(100);
    const k = key();
    const payout = await req('POST', '/api/payments/payouts', edu, undefined, { 'idempotency-key': k });
    expect(payout.status).toBe(201);
    expect(payout.body.data).toMatchObject({ amount: Math.round(delivered.payable * 100), status: 'paid' });
    expect((await req('POST', '/api/payments/payouts', edu, undefined, { 'idempotency-key': k })).body.data.id).toBe(
      payout.body.data.id,
    );
    const after = (await req('GET', '/api/payments/earnings', edu)).body.data;
    expect(after).toMatchObject({ payable: 0, paidOut: delivered.payable });
    expect(after.payouts).toHaveLength(1);
    expect((await req('POST', '/api/payments/payouts', edu, undefined, { 'idempotency-key': key() })).status).toBe(422);
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('addresses', () => {
  it('adds addresses, the first and any marked one becoming the default; refuses a bad country', async () => {
    const token = await t.tokenFor('learner2@halaqa.test');
    const first = await req('POST', '/api/users/me/addresses', token, {
      line1: '12 Rue Atlas',
      city: 'Rabat',
      postalCode: '10000',
      country: 'MA',
    });
    expect(first.status).toBe(201);
    expect(first.body.data.isDefault).toBe(true);
    const second = await req('POST', '/api/users/me/addresses', token, {
      line1: '5 Corniche St',
      city: 'Doha',
      postalCode: '00000',
      country: 'QA',
      isDefault: true,
    });
    const list = (await req('GET', '/api/users/me/addresses', token)).body.data;
    expect(list.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.body.data.id, true],
      [first.body.data.id, false],
    ]);
    expect(
      (
        await req('POST', '/api/users/me/addresses', token, {
          line1: 'x',
          city: 'y',
          postalCode: '1',
          country: 'Morocco',
        })
      ).status,
    ).toBe(400);
    expect((await req('GET', '/api/users/me/addresses', null)).status).toBe(401);
  });
});
