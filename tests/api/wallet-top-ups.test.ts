import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TOP_UP_MAX_CENTS, TOP_UP_MIN_CENTS } from '../../openapi/top-up.js';
import { t, key, req, learnerWithCard, ledgerBalanced, useTestApp } from './card-payments-setup.js';
import { captureUncaptured } from '../../server/modules/payments/intent-jobs.js';
import { SandboxGateway } from '../../server/platform/payments/sandbox.js';

useTestApp();

const topUp = (token: string, body: unknown, k = key()) =>
  req('POST', '/api/payments/wallets/me/top-ups', token, body, { 'idempotency-key': k });
const authenticate = (token: string, id: string, result: 'succeed' | 'fail') =>
  req('POST', `/api/payments/wallets/me/top-ups/${id}/authenticate`, token, { result });
const wallet = async (token: string) => (await req('GET', '/api/payments/wallets/me', token)).body.data;
/** The ledger transactions of top-up `id`, each with its legs (account and signed cents). */
const topUpLegs = async (id: string) =>
  t.db
    .selectFrom('ledger_transactions as lt')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 'lt.id')
    .select(['lt.id', 'lt.kind', 'e.account', 'e.amount_cents', 'e.owner_id'])
    .where('lt.top_up_id', '=', id)
    .orderBy('e.id')
    .execute();
const mailsTo = (email: string) =>
  t.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where(sql<boolean>`to_addresses::text like ${`%${email}%`}`)
    .execute();

