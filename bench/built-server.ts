/**
 * The production server for the first-load benchmarks (bench/first-load.ts, bench/lighthouse.ts):
 * builds the SPA when dist/ is missing (`npm run build`), then starts `server/main.ts` serving it
 * (WEB_DIR=./dist) on a free loopback port with a fresh data directory (embedded PGlite, demo data),
 * as a visitor would meet it after `npm start`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, serverArgs, serverEnv } from './support.js';

export { root };

/** A running server: its origin (`http://127.0.0.1:<port>`) and how to stop it (removes its data directory). */
export interface BuiltServer {
  origin: string;
  stop(): Promise<void>;
}

/** Builds the SPA unless dist/index.html exists (or always with `rebuild`); throws if the build fails. */
export function ensureBuild(rebuild = false): void {
  if (!rebuild && existsSync(join(root, 'dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/**
 * Starts server/main.ts with the built SPA on a fresh data directory and waits (≤ 300 s: the machine may be busy) until
 * /api/health and /api/courses/explore answer, so the first measured page does not wait for the
 * demo data. Throws if the server exits or does not answer in time.
 */
export async function startBuiltServer(): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-bench-'));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      WEB_DIR: './dist',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) await new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM')));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${origin}/api/health`)).ok && (await fetch(`${origin}/api/courses/explore`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer within 300 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, stop };
}
