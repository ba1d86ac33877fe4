/**
 * The enrollment storm: `--learners` (10,000) new learners each try to buy
 * a seat of one `--seats` (2,000)-seat paid session by test card — POST /payments/intents, then
 * POST /payments/intents/{id}/confirm with a saved tok_visa card — `--in-flight` (200) at a time,
 * against the real server on PGlite and on PostgreSQL (a new database of 127.0.0.1:5432).
 * Prints the total time, p50/p99 per checkout, the count of 2xx/409/other 4xx/5xx checkouts, the
 * seats sold (active enrollments, read from the database afterwards) and the receipts mailed, the
 * server's CPU time during the storm and its RSS at rest (10 s after the cards are saved) and at
 * the end. On PostgreSQL it also samples, every 20 ms during the storm, how many of the database's
 * backends wait for a lock (pg_stat_activity, wait_event_type 'Lock'): the queue on the session's row.
 * Goal: PostgreSQL ≤ 30 s, p99 ≤ 1 s, 0 × 5xx, exactly the seats sold; PGlite p99 ≤ 3 s; server
 * RSS ≤ 600 MB at the end.
 *
 * Not counted in the figures: the learners are inserted by SQL with one precomputed password hash,
 * their access tokens minted with the server's JWT secret (signing in 10,000 times is 10,000 scrypt
 * hashes), and their cards saved through the API before the storm.
 *
 * `npx tsx bench/storm.ts [--db pglite|postgres|both] [--learners 10000] [--seats 2000] [--in-flight 200]`
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import { hashPassword } from '../server/platform/passwords.js';
import { TokenService } from '../server/platform/tokens.js';
import { signInForTests } from '../server/platform/sign-in-sessions.js';
import { addStormSession, freshPostgresDatabase, machine, quantile, startServer } from './support.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const which = opt('--db', 'both');
const LEARNERS = Number(opt('--learners', '10000'));
const SEATS = Number(opt('--seats', '2000'));
const IN_FLIGHT = Number(opt('--in-flight', '200'));

/**
 * Samples every 20 ms how many backends of the database at `url` wait for a lock, until stopped.
 * @returns stop(): the mean and the largest count seen.
 */
function sampleLockWaits(url: string): { stop(): Promise<{ mean: number; max: number }> } {
  const client = new pg.Client({ connectionString: url });
  const counts: number[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      counts.push(rows[0]?.n ?? 0);
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return {
        mean: counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length),
        max: Math.max(0, ...counts),
      };
    },
  };
}

/**
 * Migrates and seeds the database, then adds the storm's session (a copy of the first open paid
 * session of a public course, with `SEATS` seats and nobody enrolled) and `LEARNERS` learners.
 * @returns the session id and the learners' ids and bearer tokens (each a sign-in session of `tokens`).
 */
async function prepare(
  target: DatabaseTarget,
  uploadsDir: string,
  tokens: TokenService,
): Promise<{ sessionId: number; learners: Array<{ id: number; token: string }> }> {
  const handle = await openDatabase(target);
  try {
    const db = handle.db;
    await migrateToLatest(db, handle.schema);
    await seedDemoData(db, { uploadsDir, hashPassword });
    const sessionId = await addStormSession(db, SEATS);
    const hash = await hashPassword('Bench-pass-1');
    const run = randomBytes(4).toString('hex');
    const { rows } = await sql<{ id: number }>`
      insert into users (email, password_hash, first_name, last_name, role)
      select 'storm-' || ${run} || '-' || i || '@example.org', ${hash}, 'Storm', 'Learner ' || i, 'USER'
      from generate_series(1, ${LEARNERS}) i
      returning id`.execute(db);
    const learners = [];
    for (const r of rows)
      learners.push({ id: Number(r.id), token: await signInForTests(db, tokens, { id: Number(r.id), role: 'USER' }) });
    return { sessionId, learners };
  } finally {
    await handle.close();
  }
}

/** Active enrollments of the session and the server-side intents by status (read after the server stopped). */
async function outcome(target: DatabaseTarget, sessionId: number) {
  const handle = await openDatabase(target);
  try {
    const { n } = await handle.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    const intents = await handle.db
      .selectFrom('payment_intents')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('session_id', '=', sessionId)
      .groupBy('status')
      .execute();
    // Receipts are mailed after the answers, at the server's quiet moments, or when it stops (AppContext.receipts).
    const { mailed } = await handle.db
      .selectFrom('payment_intents')
      .select((eb) => eb.fn.countAll<number>().as('mailed'))
      .where('session_id', '=', sessionId)
      .where('receipt_mailed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return { sold: Number(n), intents: intents.map((r) => `${r.status} ${r.n}`).join(', '), mailed: Number(mailed) };
  } finally {
    await handle.close();
  }
}

async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  key?: string,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  return { status: res.status, data: json.data ?? {} };
}

