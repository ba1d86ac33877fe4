// Cancelling an enrollment and being refunded by the one refund rule (docs/decisions.md "Cancelling
// and refunds"): at each point of the policy, to the wallet or the card, refused twice and for
// another learner; an admin's refund (audited, mailed); a deleted account's enrollments.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { retryPendingRefunds } from '../../server/modules/payments/refunds.js';
import { GatewayError } from '../../server/platform/payments/gateway.js';
import { SandboxGateway } from '../../server/platform/payments/sandbox.js';
import { refundFor } from '../../server/platform/money/refund-policy.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { TokenService } from '../../server/platform/tokens.js';
import {
  amountFor,
  clock,
  confirmIntent,
  key,
  learnerWithCard,
  openIntent,
  req,
  seatsLeft,
  t,
  useTestApp,
} from './card-payments-setup.js';
import { creditWallet, insertCourse, insertLearner, insertOpenSession } from './course-fixtures.js';
import { countRows, unbalancedTransactions } from './harness.js';

useTestApp();

const DAY_MS = 24 * 3600 * 1000;
/** $49.99: its fee is 5 % rounded half up (250 cents) + 50 cents; half the price is 2499.5 → 2500 cents. */
const PRICE = 4999;
const TOTAL = amountFor(PRICE);

let tokens: TokenService;
let educator: { id: number; token: string };
let courseId: number;
let waiter: { email: string; token: string };

async function person(role: 'LEARNER' | 'EDUCATOR', tag: string) {
  const email = `${tag}-${randomBytes(4).toString('hex')}@refunds.halaqa.test`;
  const { id } = await insertLearner(t.db, { email, firstName: 'Refund', lastName: tag });
  if (role !== 'LEARNER') await t.db.updateTable('users').set({ role }).where('id', '=', id).execute();
  return { id, email, token: await signInForTests(t.db, tokens, { id, role }) };
}

beforeAll(async () => {
  tokens = new TokenService(t.config.jwtSecret, 3600);
  const edu = await person('EDUCATOR', 'educator');
  educator = edu;
  courseId = (await insertCourse(t.db, { educatorId: edu.id, title: 'Refundable graphs' })).courseId;
  // A learner on the course's waitlist (signed in: confirmed at once), told when a seat frees.
  const w = await person('LEARNER', 'waiter');
  waiter = w;
  expect((await req('POST', `/api/courses/${courseId}/waitlist`, w.token, { email: w.email })).status).toBe(201);
});

/** A session of the course, one seat, starting in two days (UTC), running 30 days. */
const newSession = async (maxSeats = 1) =>
  (
    await insertOpenSession(t.db, {
      priceCents: PRICE,
      maxSeats,
      course: { id: courseId, educatorId: educator.id },
      fromDay: 2,
      toDay: 30,
    })
  ).id;

/** A learner with $200 in the wallet who paid the session from it. */
async function walletLearner(sessionId: number) {
  const l = await person('LEARNER', 'wallet');
  await creditWallet(t.db, l.id, 20000);
  const paid = await req(
    'POST',
    '/api/payments/intents/wallet',
    l.token,
    { sessionId, amount: TOTAL },
    { 'idempotency-key': key() },
  );
  expect(paid.status).toBe(201);
  return l;
}

const balance = async (token: string) => (await req('GET', '/api/payments/wallets/me', token)).body.data.balance;
const pendingEarnings = async () => (await req('GET', '/api/payments/earnings', educator.token)).body.data.pending;
const seatFreedMails = async () =>
  (await t.db.selectFrom('outbox').select(['to_addresses', 'subject']).execute()).filter(
    (m) => (m.to_addresses as string[]).includes(waiter.email) && m.subject === 'A seat is free in "Refundable graphs"',
  ).length;
const quote = (token: string, sessionId: number) => req('GET', `/api/sessions/${sessionId}/refund`, token);
const cancel = (token: string, sessionId: number, destination: 'wallet' | 'card' = 'wallet') =>
  req('POST', `/api/sessions/${sessionId}/refund`, token, { destination });

