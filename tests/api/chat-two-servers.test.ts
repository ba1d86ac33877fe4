import { rmSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { frameReader } from './chat-frames.js';
import { listeningConnections, testHashPassword } from './harness.js';
import { type ServerProcess, startServerProcess, waitReady } from './server-process.js';
import { activeSessionOf } from './course-fixtures.js';

/**
 * "The chat across two server processes on one PostgreSQL": two real servers
 * (`tsx server/main.ts`) on one database; a learner's socket on one, the educator's on the other.
 * Every message and deletion, whichever server takes it (socket frame or REST call), reaches both
 * sockets within a second through PostgreSQL LISTEN/NOTIFY. On SIGTERM each server closes its
 * sockets and its LISTEN connection and exits. PostgreSQL only (HALAQA_TEST_DATABASE_URL): a
 * database of its own, dropped afterwards.
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
const JWT_SECRET = 'chat-two-servers-secret-that-is-long-enough-0123';
const dbName = `halaqa_chat_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const servers: ServerProcess[] = [];
const sockets: WebSocket[] = [];
let handle: DatabaseHandle;
let admin: pg.Client;

/** Starts a server of this test on `databaseUrl` (tests/api/server-process.ts); stopped in afterAll. */
async function startServer(databaseUrl: string) {
  const server = await startServerProcess(databaseUrl, JWT_SECRET, 'chat-two');
  servers.push(server);
  return server;
}

/** Opens a chat socket on a server (token in the query, as the browser does); frames recorded from the first. */
function openSocket(port: number, sessionId: number, token: string) {
  const ws = new WebSocket(
    `ws://127.0.0.1:${port}/api/sessions/${sessionId}/chat/socket?token=${encodeURIComponent(token)}`,
  );
  sockets.push(ws);
  const frames = frameReader(ws);
  return {
    ws,
    frames,
    opened: new Promise<void>((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject))),
  };
}

const listeners = () => listeningConnections(admin, dbName);

describe.runIf(PG_URL)('the session chat across two server processes on one PostgreSQL database', () => {
  let sessionId: number;
  const tokens: Record<'learner' | 'educator', string> = { learner: '', educator: '' };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const url = new URL(PG_URL!);
    url.pathname = `/${dbName}`;
    const a = await startServer(url.toString());
    await waitReady(a);
    const b = await startServer(url.toString());
    await waitReady(b);
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    await seedDemoData(handle.db, { uploadsDir: null, hashPassword: testHashPassword });
    const issuer = new TokenService(JWT_SECRET, 3600);
    for (const who of ['learner', 'educator'] as const) {
      const u = await handle.db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', `${who}@halaqa.test`)
        .executeTakeFirstOrThrow();
      tokens[who] = await signInForTests(handle.db, issuer, u);
    }
    sessionId = await activeSessionOf(handle.db, 'learner@halaqa.test');
  }, 300_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    for (const s of servers) {
      if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await handle?.close();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });

  it('a message posted on either server reaches the sockets of both within a second; so does a deletion', async () => {
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
    const learner = openSocket(a.port, sessionId, tokens.learner);
    const educator = openSocket(b.port, sessionId, tokens.educator);
    await Promise.all([learner.opened, educator.opened]);
    await learner.frames.next((f) => f.type === 'ready');
    await educator.frames.next((f) => f.type === 'ready');
    // One LISTEN connection per server, opened with its first socket.
    expect(await listeners()).toBe(2);

    // A socket frame on server A → the educator's socket on server B.
    let sent = Date.now();
    learner.ws.send(JSON.stringify({ type: 'post', text: 'Posted on server A' }));
    const onB = (await educator.frames.next((f) => f.type === 'message', 1000)).message as {
      id: number;
      text: string;
      authorRole: string;
    };
    const latencyAB = Date.now() - sent;
    expect(onB).toMatchObject({ text: 'Posted on server A', authorRole: 'LEARNER' });
    expect(((await learner.frames.next((f) => f.type === 'message', 1000)).message as { id: number }).id).toBe(onB.id);

    // A REST post on server B → the learner's socket on server A.
    sent = Date.now();
    const res = await fetch(`http://127.0.0.1:${b.port}/api/sessions/${sessionId}/chat/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.educator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Answered on server B' }),
    });
    expect(res.status).toBe(201);
    const onA = (await learner.frames.next((f) => f.type === 'message', 1000)).message as {
      text: string;
      authorRole: string;
    };
    const latencyBA = Date.now() - sent;
    expect(onA).toMatchObject({ text: 'Answered on server B', authorRole: 'EDUCATOR' });

    // The educator deletes through server A: both sockets hear it.
    const del = await fetch(`http://127.0.0.1:${a.port}/api/sessions/${sessionId}/chat/messages/${onB.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.educator}` },
    });
    expect(del.status).toBe(200);
    expect(await learner.frames.next((f) => f.type === 'deleted', 1000)).toEqual({
      type: 'deleted',
      messageId: onB.id,
    });
    expect(await educator.frames.next((f) => f.type === 'deleted', 1000)).toEqual({
      type: 'deleted',
      messageId: onB.id,
    });
    console.log(`chat across two servers: A→B ${latencyAB} ms, B→A ${latencyBA} ms`);

    // History is the same on both servers.
    const history = await Promise.all(
      [a, b].map(
        async (s) =>
          (await (
            await fetch(`http://127.0.0.1:${s.port}/api/sessions/${sessionId}/chat/messages`, {
              headers: { authorization: `Bearer ${tokens.learner}` },
            })
          ).json()) as { data: { items: { id: number }[] } },
      ),
    );
    expect(history[0]!.data.items.map((m) => m.id)).toEqual(history[1]!.data.items.map((m) => m.id));
    expect(history[0]!.data.items.map((m) => m.id)).not.toContain(onB.id);
  }, 60_000);

  it('on SIGTERM each server closes its chat sockets and its LISTEN connection, and exits', async () => {
    const closes = sockets.map(
      (ws) =>
        new Promise<number>((resolve) =>
          ws.readyState === WebSocket.OPEN ? ws.once('close', (code) => resolve(code)) : resolve(-1),
        ),
    );
    const exits = servers.map(
      (s) => new Promise<number | null>((resolve) => s.proc.once('exit', (code) => resolve(code))),
    );
    for (const s of servers) s.proc.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
    expect((await Promise.all(closes)).every((code) => code === 1001 || code === 1005 || code === 1006)).toBe(true);
    expect(await listeners()).toBe(0);
  }, 60_000);
});
