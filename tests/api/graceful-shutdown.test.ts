import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/types.js';
import { JOB_INTERVAL_MS, scheduleJobs } from '../../server/jobs/index.js';
import { lockFileOf } from '../../server/platform/dir-lock.js';
import {
  REPEATED_SIGNAL_MS,
  exitGracefullyOnSignals,
  gracefulShutdown,
  prepareGracefulClose,
} from '../../server/platform/shutdown.js';
import { frameReader } from './chat-frames.js';
import { DEMO_PASSWORD } from './harness.js';
import { type ServerProcess, spawnServer, waitReady } from './server-process.js';

/**
 * Stopping a server (SIGTERM) while it works (server/platform/shutdown.ts): a real server process
 * on the embedded database with the demo data, its own DATA_DIR. A request whose body is still
 * arriving when the signal comes is answered, with `Connection: close` (its keep-alive connection
 * ends); new connections are refused; the learner's chat socket is closed with 1001
 * (going away: the SPA reconnects); the process exits 0 within the grace period and `pg.lock` is
 * gone. A second server on the same DATA_DIR, signalled twice, exits at once with 143.
 */
const GRACE_SECONDS = 8;
const servers: ServerProcess[] = [];
const sockets: Array<Socket | WebSocket> = [];

afterAll(() => {
  for (const s of sockets) s instanceof WebSocket ? s.terminate() : s.destroy();
  for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  if (servers[0]) rmSync(servers[0].dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a server of this test (the demo data, fast password hashes); the second one reuses the first's DATA_DIR. */
async function start(graceSeconds: number): Promise<ServerProcess> {
  const env = {
    DATABASE_URL: '',
    SEED_DEMO_DATA: 'true',
    SCRYPT_LOG_N: '14',
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  };
  const server = await spawnServer('shutdown', env, servers[0]?.dataDir);
  servers.push(server);
  await waitReady(server);
  return server;
}

const exited = (s: ServerProcess) =>
  new Promise<number | null>((resolve) =>
    s.proc.exitCode !== null ? resolve(s.proc.exitCode) : s.proc.once('exit', (code) => resolve(code)),
  );

/**
 * A sign-in whose body is sent in two parts, on a raw keep-alive connection: in flight on the
 * server from the first part on. `finish()` sends the rest; `received()` resolves with everything
 * the server sent once the connection is closed.
 */
async function slowSignIn(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (d) => (received += String(d)));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('error', reject)));
  const body = JSON.stringify({ email: 'learner@halaqa.test', password: DEMO_PASSWORD });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    received: () => ended,
  };
}