describe('the refund rule (refundFor)', () => {
  const policy = { partialPercent: 50, partialDays: 7 };
  const paid = { priceCents: 4999, feeCents: 300 };
  it('gives everything back before the first day, half the price (half up) for seven days, then nothing', () => {
    expect(refundFor(policy, paid, '2031-03-03', '2031-03-02')).toEqual({
      stage: 'FULL',
      percent: 100,
      amountCents: 5299,
      priceCents: 4999,
      feeCents: 300,
      partialUntil: '2031-03-09',
    });
    expect(refundFor(policy, paid, '2031-03-03', '2031-03-03')).toMatchObject({ stage: 'PARTIAL', amountCents: 2500 });
    expect(refundFor(policy, paid, '2031-03-03', '2031-03-09')).toMatchObject({ stage: 'PARTIAL', feeCents: 0 });
    expect(refundFor(policy, paid, '2031-03-03', '2031-03-10')).toMatchObject({ stage: 'NONE', amountCents: 0 });
    // Across a month's end, and with the share or its days set to nothing.
    expect(refundFor(policy, paid, '2031-02-25', '2031-03-03').stage).toBe('PARTIAL');
    expect(refundFor({ partialPercent: 0, partialDays: 7 }, paid, '2031-03-03', '2031-03-03').stage).toBe('NONE');
    expect(refundFor({ partialPercent: 50, partialDays: 0 }, paid, '2031-03-03', '2031-03-03').stage).toBe('NONE');
    expect(refundFor(policy, { priceCents: 0, feeCents: 0 }, '2031-03-03', '2031-03-01').amountCents).toBe(0);
  });
});

