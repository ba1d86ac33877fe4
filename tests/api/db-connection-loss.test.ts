import { rmSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { frameReader } from './chat-frames.js';
import { DEMO_PASSWORD, listeningConnections } from './harness.js';
import { databaseUrl } from './template-setup.js';
import { type ServerProcess, startServerProcess, waitReady } from './server-process.js';

/**
 * A dropped PostgreSQL connection (a restart, a failover, a proxy's idle timeout, an operator's
 * `pg_terminate_backend`) must not take the server down. A real server process (tests/api/server-process.ts:
 * an 'Unhandled error' kills only that child, and the test sees it) on a database of its own, copied
 * from the seeded template; the test terminates the server's backends from another connection:
 * - requests flowing meanwhile all get an answer, 200 or one clean 503 (JSON, Retry-After), and
 *   afterwards everything answers 200;
 * - a write caught inside its transaction answers 503 and leaves nothing written;
 * - a chat socket receives, exactly once, a message posted while its server's LISTEN connection
 *   was down (read back from the table when the listener reconnects);
 * - GET /api/health/ready (and /api/health) says whether the database answers (503 while it refuses
 *   connections), GET /api/health/live answers 200 throughout.
 * PostgreSQL only (HALAQA_TEST_DATABASE_URL).
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
const JWT_SECRET = 'db-connection-loss-secret-that-is-long-enough-01';
const dbName = `halaqa_dbloss_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let server: ServerProcess;
let admin: pg.Client;
const sockets: WebSocket[] = [];

/** Terminates the server's backends on the test database (all, or those `extra` selects); returns how many. */
async function terminate(extra = 'true'): Promise<number> {
  const res = await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and ${extra}`,
    [dbName],
  );
  return res.rowCount ?? 0;
}

const base = () => `http://127.0.0.1:${server.port}`;
const alive = () => server.proc.exitCode === null && server.proc.signalCode === null;

describe.runIf(PG_URL)('a dropped PostgreSQL connection', () => {
  let sessionId: number;
  const tokens: Record<'learner' | 'educator', string> = { learner: '', educator: '' };
  const auth = (who: keyof typeof tokens) => ({
    authorization: `Bearer ${tokens[who]}`,
    'content-type': 'application/json',
  });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}" template "${inject('pgTemplateDatabase')}"`);
    const url = databaseUrl(PG_URL!, dbName);
    server = await startServerProcess(url, JWT_SECRET, 'dbloss');
    await waitReady(server);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      for (const who of ['learner', 'educator'] as const) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `${who}@halaqa.test`, password: DEMO_PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`sign-in of ${who} failed: ${res.status}`);
        tokens[who] = ((await res.json()) as { data: { token: string } }).data.token;
      }
      sessionId = (
        await db.query(
          `select e.session_id from enrollments e join users u on u.id = e.user_id where u.email = 'learner@halaqa.test' and e.status = 'ACTIVE' limit 1`,
        )
      ).rows[0].session_id;
    } finally {
      await db.end();
    }
  }, 300_000);

  afterAll(async () => {
    // What a server that died printed (its 'Unhandled error' and the stack).
    if (server && !alive()) console.log(server.out);
    for (const ws of sockets) ws.terminate();
    if (server && alive()) server.proc.kill('SIGKILL');
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`alter database "${dbName}" allow_connections true`).catch(() => {});
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  });

  it('requests flowing while the backends are terminated get 200 or one clean 503; the server stays up and recovers', async () => {
    const chat = `${base()}/api/sessions/${sessionId}/chat/messages?limit=5`;
    const calls = [
      () => fetch(`${base()}/api/courses/explore?limit=5`),
      () => fetch(chat, { headers: auth('learner') }),
    ];
    expect((await calls[1]!()).status).toBe(200);
    const statuses: number[] = [];
    const refusals: { body: unknown; retryAfter: string | null }[] = [];
    const failures: string[] = [];
    let flowing = true;
    const worker = async (i: number) => {
      while (flowing) {
        try {
          const res = await calls[i % calls.length]!();
          statuses.push(res.status);
          const body: unknown = await res.json();
          if (res.status === 503) refusals.push({ body, retryAfter: res.headers.get('retry-after') });
        } catch (err) {
          failures.push(String(err));
          if (!alive()) return;
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, i) => worker(i));
    let terminated = 0;
    for (let round = 0; round < 5 && alive(); round++) {
      await new Promise((r) => setTimeout(r, 300));
      terminated += await terminate();
    }
    await new Promise((r) => setTimeout(r, 300));
    flowing = false;
    await Promise.all(workers);
    console.log(
      `connection loss: ${terminated} backends terminated; ${statuses.length} answers: ${statuses.filter((s) => s === 200).length} × 200, ${refusals.length} × 503`,
    );
    expect(alive(), server.out).toBe(true);
    expect(failures).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const r of refusals) {
      expect(r.body).toEqual({ message: expect.stringMatching(/database/i) });
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Afterwards every call answers 200 again.
    for (let i = 0; i < 10; i++) expect((await calls[i % calls.length]!()).status).toBe(200);
  }, 120_000);

  it('a write caught inside its transaction answers 503 and writes nothing', async () => {
    const text = `Caught mid-transaction ${Date.now()}`;
    const holder = new pg.Client({ connectionString: databaseUrl(PG_URL!, dbName) });
    await holder.connect();
    try {
      // The post locks its author, counts their recent messages, then waits here to insert.
      await holder.query('begin');
      await holder.query('lock table chat_messages in exclusive mode');
      const pending = fetch(`${base()}/api/sessions/${sessionId}/chat/messages`, {
        method: 'POST',
        headers: auth('learner'),
        body: JSON.stringify({ text }),
      });
      let waiting = 0;
      for (let i = 0; i < 100 && !waiting; i++) {
        await new Promise((r) => setTimeout(r, 50));
        waiting = Number(
          (
            await admin.query(
              `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2`,
              [dbName, (holder as unknown as { processID: number }).processID],
            )
          ).rows[0].n,
        );
      }
      expect(waiting).toBe(1);
      expect(await terminate(`wait_event_type = 'Lock'`)).toBe(1);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(await res.json()).toEqual({ message: expect.stringMatching(/database/i) });
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    expect(alive(), server.out).toBe(true);
    expect(Number((await admin.query(`select 1`)).rowCount)).toBe(1);
    const check = new pg.Client({ connectionString: databaseUrl(PG_URL!, dbName) });
    await check.connect();
    try {
      expect(
        (await check.query(`select count(*)::int as n from chat_messages where body = $1`, [text])).rows[0].n,
      ).toBe(0);
    } finally {
      await check.end();
    }
    // The author's row lock went with the transaction: the same post now succeeds.
    const again = await fetch(`${base()}/api/sessions/${sessionId}/chat/messages`, {
      method: 'POST',
      headers: auth('learner'),
      body: JSON.stringify({ text }),
    });
    expect(again.status).toBe(201);
  }, 60_000);

  it('a chat socket receives, exactly once, a message posted while its LISTEN connection was down', async () => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${server.port}/api/sessions/${sessionId}/chat/socket?token=${encodeURIComponent(tokens.educator)}`,
    );
    sockets.push(ws);
    const frames = frameReader(ws);
    await new Promise<void>((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    await frames.next((f) => f.type === 'ready', 10_000);
    const listening = () => listeningConnections(admin, dbName);
    expect(await listening()).toBe(1);
    expect(await terminate(`query ilike 'listen %'`)).toBe(1);
    for (let i = 0; i < 100 && (await listening()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await listening()).toBe(0);

    // Posted while nobody listens: its notification is lost, the row is not.
    const missed = await fetch(`${base()}/api/sessions/${sessionId}/chat/messages`, {
      method: 'POST',
      headers: auth('educator'),
      body: JSON.stringify({ text: 'Posted while the listener was down' }),
    });
    expect(missed.status).toBe(201);
    const missedId = ((await missed.json()) as { data: { id: number } }).data.id;
    const delivered = await frames.next(
      (f) => f.type === 'message' && (f.message as { id: number }).id === missedId,
      15_000,
    );
    expect(delivered.message).toMatchObject({ text: 'Posted while the listener was down' });
    expect(await listening()).toBe(1);

    // Live delivery goes on, and nothing comes twice.
    const next = await fetch(`${base()}/api/sessions/${sessionId}/chat/messages`, {
      method: 'POST',
      headers: auth('educator'),
      body: JSON.stringify({ text: 'And after it came back' }),
    });
    const nextId = ((await next.json()) as { data: { id: number } }).data.id;
    await frames.next((f) => f.type === 'message' && (f.message as { id: number }).id === nextId, 5_000);
    await new Promise((r) => setTimeout(r, 1500));
    const ids = frames.frames.filter((f) => f.type === 'message').map((f) => (f.message as { id: number }).id);
    expect(ids).toEqual([missedId, nextId]);
    ws.terminate();
  }, 60_000);

  it('GET /api/health/ready (and /api/health) reports the database down (503) while it refuses connections, and up again after; live answers 200 throughout', async () => {
    const checks = ['/api/health/ready', '/api/health'];
    for (const url of checks) {
      const up = await fetch(`${base()}${url}`);
      expect(up.status, url).toBe(200);
      expect(await up.json()).toEqual({ data: { status: 'ok', database: 'up' } });
    }
    await admin.query(`alter database "${dbName}" allow_connections false`);
    try {
      await terminate();
      for (const url of checks) {
        const down = await fetch(`${base()}${url}`);
        expect(down.status, url).toBe(503);
        expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(await down.json()).toEqual({ message: 'The database is unavailable; please try again in a moment' });
      }
      const live = await fetch(`${base()}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ data: { status: 'ok' } });
      // Other calls answer 503 too, not 500.
      expect((await fetch(`${base()}/api/courses/explore?limit=5`)).status).toBe(503);
    } finally {
      await admin.query(`alter database "${dbName}" allow_connections true`);
    }
    expect(alive(), server.out).toBe(true);
    for (const url of checks) {
      const again = await fetch(`${base()}${url}`);
      expect(again.status, url).toBe(200);
      expect(await again.json()).toEqual({ data: { status: 'ok', database: 'up' } });
    }
  }, 60_000);
});