/** Whether a new TCP connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

describe('graceful shutdown of a server process', () => {
  it('answers the request in flight, refuses new connections, closes chat sockets with 1001, exits 0 and releases pg.lock', async () => {
    const server = await start(GRACE_SECONDS);
    const base = `http://127.0.0.1:${server.port}`;
    const lockFile = lockFileOf(join(server.dataDir, 'pg'));
    expect(existsSync(lockFile)).toBe(true);

    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'learner@halaqa.test', password: DEMO_PASSWORD }),
    });
    const { token } = ((await signIn.json()) as { data: { token: string } }).data;
    const enrollments = (await (
      await fetch(`${base}/api/sessions/enrollments`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: Array<{ sessionId: number; status: string }> };
    const sessionId = enrollments.data.find((e) => e.status === 'ACTIVE')!.sessionId;
    const ws = new WebSocket(
      `ws://127.0.0.1:${server.port}/api/sessions/${sessionId}/chat/socket?token=${encodeURIComponent(token)}`,
    );
    sockets.push(ws);
    const frames = frameReader(ws);
    await frames.next((f) => f.type === 'ready', 10_000);

    const inFlight = await slowSignIn(server.port);
    await sleep(300); // the headers are read: the request is in flight
    const signalledAt = performance.now();
    const exit = exited(server);
    server.proc.kill('SIGTERM');

    expect(await frames.closed(5000)).toBe(1001);
    let closedListener = false;
    for (let i = 0; i < 50 && !closedListener; i++)
      closedListener = (await refused(server.port)) || (await sleep(50), false);
    expect(closedListener).toBe(true);
    // The request in flight holds the process.
    expect(server.proc.exitCode).toBeNull();

    // Answered (the database still open), and the keep-alive connection ends with the answer.
    inFlight.finish();
    const answer = await inFlight.received();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);

    expect(await exit).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
    expect(existsSync(lockFile)).toBe(false);
    // Each step is logged, in order.
    const steps = [
      'SIGTERM: shutting down',
      'chat socket(s) with 1001',
      'HTTP server closed',
      'database closed',
      'pg.lock released',
      'shutdown: done',
    ];
    const at = steps.map((s) => server.out.indexOf(s));
    expect(
      at.every((i) => i >= 0),
      server.out,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  }, 300_000);

  it('exits at once (143) on a second SIGTERM, a request still in flight, and releases pg.lock', async () => {
    // A grace period far longer than the test waits: only the second signal ends the process.
    const server = await start(120);
    const lockFile = lockFileOf(join(server.dataDir, 'pg'));
    const inFlight = await slowSignIn(server.port);
    await sleep(300);
    const exit = exited(server);
    server.proc.kill('SIGTERM');
    for (let i = 0; i < 100 && !server.out.includes('SIGTERM: shutting down'); i++) await sleep(50);
    expect(server.out).toContain('SIGTERM: shutting down');
    await sleep(REPEATED_SIGNAL_MS); // sooner, it would be the same signal delivered twice
    const again = performance.now();
    server.proc.kill('SIGTERM');
    expect(await exit).toBe(143);
    expect(performance.now() - again).toBeLessThan(20_000);
    expect(existsSync(lockFile)).toBe(false);
    // The request never got its answer: the connection was cut.
    expect(await inFlight.received()).toBe('');
  }, 300_000);
});

/** An app (no server/app.ts: the shutdown alone) whose `/stuck` never answers; `request()` calls it and resolves once the server has it. */
async function stuckApp() {
  const app = Fastify();
  prepareGracefulClose(app);
  let stuck = 0;
  app.get('/stuck', async () => {
    stuck++;
    await new Promise(() => {});
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const request = async () => {
    const seen = stuck;
    const outcome = fetch(`http://127.0.0.1:${port}/stuck`).then(
      () => 'answered',
      () => 'cut',
    );
    while (stuck === seen) await sleep(10);
    return { outcome };
  };
  return { app, request };
}

describe('gracefulShutdown', () => {
  it('closes the connections still open once the grace period is over, then runs the remaining steps', async () => {
    const { app, request: call } = await stuckApp();
    const { outcome: request } = await call();
    const order: string[] = [];
    const started = performance.now();
    const code = await gracefulShutdown(
      {
        app,
        graceMs: 300,
        stopJobs: async () => void order.push('jobs'),
        closeDatabase: async () => void order.push('database'),
        lock: { file: 'x.lock', release: () => void order.push('lock') },
      },
      'SIGTERM',
    );
    expect(code).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await request).toBe('cut');
    expect(order).toEqual(['jobs', 'database', 'lock']);
  });
});

describe('exitGracefullyOnSignals', () => {
  it('takes a signal repeated within REPEATED_SIGNAL_MS as the same one, and a later one as a second: exit at once, 128 + its number', async () => {
    const { app, request } = await stuckApp();
    const { outcome } = await request();
    const exits: number[] = [];
    const steps = { app, graceMs: 60_000, stopJobs: async () => {}, closeDatabase: async () => {}, lock: null };
    const stop = exitGracefullyOnSignals(steps, (code) => void exits.push(code));
    try {
      process.emit('SIGINT', 'SIGINT');
      process.emit('SIGINT', 'SIGINT'); // the terminal's and npm's copies of one Ctrl-C
      await sleep(REPEATED_SIGNAL_MS + 100);
      expect(exits).toEqual([]);
      process.emit('SIGINT', 'SIGINT');
      expect(exits).toEqual([130]);
    } finally {
      stop();
      app.server.closeAllConnections();
    }
    expect(await outcome).toBe('cut');
  });
});

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('is 10 s unless set, and a start refuses anything but a whole number of seconds from 1 to 600', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-grace-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).shutdownGraceSeconds).toBe(10);
      expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceSeconds).toBe(30);
      for (const bad of ['0', '601', '2.5', 'soon']) {
        expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: bad })).toThrow(
          `SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 600, got "${bad}"`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('scheduleJobs', () => {
  it('stops: no pass starts any more, and the stop waits for the pass under way', async () => {
    vi.useFakeTimers();
    try {
      // A database whose job connections answer when the test says so (each job then finds its lock taken).
      let passes = 0;
      let release: () => void = () => {};
      const db = {
        connection: () => ({
          execute: async () => {
            if (passes++ === 0) await new Promise<void>((r) => (release = r));
            return null;
          },
        }),
      } as unknown as Kysely<Database>;
      const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
      const stop = scheduleJobs(db, log);
      await vi.advanceTimersByTimeAsync(JOB_INTERVAL_MS);
      expect(passes).toBe(1); // the first job of the pass is waiting
      let stopped = false;
      void stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(true);
      const after = passes;
      await vi.advanceTimersByTimeAsync(3 * JOB_INTERVAL_MS);
      expect(passes).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });
});