describe('a learner cancels their enrollment', () => {
  it('before the first day: everything paid back to the wallet, the seat freed, the waitlist mailed, the earnings taken back', async () => {
    const sessionId = await newSession();
    const l = await walletLearner(sessionId);
    expect(await balance(l.token)).toBe(200 - TOTAL / 100);
    expect(await seatsLeft(sessionId)).toBe(0);
    const earningsBefore = await pendingEarnings();
    const mailsBefore = await seatFreedMails();

    const q = await quote(l.token, sessionId);
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      sessionId,
      courseTitle: 'Refundable graphs',
      paid: TOTAL,
      amount: TOTAL,
      stage: 'FULL',
      percent: 100,
      destinations: ['wallet'],
      card: null,
      policy: { partialPercent: 50, partialDays: 7 },
    });

    const done = await cancel(l.token, sessionId);
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ amount: TOTAL, stage: 'FULL', destination: 'wallet', status: 'succeeded' });
    expect(await balance(l.token)).toBe(200);
    expect(await seatsLeft(sessionId)).toBe(1);
    expect(await seatFreedMails()).toBe(mailsBefore + 1);
    expect(Math.round((earningsBefore - (await pendingEarnings())) * 100)).toBe(PRICE);
    const wallet = (await req('GET', '/api/payments/wallets/me', l.token)).body.data.entries[0];
    expect(wallet).toMatchObject({
      amount: TOTAL,
      reason: 'REFUND',
      session: { id: sessionId, courseTitle: 'Refundable graphs' },
    });
    expect(await unbalancedTransactions(t.db)).toEqual([]);

    // Refused twice, with nothing changed; the quote is gone with the enrollment.
    const ledger = await countRows(t.db, 'ledger_entries');
    const again = await cancel(l.token, sessionId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your enrollment in this session is already cancelled');
    expect((await quote(l.token, sessionId)).status).toBe(404);
    expect(await countRows(t.db, 'ledger_entries')).toBe(ledger);
    expect(await balance(l.token)).toBe(200);

    // Reactivated without a new payment (as enrolling again for free does), the refunded payment is
    // not refunded a second time.
    await t.db
      .updateTable('enrollments')
      .set({ status: 'ACTIVE' })
      .where('id', '=', done.body.data.enrollmentId)
      .execute();
    expect((await quote(l.token, sessionId)).body.data).toMatchObject({ paid: 0, amount: 0, destinations: [] });
    expect((await cancel(l.token, sessionId)).body.data).toMatchObject({ amount: 0 });
    expect(await countRows(t.db, 'ledger_entries')).toBe(ledger);
  });

  it('from the first day to the seventh: half the price to the card that paid (the fee kept), then nothing', async () => {
    const sessionId = await newSession(2);
    const { token, card } = await learnerWithCard('partial');
    const intent = await openIntent(token, sessionId, TOTAL);
    expect((await confirmIntent(token, intent.body.data.id, card)).body.data.status).toBe('succeeded');
    const earningsBefore = await pendingEarnings();

    clock.advance(2 * DAY_MS); // the first day
    const first = (await quote(token, sessionId)).body.data;
    expect(first).toMatchObject({ stage: 'PARTIAL', percent: 50, amount: 2500, destinations: ['wallet', 'card'] });
    expect(first.card).toEqual({ brand: 'visa', last4: '4242' });
    clock.advance(6 * DAY_MS); // the seventh day, the last of the share
    expect((await quote(token, sessionId)).body.data).toMatchObject({ stage: 'PARTIAL', amount: 2500 });

    const done = await cancel(token, sessionId, 'card');
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ amount: 2500, stage: 'PARTIAL', percent: 50, destination: 'card' });
    const row = await t.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', done.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', amount_cents: 2500, price_cents: 2500, fee_cents: 0 });
    expect(row.gateway_ref).toMatch(/^re_sandbox_/);
    // The card got it, not the wallet; the educator gives back exactly the half.
    expect(await balance(token)).toBe(0);
    expect(Math.round((earningsBefore - (await pendingEarnings())) * 100)).toBe(2500);
    const funding = await t.db
      .selectFrom('ledger_entries as le')
      .innerJoin('ledger_transactions as lt', 'lt.id', 'le.transaction_id')
      .select(['le.account', 'le.amount_cents'])
      .where('lt.refund_id', '=', done.body.data.id)
      .orderBy('le.account')
      .execute();
    expect(funding).toEqual([
      { account: 'EARNINGS', amount_cents: -2500 },
      { account: 'FUNDING', amount_cents: 2500 },
    ]);
    expect(await seatsLeft(sessionId)).toBe(2);

    // A card refund the gateway did not take after the commit stays pending; the periodic jobs ask
    // again (same key), a refusing gateway leaves it for the next pass.
    await t.db
      .updateTable('refunds')
      .set({ status: 'pending', gateway_ref: null, created_at: new Date(Date.now() - 120_000) })
      .where('id', '=', done.body.data.id)
      .execute();
    const refusing = new SandboxGateway();
    refusing.refund = async () => {
      throw new GatewayError('api_connection_error', 'unreachable');
    };
    expect(await retryPendingRefunds(t.db, refusing, new Date())).toBe(0);
    expect(await retryPendingRefunds(t.db, new SandboxGateway(), new Date())).toBe(1);
    const retried = await t.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', done.body.data.id)
      .executeTakeFirstOrThrow();
    expect(retried.status).toBe('succeeded');
    expect(retried.gateway_ref).toMatch(/^re_sandbox_/);
  });

  it('from the eighth day nothing is given back, and the seat still frees', async () => {
    const sessionId = await newSession();
    const l = await walletLearner(sessionId);
    clock.advance(9 * DAY_MS); // start + 7 days
    expect((await quote(l.token, sessionId)).body.data).toMatchObject({
      stage: 'NONE',
      amount: 0,
      destinations: [],
      partialUntil: null,
    });
    const ledger = await countRows(t.db, 'ledger_transactions');
    const done = await cancel(l.token, sessionId);
    expect(done.body.data).toMatchObject({ amount: 0, stage: 'NONE', status: 'succeeded' });
    expect(await countRows(t.db, 'ledger_transactions')).toBe(ledger);
    expect(await balance(l.token)).toBe(200 - TOTAL / 100);
    expect(await seatsLeft(sessionId)).toBe(1);
  });

  it('refuses to cancel once the session has ended (nothing is changed); an admin can still refund it', async () => {
    const sessionId = await newSession();
    const l = await walletLearner(sessionId);
    clock.advance(32 * DAY_MS); // the session ran from day 2 to day 30
    const quoted = await quote(l.token, sessionId);
    expect(quoted.status).toBe(409);
    expect(quoted.body.message).toBe('This session has ended: its enrollment can no longer be cancelled');
    const ledger = await countRows(t.db, 'ledger_transactions');
    expect((await cancel(l.token, sessionId)).status).toBe(409);
    expect(await countRows(t.db, 'ledger_transactions')).toBe(ledger);
    expect(await seatsLeft(sessionId)).toBe(0);
    const admin = await t.tokenFor('admin@halaqa.test');
    const refunded = await req('POST', `/api/sessions/${sessionId}/learners/${l.id}/refund`, admin, {
      message: 'The last meetings were cancelled.',
    });
    expect(refunded.status).toBe(201);
  });

  it("refuses another learner's cancellation, a wallet payment sent to a card, and an educator", async () => {
    const sessionId = await newSession(2);
    const l = await walletLearner(sessionId);
    const other = await person('LEARNER', 'other');
    const ledger = await countRows(t.db, 'ledger_entries');
    expect((await cancel(other.token, sessionId)).status).toBe(404);
    expect((await quote(other.token, sessionId)).status).toBe(404);
    const toCard = await cancel(l.token, sessionId, 'card');
    expect(toCard.status).toBe(422);
    expect(toCard.body.message).toBe('This payment can only be refunded to the wallet');
    expect((await cancel(educator.token, sessionId)).status).toBe(403);
    expect((await req('POST', `/api/sessions/${sessionId}/refund`, l.token, { destination: 'bank' })).status).toBe(400);
    expect(await countRows(t.db, 'ledger_entries')).toBe(ledger);
    expect(await seatsLeft(sessionId)).toBe(1);
  });
});

