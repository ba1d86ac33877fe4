import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { startTestApp, unbalancedTransactions, type TestApp } from './harness.js';
import { insertOpenSession, creditWallet, insertLearner } from './course-fixtures.js';

/**
 * Property: whatever sequence of payments (wallet, card, declined card, 3-D Secure failure),
 * cancellations, session deletions (refunds) and payouts happens, every ledger transaction sums to
 * zero, so does the whole ledger, and no wallet goes below zero.
 */
let t: TestApp;
let tokens: TokenService;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  tokens = new TokenService(t.config.jwtSecret, 3600);
  admin = await t.tokenFor('admin@halaqa.test');
});
afterAll(() => t.close());

const key = () => `p-${randomBytes(8).toString('hex')}`;
const req = (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  extra: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...t.auth(token), ...extra }, payload: payload as object });

interface World {
  learners: { id: number; token: string; cards: Record<string, string> }[];
  sessions: { id: number; priceCents: number }[];
  educator: string;
}

async function makeWorld(): Promise<World> {
  const educatorRow = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'educator4@halaqa.test')
    .executeTakeFirstOrThrow();
  const course = await t.db
    .selectFrom('courses')
    .select('id')
    .where('educator_id', '=', educatorRow.id)
    .where('is_private', '=', false)
    .executeTakeFirstOrThrow();
  const sessions = [];
  for (const [priceCents, seats] of [
    [1500, 2],
    [4000, 3],
    [990, 1],
  ]) {
    const { id } = await insertOpenSession(t.db, {
      priceCents,
      maxSeats: seats,
      course: { id: course.id, educatorId: educatorRow.id },
      fromDay: -10,
      toDay: 10,
      timezone: 'America/New_York',
    });
    sessions.push({ id, priceCents });
  }
  const learners = [];
  for (let i = 0; i < 4; i++) {
    const { id } = await insertLearner(t.db, {
      email: `prop-${randomBytes(5).toString('hex')}@halaqa.test`,
      firstName: 'P',
      lastName: String(i),
    });
    const credit = [0, 2000, 6000, 20000][i];
    if (credit) {
      await creditWallet(t.db, id, credit);
    }
    const token = await signInForTests(t.db, tokens, { id, role: 'LEARNER' });
    const cards: Record<string, string> = {};
    for (const source of ['tok_visa', 'tok_chargeDeclined', 'tok_threeDSecure2Required']) {
      cards[source] = (await req('POST', '/api/payments/cards', token, { source })).json().data.id;
    }
    learners.push({ id, token, cards });
  }
  const educator = await t.tokenFor('educator4@halaqa.test');
  await req('POST', '/api/payments/accounts/external-account', educator, {
    accountHolderName: 'Ledger Educator',
    country: 'DE',
    iban: 'DE89370400440532013000',
  });
  return { learners, sessions, educator };
}

const amountFor = (priceCents: number) => priceCents + Math.round(priceCents * 0.05) + 50;

type Op =
  | { kind: 'wallet' | 'card' | 'declined' | 'threeDsFail' | 'threeDsOk' | 'abandon'; learner: number; session: number }
  | { kind: 'deleteSession'; session: number }
  | { kind: 'endSession'; session: number }
  | { kind: 'payout' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('wallet', 'card', 'declined', 'threeDsFail', 'threeDsOk', 'abandon'),
      learner: fc.nat(3),
      session: fc.nat(2),
    }) as fc.Arbitrary<Op>,
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteSession' as const), session: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('endSession' as const), session: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const) }) },
);

async function run(world: World, op: Op) {
  if (op.kind === 'payout')
    return req('POST', '/api/payments/payouts', world.educator, undefined, { 'idempotency-key': key() });
  const s = world.sessions[op.session];
  if (op.kind === 'deleteSession')
    return req('POST', `/api/sessions/${s.id}/delete`, admin, { message: 'property test' });
  if (op.kind === 'endSession') {
    await t.db
      .updateTable('sessions')
      .set({ end_date: sql<string>`current_date - 1` as never })
      .where('id', '=', s.id)
      .execute();
    return;
  }
  const l = world.learners[op.learner];
  const amount = amountFor(s.priceCents);
  if (op.kind === 'wallet')
    return req(
      'POST',
      '/api/payments/intents/wallet',
      l.token,
      { sessionId: s.id, amount },
      { 'idempotency-key': key() },
    );
  const intent = await req(
    'POST',
    '/api/payments/intents',
    l.token,
    { sessionId: s.id, amount },
    { 'idempotency-key': key() },
  );
  if (intent.statusCode !== 201) return;
  const id = intent.json().data.id;
  if (op.kind === 'abandon') return req('POST', `/api/payments/intents/${id}/cancel`, l.token);
  const card =
    op.kind === 'card'
      ? l.cards.tok_visa
      : op.kind === 'declined'
        ? l.cards.tok_chargeDeclined
        : l.cards.tok_threeDSecure2Required;
  await req(
    'POST',
    `/api/payments/intents/${id}/confirm`,
    l.token,
    { paymentMethod: card },
    { 'idempotency-key': key() },
  );
  if (op.kind === 'threeDsFail' || op.kind === 'threeDsOk') {
    await req('POST', `/api/payments/intents/${id}/authenticate`, l.token, {
      result: op.kind === 'threeDsOk' ? 'succeed' : 'fail',
    });
  }
}

describe('the ledger under random sequences of payments, refunds, payouts and failures', () => {
  it('balances every transaction and never takes a wallet below zero', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        runs += 1;
        const world = await makeWorld();
        for (const op of ops) {
          const res = await run(world, op);
          if (res) expect(res.statusCode, JSON.stringify(op)).toBeLessThan(500);
        }
        const unbalanced = await unbalancedTransactions(t.db);
        expect(unbalanced).toEqual([]);
        const wallets = await t.db
          .selectFrom('ledger_entries')
          .select(['owner_id', (eb) => eb.fn.sum<number>('amount_cents').as('balance')])
          .where('account', '=', 'WALLET')
          .groupBy('owner_id')
          .execute();
        expect(wallets.filter((w) => Number(w.balance) < 0)).toEqual([]);
        const { total } = await t.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
          .executeTakeFirstOrThrow();
        expect(Number(total)).toBe(0);
        const paidSeats = await t.db
          .selectFrom('enrollments as e')
          .innerJoin('sessions as s', 's.id', 'e.session_id')
          .select(['s.id', 's.max_seats', (eb) => eb.fn.countAll<number>().as('n')])
          .where('e.status', '=', 'ACTIVE')
          .where(
            's.id',
            'in',
            world.sessions.map((x) => x.id),
          )
          .groupBy(['s.id', 's.max_seats'])
          .execute();
        expect(paidSeats.filter((r) => Number(r.n) > r.max_seats)).toEqual([]);
      }),
      { numRuns: 15 },
    );
    console.log(`ledger property: ${runs} random sequences checked`);
  }, 300_000);
});
