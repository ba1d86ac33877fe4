import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { DEMO_PASSWORD, unbalancedTransactions } from './harness.js';

/**
 * Crash safety of card checkouts: the real server process is killed (SIGKILL) between creating
 * intents and confirming them, then restarted on the same data directory. An intent whose seat hold
 * is still running completes; one whose hold ran out while the server was down is canceled at
 * start-up; no money is lost or invented (one balanced ledger transaction for the completed one).
 * On the embedded database by default; on PostgreSQL (a database of its own, dropped afterwards)
 * when HALAQA_TEST_DATABASE_URL is set (npm run test:pg).
 */
const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-crash-'));
let server: ChildProcess | null = null;
let output = '';
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
const dbName = `halaqa_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
/** The server's DATABASE_URL: empty for the embedded database in DATA_DIR/pg. */
let databaseUrl = '';
const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};
beforeAll(async () => {
  if (!PG_URL) return;
  await adminQuery(`create database "${dbName}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (PG_URL) await adminQuery(`drop database if exists "${dbName}" with (force)`);
});
/** Opens the server's database directly (while the server is down, for PGlite). */
const openServerDatabase = () =>
  openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dir: join(dataDir, 'pg') });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function start(port: number) {
  output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      // The start lines are logged just after the server listens: wait for them too.
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok && output.includes('Halaqa is running')) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function killHard(): Promise<void> {
  return new Promise((resolve) => {
    server!.once('exit', () => resolve());
    server!.kill('SIGKILL');
  });
}

describe('a server crash between creating and confirming card payments', () => {
  it('completes the intent whose hold is running and cancels the one whose hold ran out, losing no money', async () => {
    const port = await freePort();
    const api = (path: string, init: { method?: string; token?: string; body?: unknown; key?: string } = {}) =>
      fetch(`http://127.0.0.1:${port}/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}`, 'x-auth-legacy': '1' } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

    await start(port);
    const token = (
      await api('/auth/signin', { method: 'POST', body: { email: 'learner@halaqa.test', password: DEMO_PASSWORD } })
    ).body.data.token;
    const card = (await api('/payments/cards', { method: 'POST', token, body: { source: 'tok_visa' } })).body.data.id;
    const sessions = (await api('/sessions/explore?pageSize=100')).body.data.items.filter(
      (s: any) => s.price > 0 && s.seatsLeft > 1 && !s.course.isPrivate,
    );
    const intents: string[] = [];
    for (const s of sessions.slice(0, 2)) {
      const fee = (await api('/payments/fee', { method: 'POST', token, body: { price: s.price } })).body.data;
      const created = await api('/payments/intents', {
        method: 'POST',
        token,
        body: { sessionId: s.id, amount: fee.amount },
        key: `crash-intent-${s.id}`,
      });
      expect(created.status).toBe(201);
      intents.push(created.body.data.id);
    }
    const walletBefore = (await api('/payments/wallets/me', { token })).body.data.balance;

    await killHard();
    // While the server is down, the second checkout's hold runs out.
    const db = await openServerDatabase();
    await db.db
      .updateTable('payment_intents')
      .set({ hold_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', intents[1])
      .execute();
    await db.close();

    await start(port);
    expect(output).toContain('seat hold ended while the server was down: 1 canceled');
    const completed = await api(`/payments/intents/${intents[0]}/confirm`, {
      method: 'POST',
      token,
      body: { paymentMethod: card },
      key: 'after-crash-1',
    });
    expect(completed.status).toBe(200);
    expect(completed.body.data.status).toBe('succeeded');
    const canceled = await api(`/payments/intents/${intents[1]}/confirm`, {
      method: 'POST',
      token,
      body: { paymentMethod: card },
      key: 'after-crash-2',
    });
    expect(canceled.status).toBe(409);
    expect((await api('/payments/wallets/me', { token })).body.data.balance).toBe(walletBefore);
    const mine = (await api('/sessions/enrollments', { token })).body.data.map((e: any) => e.sessionId);
    expect(mine).toContain(sessions[0].id);
    expect(mine).not.toContain(sessions[1].id);
    await killHard();

    const check = await openServerDatabase();
    const txs = await check.db
      .selectFrom('ledger_transactions')
      .select('payment_intent_id')
      .where('payment_intent_id', 'in', intents)
      .execute();
    expect(txs.map((x) => x.payment_intent_id)).toEqual([intents[0]]);
    const unbalanced = await unbalancedTransactions(check.db);
    expect(unbalanced).toEqual([]);
    await check.close();
    console.log(
      `crash test (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): after SIGKILL and restart, 1 intent completed, 1 canceled at start-up, ledger balanced`,
    );
  }, 120_000);
});
