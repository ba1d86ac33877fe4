import { describe, expect, it } from 'vitest';
import { expireStaleIntents } from '../../server/modules/payments/intent-jobs.js';
import {
  amountFor,
  clock,
  confirmIntent,
  createSession,
  learnerWithCard,
  openIntent,
  req,
  seatsLeft,
  t,
  useTestApp,
} from './card-payments-setup.js';

useTestApp();

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
    const intent = await openIntent(token, session, amountFor(4900));
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
    const confirmed = await confirmIntent(token, intent.body.data.id, card);
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
    const intent = (await openIntent(token, session, amountFor(2000))).body.data;
    const res = await confirmIntent(token, intent.id, declined);
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
    const poor = await confirmIntent(token, intent.id, funds.body.data.id);
    expect(poor.status).toBe(402);
    expect(poor.body.message).toBe('Your card has insufficient funds.');
    const visa = await req('POST', '/api/payments/cards', token, { source: 'tok_visa' });
    const ok = await confirmIntent(token, intent.id, visa.body.data.id);
    expect(ok.body.data.status).toBe('succeeded');
  });

  it('asks for 3-D Secure and settles on success; a failed step is 402 authentication_failed', async () => {
    const session = await createSession(3000, 5);
    const { token, card } = await learnerWithCard('threeds', 'tok_threeDSecure2Required');
    const intent = (await openIntent(token, session, amountFor(3000))).body.data;
    const step = await confirmIntent(token, intent.id, card);
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
    await confirmIntent(token, intent.id, card);
    const ok = await req('POST', `/api/payments/intents/${intent.id}/authenticate`, token, { result: 'succeed' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('succeeded');
  });

  it('refuses a wrong amount (422), a full session (409) and an enrolled learner (409) before holding anything', async () => {
    const session = await createSession(1000, 1);
    const a = await learnerWithCard('first');
    const b = await learnerWithCard('second');
    expect((await openIntent(a.token, session, 1000)).status).toBe(422);
    const held = await openIntent(a.token, session, amountFor(1000));
    expect(held.status).toBe(201);
    const full = await openIntent(b.token, session, amountFor(1000));
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Session is full');
    await confirmIntent(a.token, held.body.data.id, a.card);
    expect((await openIntent(a.token, session, amountFor(1000))).status).toBe(409);
  });

  it('holds one seat per learner: a new checkout of the same session cancels the unfinished one', async () => {
    const session = await createSession(1500, 2);
    const a = await learnerWithCard('twice');
    const first = (await openIntent(a.token, session, amountFor(1500))).body.data;
    expect(await seatsLeft(session)).toBe(1);
    const second = (await openIntent(a.token, session, amountFor(1500))).body.data;
    expect(second.id).not.toBe(first.id);
    expect(await seatsLeft(session)).toBe(1);
    expect(
      (await t.db.selectFrom('payment_intents').select('status').where('id', '=', first.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('canceled');
    expect((await confirmIntent(a.token, first.id, a.card)).status).toBe(409);
    expect((await confirmIntent(a.token, second.id, a.card)).body.data.status).toBe('succeeded');
  });

  it('releases the seat when the learner cancels, and when the hold expires', async () => {
    const session = await createSession(1500, 1);
    const a = await learnerWithCard('canceler');
    const intent = (await openIntent(a.token, session, amountFor(1500))).body.data;
    expect(await seatsLeft(session)).toBe(0);
    const canceled = await req('POST', `/api/payments/intents/${intent.id}/cancel`, a.token);
    expect(canceled.body.data.status).toBe('canceled');
    expect(await seatsLeft(session)).toBe(1);
    expect((await confirmIntent(a.token, intent.id, a.card)).status).toBe(409);

    const again = (await openIntent(a.token, session, amountFor(1500))).body.data;
    clock.advance(t.config.paymentHoldMinutes * 60_000 + 1000);
    expect(await seatsLeft(session)).toBe(1);
    expect(await expireStaleIntents(t.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(
      (await t.db.selectFrom('payment_intents').select('status').where('id', '=', again.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('canceled');
  });
});
