import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real server processes for the tests that need more than one (tests/api/two-servers.test.ts,
 * tests/api/chat-two-servers.test.ts): `tsx server/main.ts` on a PostgreSQL database, without the
 * SPA or the demo data, on a free port and a data directory of its own (the caller removes it).
 */
export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  /** Everything the process printed so far (stdout and stderr). */
  out: string;
  dataDir: string;
}

/** A TCP port free on 127.0.0.1 when asked. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts a server on `databaseUrl` signing tokens with `jwtSecret`; resolves once it is spawned
 * (see {@link waitReady}). `name` prefixes its data directory.
 */
export async function startServerProcess(databaseUrl: string, jwtSecret: string, name: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `halaqa-${name}-`));
  const proc = spawn(join(process.cwd(), 'node_modules/.bin/tsx'), ['server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '', SEED_DEMO_DATA: 'false', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { proc, port, out: '', dataDir };
  proc.stdout!.on('data', (d) => (server.out += String(d)));
  proc.stderr!.on('data', (d) => (server.out += String(d)));
  return server;
}

/**
 * Waits until the server prints "Ready in" (up to 120 s: a crowded 2-core machine loads tsx slowly).
 * @throws when the process exits first, or is not ready in time, with what it printed.
 */
export async function waitReady(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 1200 && !/Ready in/.test(server.out); i++) {
    if (server.proc.exitCode !== null) throw new Error(`server exited: ${server.out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!/Ready in/.test(server.out)) throw new Error(`server not ready: ${server.out}`);
}