describe('wallet top-ups by card', () => {
  it('has the same amount limits in the contract as in the shared rule the server and the SPA use', () => {
    const yaml = readFileSync(new URL('../../openapi/components/schemas/payments.yaml', import.meta.url), 'utf8');
    const request = yaml.slice(yaml.indexOf('TopUpRequest:'), yaml.indexOf('TopUpStatus:'));
    expect(Number(/minimum: (\d+)/.exec(request)?.[1])).toBe(TOP_UP_MIN_CENTS);
    expect(Number(/maximum: (\d+)/.exec(request)?.[1])).toBe(TOP_UP_MAX_CENTS);
  });

  it('charges the card and credits the wallet in one balanced transaction, once however often the key is replayed', async () => {
    const l = await learnerWithCard('topup');
    const k = key();
    const first = await topUp(l.token, { amount: 2500, paymentMethod: l.card }, k);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'USD', nextAction: null });
    const replays = await Promise.all([1, 2, 3].map(() => topUp(l.token, { amount: 2500, paymentMethod: l.card }, k)));
    for (const r of replays) expect(r.body.data).toEqual(first.body.data);
    const w = await wallet(l.token);
    expect(w.balance).toBe(25);
    expect(w.entries).toHaveLength(1);
    expect(w.entries[0]).toMatchObject({ amount: 2500, reason: 'TOP_UP', sessionId: null, session: null });
    expect(w.entries[0].description).toBe('Top-up by card visa ••4242');
    const legs = await topUpLegs(first.body.data.id);
    expect(legs.map((e) => [e.kind, e.account, e.amount_cents, e.owner_id])).toEqual([
      ['CARD_TOP_UP', 'FUNDING', -2500, null],
      ['CARD_TOP_UP', 'WALLET', 2500, l.id],
    ]);
    expect(await ledgerBalanced()).toBe(true);
    // The charge is captured at the gateway once the wallet is credited.
    const row = await t.db
      .selectFrom('wallet_top_ups')
      .selectAll()
      .where('id', '=', first.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.captured_at).not.toBeNull();
    // The same key with another amount is refused, and credits nothing.
    expect((await topUp(l.token, { amount: 3000, paymentMethod: l.card }, k)).status).toBe(422);
    expect((await wallet(l.token)).balance).toBe(25);
  });

  it('mails a receipt once, in English and in Arabic', async () => {
    const l = await learnerWithCard('receipt');
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', l.id).executeTakeFirstOrThrow())
      .email;
    const k = key();
    await topUp(l.token, { amount: 5000, paymentMethod: l.card }, k);
    await topUp(l.token, { amount: 5000, paymentMethod: l.card }, k);
    await t.app.backgroundSettled();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your wallet top-up of 50.00 USD');
    expect(mails[0].body).toContain('New balance: 50.00 USD');

    const ar = await learnerWithCard('receipt-ar');
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', ar.id).execute();
    const arEmail = (await t.db.selectFrom('users').select('email').where('id', '=', ar.id).executeTakeFirstOrThrow())
      .email;
    await topUp(ar.token, { amount: 1000, paymentMethod: ar.card });
    await t.app.backgroundSettled();
    const arMails = await mailsTo(arEmail);
    expect(arMails).toHaveLength(1);
    expect(arMails[0].subject).toContain('شحن محفظتك');
  });

  it('credits nothing for a declined card, and a replay answers the same refusal', async () => {
    const l = await learnerWithCard('declined', 'tok_chargeDeclined');
    const k = key();
    const declined = await topUp(l.token, { amount: 2000, paymentMethod: l.card }, k);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const replay = await topUp(l.token, { amount: 2000, paymentMethod: l.card }, k);
    expect(replay.status).toBe(402);
    expect((await wallet(l.token)).balance).toBe(0);
    const rows = await t.db.selectFrom('wallet_top_ups').selectAll().where('user_id', '=', l.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', last_error_code: 'card_declined' });
    expect(await topUpLegs(rows[0].id)).toEqual([]);
  });

  it('credits after the 3-D Secure step completes, once; a failed step credits nothing', async () => {
    const l = await learnerWithCard('3ds', 'tok_threeDSecure2Required');
    const started = await topUp(l.token, { amount: 4000, paymentMethod: l.card });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ status: 'requires_action', nextAction: { type: 'three_d_secure' } });
    expect((await wallet(l.token)).balance).toBe(0);
    const id = started.body.data.id as string;
    const done = await authenticate(l.token, id, 'succeed');
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('succeeded');
    expect((await authenticate(l.token, id, 'succeed')).body.data.status).toBe('succeeded');
    expect((await wallet(l.token)).balance).toBe(40);
    expect(await topUpLegs(id)).toHaveLength(2);

    const again = await topUp(l.token, { amount: 1500, paymentMethod: l.card });
    const failed = await authenticate(l.token, again.body.data.id, 'fail');
    expect(failed.status).toBe(402);
    expect((await authenticate(l.token, again.body.data.id, 'succeed')).status).toBe(409);
    expect((await wallet(l.token)).balance).toBe(40);
    // Someone else's top-up is not found.
    const other = await learnerWithCard('other');
    expect((await authenticate(other.token, id, 'succeed')).status).toBe(404);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('refuses amounts out of range and cards that are not the caller’s, charging nothing', async () => {
    const l = await learnerWithCard('range');
    const other = await learnerWithCard('range-other');
    for (const amount of [0, TOP_UP_MIN_CENTS - 1, TOP_UP_MAX_CENTS + 1, 12.5]) {
      const r = await topUp(l.token, { amount, paymentMethod: l.card });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.errors)).toContain('amount');
    }
    expect((await topUp(l.token, { amount: TOP_UP_MAX_CENTS, paymentMethod: other.card })).status).toBe(422);
    expect(await t.db.selectFrom('wallet_top_ups').selectAll().where('user_id', '=', l.id).execute()).toEqual([]);
    expect((await topUp(l.token, { amount: TOP_UP_MIN_CENTS, paymentMethod: l.card })).status).toBe(201);
    expect((await topUp(l.token, { amount: TOP_UP_MAX_CENTS, paymentMethod: l.card })).status).toBe(201);
    expect((await wallet(l.token)).balance).toBe(1001);
  });

  it('the periodic jobs capture a credited top-up whose capture did not go through, with its own key', async () => {
    const l = await learnerWithCard('capture');
    const done = await topUp(l.token, { amount: 700, paymentMethod: l.card });
    const id = done.body.data.id as string;
    await t.db
      .updateTable('wallet_top_ups')
      .set({ captured_at: null, updated_at: new Date(Date.now() - 120_000) })
      .where('id', '=', id)
      .execute();
    const keys: string[] = [];
    class Recording extends SandboxGateway {
      override async capture(input: { gatewayRef: string; amountCents: number; idempotencyKey: string }) {
        keys.push(input.idempotencyKey);
      }
    }
    expect(await captureUncaptured(t.db, new Recording(), new Date())).toBeGreaterThanOrEqual(1);
    expect(keys).toContain(`topup:${id}:capture`);
    const row = await t.db
      .selectFrom('wallet_top_ups')
      .select('captured_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.captured_at).not.toBeNull();
    expect((await wallet(l.token)).balance).toBe(7);
  });
});
