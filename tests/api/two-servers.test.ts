import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { hashPassword } from '../../server/platform/passwords.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { type ServerProcess, startServerProcess, waitReady } from './server-process.js';
import { insertOpenSession } from './course-fixtures.js';

/**
 * Issue "Nothing lost, nobody in", "More than one server": two real server processes
 * (`tsx server/main.ts`) on one PostgreSQL database, started at once on an empty database (one of
 * them migrates it), then 200 card checkouts for 20 seats with every learner's requests alternating
 * between the two (the intent created on one, confirmed on the other): exactly 20 enrolled, 180
 * refused, the ledger balanced. PostgreSQL only (HALAQA_TEST_DATABASE_URL): a database of its own,
 * dropped afterwards.
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
const JWT_SECRET = 'two-servers-secret-that-is-long-enough-0123456789';
const dbName = `halaqa_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const servers: ServerProcess[] = [];
let handle: DatabaseHandle;

/** Starts a server of this test on `databaseUrl` (tests/api/server-process.ts); stopped in afterAll. */
async function startServer(databaseUrl: string) {
  const server = await startServerProcess(databaseUrl, JWT_SECRET, 'two');
  servers.push(server);
  return server;
}

const call = async (
  port: number,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-auth-legacy': '1',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: { id: string; status: string }; message?: string },
  };
};

describe.runIf(PG_URL)('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    const a = await startServer(url.toString());
    const b = await startServer(url.toString());
    await Promise.all([waitReady(a), waitReady(b)]);
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await seedDemoData(handle.db, { uploadsDir: null, hashPassword });
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) {
      s.proc.kill('SIGTERM');
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await handle?.close();
    await new Promise((r) => setTimeout(r, 1000));
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });

  it('both starting at once on an empty database: one migrates it, the other finds it done', () => {
    const migrated = servers.map((s) => /migrations applied: ([\w, ]+)/.exec(s.out)?.[1] ?? null);
    expect(migrated.filter((m) => m !== null)).toHaveLength(1);
    expect(migrated.find((m) => m !== null)!.split(', ').length).toBeGreaterThanOrEqual(6);
  });

  it('200 card checkouts for 20 seats alternating between the two servers: exactly 20 enrolled, the ledger balanced', async () => {
    const db = handle.db;
    const tokens = new TokenService(JWT_SECRET, 3600);
    const { id: sessionId } = await insertOpenSession(db, { priceCents: 1200, maxSeats: 20 });
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `two-${i}@servers.halaqa.test`,
          password_hash: 'x',
          first_name: 'Two',
          last_name: String(i),
          role: 'LEARNER' as const,
          company_id: null,
          picture_url: null,
        })),
      )
      .returning('id')
      .execute();
    const [a, b] = servers.map((s) => s.port) as [number, number];
    const learners = [];
    for (const [i, u] of users.entries()) {
      const token = await signInForTests(db, tokens, { id: u.id, role: 'LEARNER' });
      const card = await call(i % 2 ? a : b, 'POST', '/payments/cards', token, { source: 'tok_visa' });
      expect(card.status).toBe(201);
      learners.push({ token, card: card.body.data!.id, first: i % 2 ? a : b, second: i % 2 ? b : a });
    }
    const amount = 1200 + 60 + 50;
    const ledgerBefore = Number(
      (await sql<{ n: number }>`select count(*)::int as n from ledger_transactions`.execute(db)).rows[0]!.n,
    );
    const outcomes = await Promise.all(
      learners.map(async (l, i) => {
        const intent = await call(
          l.first,
          'POST',
          '/payments/intents',
          l.token,
          { sessionId, amount },
          { 'idempotency-key': `two-intent-${i}` },
        );
        if (intent.status !== 201) return intent.status;
        const paid = await call(
          l.second,
          'POST',
          `/payments/intents/${intent.body.data!.id}/confirm`,
          l.token,
          { paymentMethod: l.card },
          { 'idempotency-key': `two-confirm-${i}` },
        );
        return paid.body.data?.status === 'succeeded' ? 'charged' : paid.status;
      }),
    );
    const charged = outcomes.filter((o) => o === 'charged').length;
    console.log(
      `two servers, 200 checkouts for 20 seats: ${charged} charged, ${outcomes.filter((o) => o === 409).length} refused (409), others: ${JSON.stringify(outcomes.filter((o) => o !== 'charged' && o !== 409))}`,
    );
    expect(charged).toBe(20);
    expect(outcomes.filter((o) => o === 409)).toHaveLength(180);
    const enrolled = await db
      .selectFrom('enrollments')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(enrolled).toHaveLength(20);
    expect(
      Number((await sql<{ n: number }>`select count(*)::int as n from ledger_transactions`.execute(db)).rows[0]!.n),
    ).toBe(ledgerBefore + 20);
    const unbalanced = await sql<{
      n: number;
    }>`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) x`.execute(
      db,
    );
    expect(Number(unbalanced.rows[0]!.n)).toBe(0);
    const uncaptured = await db
      .selectFrom('payment_intents')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('status', '=', 'succeeded')
      .where('captured_at', 'is', null)
      .execute();
    expect(uncaptured).toEqual([]);
  }, 300_000);
});
