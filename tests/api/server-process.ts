import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real server processes for the tests that need more than one (tests/api/two-servers.test.ts,
 * tests/api/chat-two-servers.test.ts) or a process of its own (tests/api/graceful-shutdown.test.ts):
 * `server/main.ts` without the SPA, on a free port and a data directory of its own (the caller removes it).
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
 * (see {@link waitReady}). `name` prefixes its data directory. It logs at `info`, the level of the
 * start lines ("migrations applied", "Ready in") that the tests read.
 */
export async function startServerProcess(databaseUrl: string, jwtSecret: string, name: string): Promise<ServerProcess> {
  return spawnServer(name, {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  });
}

/**
 * Starts `server/main.ts` itself (Node with tsx's loader: signals reach the server, not a wrapper)
 * on a free port of 127.0.0.1, without the SPA, with `env` over the test's environment. Its data
 * directory is `dataDir`, else a new one prefixed by `name`.
 */
export async function spawnServer(
  name: string,
  env: NodeJS.ProcessEnv,
  dataDir = mkdtempSync(join(tmpdir(), `halaqa-${name}-`)),
): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '', DATA_DIR: dataDir, ...env },
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
