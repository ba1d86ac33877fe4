// The HTTP calls and the database of the failover scenario (bench/failover.ts): preparing and reading it.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type DatabaseHandle } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import { hashPassword } from '../server/platform/passwords.js';
import { addStormSession } from './support.js';
import { type Checkout, type FailoverReport } from './failover-types.js';

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; message?: string };
  /** The network error's code, when there was no HTTP answer. */
  error?: string;
}

/** Sends `method path` with `body` (JSON) as `token`, with the Idempotency-Key `key` if given; a network error is an answer too. */
export async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  key?: string,
): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: Answer['body'] = {};
    try {
      json = JSON.parse(text) as Answer['body'];
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: res.status, body: json };
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    return { status: 0, body: {}, error: cause?.code ?? (e as Error).name };
  }
}

/**
 * Migrates and seeds the database, then adds a copy of the first open paid session of a public
 * course with `seats` seats and nobody enrolled, and `learners` learners (bench/storm.ts does the same).
 */
export async function prepare(
  handle: DatabaseHandle,
  learners: number,
  seats: number,
): Promise<{ sessionId: number; learnerIds: number[] }> {
  const db = handle.db;
  await migrateToLatest(db, handle.schema);
  await seedDemoData(db, { uploadsDir: null, hashPassword });
  const sessionId = await addStormSession(db, seats);
  const run = randomBytes(4).toString('hex');
  const { rows } = await sql<{ id: number }>`
    insert into users (email, password_hash, first_name, last_name, role)
    select 'lb-' || ${run} || '-' || i || '@example.org', 'x', 'Failover', 'Learner ' || i, 'USER'
    from generate_series(1, ${learners}) i
    returning id`.execute(db);
  return { sessionId, learnerIds: rows.map((r) => Number(r.id)) };
}

/** What the database holds after the run: seats, enrollments and intents per learner, the ledger. */
export async function readDatabase(
  handle: DatabaseHandle,
  sessionId: number,
  checkouts: Checkout[],
): Promise<FailoverReport['db']> {
  const db = handle.db;
  const { max_seats: maxSeats } = await db
    .selectFrom('sessions')
    .select('max_seats')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('enrollments')
    .select(['user_id', 'payment_intent_id'])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'ACTIVE')
    .execute();
  const intents = await db
    .selectFrom('payment_intents')
    .select(['id', 'user_id', 'status', 'captured_at', 'amount_cents'])
    .where('session_id', '=', sessionId)
    .execute();
  const intentsByStatus: Record<string, number> = {};
  for (const i of intents) intentsByStatus[i.status] = (intentsByStatus[i.status] ?? 0) + 1;
  const perLearner = new Map<number, { enrollments: number; succeeded: number }>();
  for (const e of active) {
    const p = perLearner.get(e.user_id) ?? { enrollments: 0, succeeded: 0 };
    p.enrollments += 1;
    perLearner.set(e.user_id, p);
  }
  for (const i of intents.filter((x) => x.status === 'succeeded')) {
    const p = perLearner.get(i.user_id) ?? { enrollments: 0, succeeded: 0 };
    p.succeeded += 1;
    perLearner.set(i.user_id, p);
  }
  const chargedTwice = [...perLearner.values()].filter((p) => p.enrollments > 1 || p.succeeded > 1).length;
  let clientDbMismatches = 0;
  for (const c of checkouts) {
    const p = perLearner.get(c.learnerId) ?? { enrollments: 0, succeeded: 0 };
    if (c.end === 'enrolled' && (p.enrollments !== 1 || p.succeeded !== 1)) clientDbMismatches += 1;
    if (c.end === 'refused' && (p.enrollments !== 0 || p.succeeded !== 0)) clientDbMismatches += 1;
  }
  const unbalanced = await sql<{
    n: number;
  }>`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) x`.execute(
    db,
  );
  const total = await sql<{ s: string | null }>`select sum(amount_cents)::text as s from ledger_entries`.execute(db);
  const cards = await sql<{ n: number; unsucceeded: number }>`
    select count(*)::int as n, count(*) filter (where pi.status <> 'succeeded')::int as unsucceeded
    from ledger_transactions t join payment_intents pi on pi.id = t.payment_intent_id
    where t.kind = 'CARD_PAYMENT' and pi.session_id = ${sessionId}`.execute(db);
  const funded = await sql<{
    s: string | null;
  }>`select sum(amount_cents)::text as s from ledger_entries where account = 'FUNDING' and session_id = ${sessionId}`.execute(
    db,
  );
  const succeeded = intents.filter((i) => i.status === 'succeeded');
  return {
    maxSeats,
    activeEnrollments: active.length,
    chargedTwice,
    clientDbMismatches,
    intentsByStatus,
    uncaptured: succeeded.filter((i) => i.captured_at === null).length,
    unbalancedTransactions: Number(unbalanced.rows[0]!.n),
    ledgerSum: Number(total.rows[0]!.s ?? 0),
    cardPayments: Number(cards.rows[0]!.n),
    cardPaymentsOfUnsucceeded: Number(cards.rows[0]!.unsucceeded),
    fundedCents: Number(funded.rows[0]!.s ?? 0),
    paidCents: succeeded.reduce((s, i) => s + i.amount_cents, 0),
  };
}