describe('an admin refunds an enrollment', () => {
  it('gives back everything paid even after the policy, audited, the message mailed; refused twice', async () => {
    const sessionId = await newSession();
    const l = await walletLearner(sessionId);
    clock.advance(12 * DAY_MS);
    const admin = await t.tokenFor('admin@halaqa.test');
    const url = `/api/sessions/${sessionId}/learners/${l.id}/refund`;
    expect((await req('POST', url, admin, { message: '' })).status).toBe(400);
    expect((await req('POST', url, l.token, { message: 'Mine' })).status).toBe(403);

    const done = await req('POST', url, admin, { message: 'The meeting links did not work in your first week.' });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ amount: TOTAL, stage: 'FULL', destination: 'wallet', userId: l.id });
    expect(await balance(l.token)).toBe(200);
    expect(await seatsLeft(sessionId)).toBe(1);
    const audited = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'enrollment.refunded')
      .where('entity_id', '=', done.body.data.enrollmentId)
      .executeTakeFirstOrThrow();
    expect(audited.message).toBe(
      `${(TOTAL / 100).toFixed(2)} USD to the wallet: The meeting links did not work in your first week.`,
    );
    const mail = (await t.db.selectFrom('outbox').select(['to_addresses', 'subject', 'body']).execute()).find(
      (m) =>
        (m.to_addresses as string[]).includes(l.email) && m.subject === 'Enrollment in "Refundable graphs" cancelled',
    );
    expect(mail?.body).toContain('The meeting links did not work in your first week.');

    const again = await req('POST', url, admin, { message: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This enrollment is already cancelled');
  });
});

describe('deleting an enrolled learner', () => {
  it('frees their seat, tells the waitlist and refunds them by the same rule', async () => {
    const sessionId = await newSession();
    const l = await walletLearner(sessionId);
    expect(await seatsLeft(sessionId)).toBe(0);
    const mailsBefore = await seatFreedMails();
    const earningsBefore = await pendingEarnings();
    const admin = await t.tokenFor('admin@halaqa.test');
    clock.advance(3 * DAY_MS); // the second day: half the price
    const deleted = await req('PUT', `/api/users/${l.id}/delete`, admin, { message: 'Asked to close the account' });
    expect(deleted.status).toBe(200);
    expect(await seatsLeft(sessionId)).toBe(1);
    expect(await seatFreedMails()).toBe(mailsBefore + 1);
    const refund = await t.db.selectFrom('refunds').selectAll().where('user_id', '=', l.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount_cents: 2500, percent: 50, destination: 'wallet', cause: 'account' });
    expect(Math.round((earningsBefore - (await pendingEarnings())) * 100)).toBe(2500);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
  });
});