/** Runs `work` over `n` items with `width` in flight. */
async function pool(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      for (let i = next++; i < n; i = next++) await work(i);
    }),
  );
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-storm-'));
  const pgdb = kind === 'postgres' ? await freshPostgresDatabase('halaqa_bench_storm') : null;
  const target: DatabaseTarget = pgdb
    ? { kind: 'postgres', url: pgdb.url }
    : { kind: 'pglite', dir: join(dataDir, 'pg') };
  try {
    const secret = randomBytes(32).toString('hex');
    const { sessionId, learners: signedIn } = await prepare(
      target,
      join(dataDir, 'uploads'),
      new TokenService(secret, 3600),
    );
    const server = await startServer({ dataDir, databaseUrl: pgdb?.url }, { JWT_SECRET: secret });
    let end: {
      total: number;
      latencies: number[];
      counts: Record<string, number>;
      split: string;
      rssRest: number;
      rssEnd: number;
      cpu: number;
      lockWaits: { mean: number; max: number } | null;
    };
    try {
      const base = server.base;
      const learners = signedIn.map((l) => ({ ...l, card: '' }));
      await pool(learners.length, 16, async (i) => {
        const r = await call(base, 'POST', '/payments/cards', learners[i]!.token, { source: 'tok_visa' });
        if (r.status !== 201 && r.status !== 200)
          throw new Error(`saving a card: ${r.status} ${JSON.stringify(r.data)}`);
        learners[i]!.card = String(r.data.id);
      });
      const info = await fetch(`${base}/sessions/${sessionId}/info`).then(
        (r) => r.json() as Promise<{ data: { price: number } }>,
      );
      const fee = await call(base, 'POST', '/payments/fee', learners[0]!.token, { price: info.data.price });
      const amount = Number(fee.data.amount);
      const rssRest = await server.restingRssMb();
      const cpuBefore = server.cpuSeconds();
      const latencies: number[] = [];
      const byBucket: Record<string, number[]> = {};
      const counts: Record<string, number> = { '2xx': 0, '409': 0, 'other 4xx': 0, '5xx': 0 };
      const waits = pgdb ? sampleLockWaits(pgdb.url) : null;
      const t0 = performance.now();
      await pool(learners.length, IN_FLIGHT, async (i) => {
        const l = learners[i]!;
        const t = performance.now();
        let status = 0;
        try {
          const intent = await call(
            base,
            'POST',
            '/payments/intents',
            l.token,
            { sessionId, amount },
            `storm-${i}-intent`,
          );
          status = intent.status;
          if (status < 300) {
            const done = await call(
              base,
              'POST',
              `/payments/intents/${String(intent.data.id)}/confirm`,
              l.token,
              { paymentMethod: l.card },
              `storm-${i}-confirm`,
            );
            status = done.status;
            if (status < 300 && done.data.status !== 'succeeded') status = 0;
          }
        } catch {
          status = 0;
        }
        latencies.push(performance.now() - t);
        const bucket =
          status >= 200 && status < 300
            ? '2xx'
            : status === 409
              ? '409'
              : status >= 400 && status < 500
                ? 'other 4xx'
                : '5xx';
        counts[bucket] = (counts[bucket] ?? 0) + 1;
        (byBucket[bucket] ??= []).push(performance.now() - t);
      });
      const split = Object.entries(byBucket)
        .map(
          ([k, v]) =>
            `${k} p50 ${quantile(
              v.sort((a, b) => a - b),
              0.5,
            ).toFixed(0)} / p99 ${quantile(v, 0.99).toFixed(0)} ms`,
        )
        .join('; ');
      const total = (performance.now() - t0) / 1000;
      const lockWaits = waits ? await waits.stop() : null;
      end = {
        total,
        lockWaits,
        latencies: latencies.sort((a, b) => a - b),
        counts,
        split,
        rssRest,
        rssEnd: server.rssMb(),
        cpu: server.cpuSeconds() - cpuBefore,
      };
    } finally {
      await server.stop();
    }
    const { sold, intents, mailed } = await outcome(target, sessionId);
    console.log(
      `\n## ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${LEARNERS} learners, ${SEATS} seats, ${IN_FLIGHT} in flight\n` +
        `total ${end.total.toFixed(1)} s; per checkout p50 ${quantile(end.latencies, 0.5).toFixed(0)} ms, p99 ${quantile(end.latencies, 0.99).toFixed(0)} ms, max ${end.latencies[end.latencies.length - 1]!.toFixed(0)} ms (${end.split})\n` +
        `answers: ${Object.entries(end.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} (5xx includes network errors and confirmations not succeeded)\n` +
        `seats sold: ${sold} of ${SEATS}; intents: ${intents}; receipts mailed by the time the server stopped: ${mailed}\n` +
        (end.lockWaits
          ? `backends waiting for a lock during the storm: mean ${end.lockWaits.mean.toFixed(2)}, max ${end.lockWaits.max}\n`
          : '') +
        `server CPU during the storm: ${end.cpu.toFixed(1)} s (user + system; on a busy machine the wall times grow, this much less)\n` +
        `server RSS: ${end.rssRest.toFixed(0)} MB at rest (10 s after saving the cards), ${end.rssEnd.toFixed(0)} MB at the end; ${machine()}`,
    );
  } finally {
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`# Enrollment storm — ${machine()}`);
  if (which === 'pglite' || which === 'both') await benchOne('pglite');
  if (which === 'postgres' || which === 'both') await benchOne('postgres');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
