#!/usr/bin/env node
// Browser tests: builds the production SPA, starts the real server on a fresh data directory
// (embedded PGlite, demo data) on a free port, runs tests/e2e with Vitest against it in Debian's
// Chromium (playwright-core), then stops the server. Usage: npm run test:e2e [-- vitest args]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spaIsFresh } from './spa-fresh.mjs';

const root = new URL('..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// dist/ built from the current sources (e.g. by npm ci's install step, scripts/prepare.ts) is used as is.
if (!process.env.E2E_SKIP_BUILD && !spaIsFresh(root)) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  // RATE_LIMIT_FACTOR: every journey signs in from 127.0.0.1 within a few minutes; the real limits are tested in tests/api/sign-in-protection.test.ts.
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_FACTOR: '10' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
server.on('exit', () => (serverExited = true));

const stop = () => {
  if (!serverExited) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (serverExited) throw new Error('the server exited before answering');
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not answer within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', '--testTimeout=120000', '--hookTimeout=60000', '--no-file-parallelism', ...(process.argv.length > 2 ? process.argv.slice(2) : ['tests/e2e'])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, HALAQA_E2E: '1', E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
  });
  stop();
  process.exit(run.status ?? 1);
} catch (err) {
  console.error('e2e:', err.message);
  stop();
  process.exit(1);
}
