import { describe, expect, it } from 'vitest';
import { captureUncaptured } from '../../server/modules/payments/intent-jobs.js';
import {
  confirmIntent,
  gateway,
  intentRow,
  key,
  learner,
  ledgerOfIntent,
  moneyCalls,
  openIntent,
  payFromWallet,
  req,
  session,
  state,
  t,
  useTestApp,
  walletOf,
} from './card-charge-order-shared.js';

useTestApp();

describe('the order of a card payment: checks, authorize, commit, capture', () => {
  it("authorizes with the intent's key, commits the enrollment and ledger, then captures", async () => {
    const s = await session(2000);
    const l = await learner('happy', 0);
    const intent = (await openIntent(l, s.id, 2000)).body.data;
    gateway.calls.length = 0;
    const res = await confirmIntent(l, intent.id);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('succeeded');
    expect(moneyCalls()).toEqual([
      { method: 'authorize', key: `intent:${intent.id}:authorize` },
      { method: 'capture', key: `intent:${intent.id}:capture` },
    ]);
    const row = await intentRow(intent.id);
    expect(state(row.gateway_ref)).toEqual({ amountCents: 2150, state: 'captured' });
    expect(row.captured_at).not.toBeNull();
    expect(await ledgerOfIntent(intent.id)).toHaveLength(1);
  });

  it('cancels the authorization when the learner paid from the wallet while the card was being authorized', async () => {
    const s = await session(3000);
    const l = await learner('race', 10_000);
    const intent = (await openIntent(l, s.id, 3000)).body.data;
    gateway.calls.length = 0;
    let wallet = 0;
    gateway.duringAuthorize = async () => {
      wallet = (await payFromWallet(l, s.id, 3000)).status;
    };
    const res = await confirmIntent(l, intent.id);
    expect(wallet).toBe(201);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You are already enrolled in this session');
    expect(moneyCalls()).toEqual([
      { method: 'authorize', key: `intent:${intent.id}:authorize` },
      { method: 'cancel', key: `intent:${intent.id}:cancel` },
    ]);
    const row = await intentRow(intent.id);
    expect(row).toMatchObject({ status: 'canceled', last_error_code: 'enrollment_failed', captured_at: null });
    expect([...gateway.payments.values()].at(-1)).toEqual({ amountCents: 3200, state: 'canceled' });
    expect(await ledgerOfIntent(intent.id)).toEqual([]);
    expect(await walletOf(l.id)).toBe(10_000 - 3200);
    expect(
      await t.db
        .selectFrom('enrollments')
        .select('id')
        .where('session_id', '=', s.id)
        .where('user_id', '=', l.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses a course that became private to another company, and a changed price, before calling the gateway', async () => {
    const s = await session(2500);
    const l = await learner('private', 0);
    const intent = (await openIntent(l, s.id, 2500)).body.data;
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    const course = await t.db
      .selectFrom('courses')
      .select(['is_private', 'company_id'])
      .where('id', '=', s.course_id)
      .executeTakeFirstOrThrow();
    gateway.calls.length = 0;
    await t.db
      .updateTable('courses')
      .set({ is_private: true, company_id: company.id })
      .where('id', '=', s.course_id)
      .execute();
    try {
      const hidden = await confirmIntent(l, intent.id);
      expect(hidden.status).toBe(404);
    } finally {
      await t.db.updateTable('courses').set(course).where('id', '=', s.course_id).execute();
    }
    await t.db.updateTable('sessions').set({ price_cents: 2600 }).where('id', '=', s.id).execute();
    const repriced = await confirmIntent(l, intent.id);
    expect(repriced.status).toBe(409);
    expect(repriced.body.message).toBe('The price of this session changed: start again');
    expect(moneyCalls()).toEqual([]);
    expect((await intentRow(intent.id)).status).toBe('canceled');
  });

  it('gives each attempt after a decline its own gateway key, and a replayed request key never authorizes twice', async () => {
    const s = await session(1000);
    const l = await learner('retry', 0, 'tok_chargeDeclined');
    const visa = (await req('POST', '/api/payments/cards', l.token, { source: 'tok_visa' })).body.data.id;
    const intent = (await openIntent(l, s.id, 1000)).body.data;
    gateway.calls.length = 0;
    expect((await confirmIntent(l, intent.id)).status).toBe(402);
    const k = key();
    const [a, b] = await Promise.all([confirmIntent(l, intent.id, visa, k), confirmIntent(l, intent.id, visa, k)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(moneyCalls().map((c) => c.key)).toEqual([
      `intent:${intent.id}:authorize`,
      `intent:${intent.id}:authorize:2`,
      `intent:${intent.id}:capture`,
    ]);
  });

  it('keeps the 3-D Secure path: authorized after the step, then committed and captured; canceled if enrolled meanwhile', async () => {
    const s = await session(1800);
    const l = await learner('threeds', 10_000, 'tok_threeDSecure2Required');
    const intent = (await openIntent(l, s.id, 1800)).body.data;
    const step = await confirmIntent(l, intent.id);
    expect(step.body.data.status).toBe('requires_action');
    const ok = await req('POST', `/api/payments/intents/${intent.id}/authenticate`, l.token, { result: 'succeed' });
    expect(ok.body.data.status).toBe('succeeded');
    expect(state((await intentRow(intent.id)).gateway_ref)).toEqual({ amountCents: 1940, state: 'captured' });

    const s2 = await session(1800);
    const second = (await openIntent(l, s2.id, 1800)).body.data;
    await confirmIntent(l, second.id);
    expect((await payFromWallet(l, s2.id, 1800)).status).toBe(201);
    gateway.calls.length = 0;
    const late = await req('POST', `/api/payments/intents/${second.id}/authenticate`, l.token, { result: 'succeed' });
    expect(late.status).toBe(409);
    expect(moneyCalls()).toEqual([{ method: 'cancel', key: `intent:${second.id}:cancel` }]);
    expect(state((await intentRow(second.id)).gateway_ref)).toEqual({ amountCents: 1940, state: 'canceled' });
    expect(await ledgerOfIntent(second.id)).toEqual([]);
  });

  it('captures later (the jobs) a committed payment whose capture could not reach the gateway', async () => {
    const s = await session(1200);
    const l = await learner('capture', 0);
    const intent = (await openIntent(l, s.id, 1200)).body.data;
    gateway.failCaptures = 1;
    const res = await confirmIntent(l, intent.id);
    expect(res.body.data.status).toBe('succeeded');
    const row = await intentRow(intent.id);
    expect(row.captured_at).toBeNull();
    expect(state(row.gateway_ref)?.state).toBe('authorized');
    // Two minutes on, the jobs find it.
    const later = new Date(Date.now() + 120_000);
    expect(await captureUncaptured(t.db, gateway, later)).toBe(1);
    expect(state(row.gateway_ref)?.state).toBe('captured');
    expect((await intentRow(intent.id)).captured_at).not.toBeNull();
    expect(await captureUncaptured(t.db, gateway, later)).toBe(0);
  });
});
