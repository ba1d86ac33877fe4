import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expireStaleIntents } from '../../server/modules/payments/intent-jobs.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { countRows, movableClock, startTestApp, type TestApp } from './harness.js';
import { insertOpenSession, insertLearner } from './course-fixtures.js';
import { weekly } from '../fixtures.js';

let t: TestApp;
let tokens: TokenService;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  tokens = new TokenService(t.config.jwtSecret, 3600);
});
afterEach(() => clock.reset());
afterAll(() => t.close());

const key = () => `k-${randomBytes(8).toString('hex')}`;
const req = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(token ? t.auth(token) : {}), ...extra },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
};

/** A fresh learner with a saved card of the given sandbox outcome; returns token and card id. */
async function learnerWithCard(tag: string, source = 'tok_visa') {
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

async function createSession(priceCents: number, maxSeats: number) {
  const schedule = weekly({ tuesday: { start: '17:00', end: '18:00' } });
  return (await insertOpenSession(t.db, { priceCents, maxSeats, timezone: 'America/Chicago', schedule })).id;
}

const amountFor = (priceCents: number) => priceCents + Math.round(priceCents * 0.05) + 50;
const seatsLeft = async (sessionId: number) =>
  (await req('GET', `/api/sessions/${sessionId}/info`, null)).body.data.seatsLeft as number;
const ledgerBalanced = async () => {
  const sums = await t.db
    .selectFrom('ledger_entries')
    .select(['transaction_id', (eb) => eb.fn.sum<number>('amount_cents').as('s')])
    .groupBy('transaction_id')
    .execute();
  return sums.every((r) => Number(r.s) === 0);
};

describe('saved cards', () => {
  it('offers the sandbox test cards', async () => {
    const cfg = (await req('GET', '/api/payments/config', null)).body.data;
    expect(cfg).toMatchObject({ gateway: 'sandbox', publishableKey: null, holdMinutes: 15 });
    expect(cfg.testCards.map((c: { token: string }) => c.token)).toEqual(
      expect.arrayContaining(['tok_visa', 'tok_chargeDeclined', 'tok_threeDSecure2Required']),
    );
  });

  it('saves cards from test tokens, keeps one default, removes them, and refuses unknown tokens', async () => {
    const { token, card } = await learnerWithCard('saver');
    const second = await req('POST', '/api/payments/cards', token, { source: 'tok_mastercard' });
    expect(second.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    expect(
      (await req('GET', '/api/payments/cards', token)).body.data.map((c: { id: string; isDefault: boolean }) => [
        c.id,
        c.isDefault,
      ]),
    ).toEqual([
      [card, true],
      [second.body.data.id, false],
    ]);
    expect((await req('PUT', `/api/payments/cards/${second.body.data.id}/default`, token)).body.data.isDefault).toBe(
      true,
    );
    expect((await req('DELETE', `/api/payments/cards/${second.body.data.id}`, token)).status).toBe(200);
    expect((await req('GET', '/api/payments/cards', token)).body.data).toEqual([
      expect.objectContaining({ id: card, isDefault: true }),
    ]);
    const bad = await req('POST', '/api/payments/cards', token, { source: 'tok_nope' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('source');
    const other = await learnerWithCard('other');
    expect((await req('DELETE', `/api/payments/cards/${card}`, other.token)).status).toBe(404);
    expect((await req('GET', '/api/payments/cards', await t.tokenFor('educator@halaqa.test'))).status).toBe(403);
  });
});

describe('card checkout', () => {
  it('holds a seat for the intent, charges the card, enrolls, and books a balanced ledger transaction', async () => {
    const session = await createSession(4900, 3);
    const { token, card } = await learnerWithCard('payer');
    const intent = await req(
      'POST',
      '/api/payments/intents',
      token,
      { sessionId: session, amount: amountFor(4900) },
      { 'idempotency-key': key() },
    );
    expect(intent.status).toBe(201);
    expect(intent.body.data).toMatchObject({
      status: 'requires_payment_method',
      amount: 5195,
      paymentMethod: 'card',
      enrollmentId: null,
      lastPaymentError: null,
      nextAction: null,
    });
    expect(new Date(intent.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await seatsLeft(session)).toBe(2);
    const confirmed = await req(
      'POST',
      `/api/payments/intents/${intent.body.data.id}/confirm`,
      token,
      { paymentMethod: card },
      { 'idempotency-key': key() },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'succeeded', expiresAt: null });
    expect(confirmed.body.data.enrollmentId).toBeGreaterThan(0);
    expect(await seatsLeft(session)).toBe(2);
    const legs = await t.db
      .selectFrom('ledger_entries as le')
      .innerJoin('ledger_transactions as lt', 'lt.id', 'le.transaction_id')
      .select(['le.account', 'le.amount_cents'])
      .where('lt.payment_intent_id', '=', intent.body.data.id)
      .execute();
    expect(Object.fromEntries(legs.map((l) => [l.account, l.amount_cents]))).toEqual({
      FUNDING: -5195,
      EARNINGS: 4900,
      PLATFORM_FEES: 295,
    });
    const mine = (await req('GET', '/api/sessions/enrollments', token)).body.data;
    expect(mine).toEqual([expect.objectContaining({ sessionId: session, paidAmount: 5195 })]);
    // Mailed after the answer, at the server's next quiet moment (AppContext.receipts).
    const mailed = () =>
      t.db.selectFrom('outbox').select(['subject', 'body']).where('body', 'like', `%${intent.body.data.id}%`).execute();
    await expect.poll(async () => (await mailed()).length, { timeout: 15_000 }).toBe(1);
    const receipt = await mailed();
    expect(receipt[0].body).toContain('Total paid by card: 51.95 USD');
  });

  it('shows a declined card as 402 with its reason, enrolls nobody, and lets another card finish the same intent', async () => {
    const session = await createSession(2000, 5);
    const { token, card: declined } = await learnerWithCard('declined', 'tok_chargeDeclined');
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        token,
        { sessionId: session, amount: amountFor(2000) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    const res = await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      token,
      { paymentMethod: declined },
      { 'idempotency-key': key() },
    );
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    expect(await t.db.selectFrom('enrollments').select('id').where('session_id', '=', session).execute()).toHaveLength(
      0,
    );
    const ledger = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('payment_intent_id', '=', intent.id)
      .execute();
    expect(ledger).toHaveLength(0);
    const funds = await req('POST', '/api/payments/cards', token, { source: 'tok_chargeDeclinedInsufficientFunds' });
    const poor = await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      token,
      { paymentMethod: funds.body.data.id },
      { 'idempotency-key': key() },
    );
    expect(poor.status).toBe(402);
    expect(poor.body.message).toBe('Your card has insufficient funds.');
    const visa = await req('POST', '/api/payments/cards', token, { source: 'tok_visa' });
    const ok = await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      token,
      { paymentMethod: visa.body.data.id },
      { 'idempotency-key': key() },
    );
    expect(ok.body.data.status).toBe('succeeded');
  });

  it('asks for 3-D Secure and settles on success; a failed step is 402 authentication_failed', async () => {
    const session = await createSession(3000, 5);
    const { token, card } = await learnerWithCard('threeds', 'tok_threeDSecure2Required');
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        token,
        { sessionId: session, amount: amountFor(3000) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    const step = await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      token,
      { paymentMethod: card },
      { 'idempotency-key': key() },
    );
    expect(step.status).toBe(200);
    expect(step.body.data).toMatchObject({
      status: 'requires_action',
      nextAction: { type: 'three_d_secure', url: `/api/payments/intents/${intent.id}/authenticate` },
    });
    const failed = await req('POST', `/api/payments/intents/${intent.id}/authenticate`, token, { result: 'fail' });
    expect(failed.status).toBe(402);
    expect(
      await t.db
        .selectFrom('payment_intents')
        .select(['status', 'last_error_code'])
        .where('id', '=', intent.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'requires_payment_method',
      last_error_code: 'authentication_failed',
    });
    expect(
      (await req('POST', `/api/payments/intents/${intent.id}/authenticate`, token, { result: 'succeed' })).status,
    ).toBe(409);
    await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      token,
      { paymentMethod: card },
      { 'idempotency-key': key() },
    );
    const ok = await req('POST', `/api/payments/intents/${intent.id}/authenticate`, token, { result: 'succeed' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('succeeded');
  });

  it('refuses a wrong amount (422), a full session (409) and an enrolled learner (409) before holding anything', async () => {
    const session = await createSession(1000, 1);
    const a = await learnerWithCard('first');
    const b = await learnerWithCard('second');
    expect(
      (
        await req(
          'POST',
          '/api/payments/intents',
          a.token,
          { sessionId: session, amount: 1000 },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(422);
    const held = await req(
      'POST',
      '/api/payments/intents',
      a.token,
      { sessionId: session, amount: amountFor(1000) },
      { 'idempotency-key': key() },
    );
    expect(held.status).toBe(201);
    const full = await req(
      'POST',
      '/api/payments/intents',
      b.token,
      { sessionId: session, amount: amountFor(1000) },
      { 'idempotency-key': key() },
    );
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Session is full');
    await req(
      'POST',
      `/api/payments/intents/${held.body.data.id}/confirm`,
      a.token,
      { paymentMethod: a.card },
      { 'idempotency-key': key() },
    );
    expect(
      (
        await req(
          'POST',
          '/api/payments/intents',
          a.token,
          { sessionId: session, amount: amountFor(1000) },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(409);
  });

  it('holds one seat per learner: a new checkout of the same session cancels the unfinished one', async () => {
    const session = await createSession(1500, 2);
    const a = await learnerWithCard('twice');
    const first = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(1500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    expect(await seatsLeft(session)).toBe(1);
    const second = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(1500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    expect(second.id).not.toBe(first.id);
    expect(await seatsLeft(session)).toBe(1);
    expect(
      (await t.db.selectFrom('payment_intents').select('status').where('id', '=', first.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('canceled');
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${first.id}/confirm`,
          a.token,
          { paymentMethod: a.card },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${second.id}/confirm`,
          a.token,
          { paymentMethod: a.card },
          { 'idempotency-key': key() },
        )
      ).body.data.status,
    ).toBe('succeeded');
  });

  it('releases the seat when the learner cancels, and when the hold expires', async () => {
    const session = await createSession(1500, 1);
    const a = await learnerWithCard('canceler');
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(1500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    expect(await seatsLeft(session)).toBe(0);
    const canceled = await req('POST', `/api/payments/intents/${intent.id}/cancel`, a.token);
    expect(canceled.body.data.status).toBe('canceled');
    expect(await seatsLeft(session)).toBe(1);
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${intent.id}/confirm`,
          a.token,
          { paymentMethod: a.card },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(409);

    const again = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(1500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    clock.advance(t.config.paymentHoldMinutes * 60_000 + 1000);
    expect(await seatsLeft(session)).toBe(1);
    expect(await expireStaleIntents(t.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(
      (await t.db.selectFrom('payment_intents').select('status').where('id', '=', again.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('canceled');
  });

  it('charges once for a confirmation replayed with its Idempotency-Key; the key with another card is 422', async () => {
    const session = await createSession(2500, 5);
    const a = await learnerWithCard('replay');
    const other = (await req('POST', '/api/payments/cards', a.token, { source: 'tok_mastercard' })).body.data.id;
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(2500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    const k = key();
    const [x, y] = await Promise.all([
      req(
        'POST',
        `/api/payments/intents/${intent.id}/confirm`,
        a.token,
        { paymentMethod: a.card },
        { 'idempotency-key': k },
      ),
      req(
        'POST',
        `/api/payments/intents/${intent.id}/confirm`,
        a.token,
        { paymentMethod: a.card },
        { 'idempotency-key': k },
      ),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data).toEqual(y.body.data);
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${intent.id}/confirm`,
          a.token,
          { paymentMethod: other },
          { 'idempotency-key': k },
        )
      ).status,
    ).toBe(422);
    expect(
      await t.db.selectFrom('ledger_transactions').select('id').where('payment_intent_id', '=', intent.id).execute(),
    ).toHaveLength(1);
  });

  it('keeps no key for a confirmation answered without the gateway: a retry with the key answers again at once', async () => {
    const session = await createSession(2500, 5);
    const a = await learnerWithCard('answered');
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(2500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${intent.id}/confirm`,
          a.token,
          { paymentMethod: a.card },
          { 'idempotency-key': key() },
        )
      ).body.data.status,
    ).toBe('succeeded');
    // A new key on the succeeded intent: answered from the intent, twice, and not left claimed.
    const k = key();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const again = await req(
        'POST',
        `/api/payments/intents/${intent.id}/confirm`,
        a.token,
        { paymentMethod: a.card },
        { 'idempotency-key': k },
      );
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ id: intent.id, status: 'succeeded' });
      // A key left pending would make the retry wait for its answer (up to 20 s), then 409.
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', k).execute()).toEqual([]);
    // A refusal that cancels the intent (its session filled up meanwhile) is not kept either: the
    // retry is refused at once, not told that a request with the key is still running.
    const b = await learnerWithCard('refused');
    const mine = (
      await req(
        'POST',
        '/api/payments/intents',
        b.token,
        { sessionId: session, amount: amountFor(2500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    await t.db.updateTable('sessions').set({ max_seats: 1 }).where('id', '=', session).execute();
    const k2 = key();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const refused = await req(
        'POST',
        `/api/payments/intents/${mine.id}/confirm`,
        b.token,
        { paymentMethod: b.card },
        { 'idempotency-key': k2 },
      );
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
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(2500) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    expect(
      (
        await req(
          'POST',
          `/api/payments/intents/${intent.id}/confirm`,
          b.token,
          { paymentMethod: b.card },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(404);
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
        const intent = await req(
          'POST',
          '/api/payments/intents',
          l.token,
          { sessionId: session, amount: amountFor(1200) },
          { 'idempotency-key': key() },
        );
        if (intent.status !== 201) return intent.status;
        const paid = await req(
          'POST',
          `/api/payments/intents/${intent.body.data.id}/confirm`,
          l.token,
          { paymentMethod: l.card },
          { 'idempotency-key': key() },
        );
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
  it('registers a bank account from a token, refuses other tokens and non-educators', async () => {
    const edu = await t.tokenFor('educator2@halaqa.test');
    expect((await req('GET', '/api/payments/accounts/external-account', edu)).status).toBe(404);
    expect(
      (await req('POST', '/api/payments/accounts/external-account', edu, { external_account: 'not-a-token' })).status,
    ).toBe(422);
    const ok = await req('POST', '/api/payments/accounts/external-account', edu, {
      external_account: 'btok_us_verified',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      status: 'verified',
      country: 'US',
    });
    expect((await req('GET', '/api/payments/accounts/external-account', edu)).body.data.id).toBe(ok.body.data.id);
    expect(
      (
        await req('POST', '/api/payments/accounts/external-account', await t.tokenFor('learner@halaqa.test'), {
          external_account: 'btok_us_verified',
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
    const intent = (
      await req(
        'POST',
        '/api/payments/intents',
        a.token,
        { sessionId: session, amount: amountFor(10000) },
        { 'idempotency-key': key() },
      )
    ).body.data;
    await req(
      'POST',
      `/api/payments/intents/${intent.id}/confirm`,
      a.token,
      { paymentMethod: a.card },
      { 'idempotency-key': key() },
    );
    const edu = await t.tokenFor('educator3@halaqa.test');
    const before = (await req('GET', '/api/payments/earnings', edu)).body.data;
    expect(before.pending).toBeGreaterThanOrEqual(100);
    expect((await req('POST', '/api/payments/payouts', edu, undefined, { 'idempotency-key': key() })).status).toBe(422);
    await req('POST', '/api/payments/accounts/external-account', edu, { external_account: 'btok_us_verified' });
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
