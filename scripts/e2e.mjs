#!/usr/bin/env node
// Browser tests: builds the production SPA, starts the real server on a fresh data directory
// (embedded PGlite, demo data) on a free port, runs tests/e2e with Vitest against it in Debian's
// Chromium (playwright-core), then stops the server. Usage: npm run test:e2e [-- test files] [-- vitest options]
//
// Shards (`.ci/run` within 15 minutes): a journey spends most of its time waiting
// for the browser and the server, not computing (a whole run used 100 s of CPU in 300 s), so the
// files are split into E2E_SHARDS groups (default 3, about one core busy on a 2-core machine),
// each run by its own Vitest against its own server and data directory, at the same time. Journeys never share a database, as before.
// Journeys that assert a latency (SOLO below) run afterwards, alone on the machine.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spaIsFresh } from './spa-fresh.mjs';

const root = new URL('..', import.meta.url).pathname;
/** Journeys with a timed assertion (chat delivery within a second), run with nothing beside them. */
const SOLO = ['tests/e2e/chat-journey.test.ts'];
const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 3) || 1);

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

/**
 * Starts `server/main.ts` on a free port and a fresh data directory and waits for /api/health.
 * @returns {Promise<{ baseUrl: string, dataDir: string, stop: () => void }>}
 * @throws when the server exits or does not answer within 90 s
 */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // RATE_LIMIT_FACTOR: every journey signs in from 127.0.0.1 within a few minutes; the real limits are tested in tests/api/sign-in-protection.test.ts.
    // SCRYPT_LOG_N: the journeys sign in about 60 times, and one scrypt at the production cost
    // (2^17) took 1 s of CPU here, on a machine the two shards already keep busy; 2^14 (0.13 s) is
    // the API tests' cost too. The cost upgrade at sign-in is tested in tests/api/sign-in-protection.test.ts.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_FACTOR: '10',
      SCRYPT_LOG_N: '14',
      // Meeting rooms on this server (a page the SPA answers), so a journey's "Join meeting" tab
      // stays offline and the test can read the room it was sent to.
      MEETING_BASE_URL: `${baseUrl}/meeting-rooms`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => (exited = true));
  const stop = () => {
    if (!exited) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) {
      stop();
      throw new Error('the server exited before answering');
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, dataDir, stop };
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not answer within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs Vitest on `files` against `server`; prints its whole output when it ends (shards run at the
 * same time, so their lines are not interleaved). Resolves to true when every test passed.
 */
function runVitest(files, server, label) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'node',
        '--testTimeout=120000',
        '--hookTimeout=60000',
        '--no-file-parallelism',
        ...flags,
        ...files,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HALAQA_E2E: '1', E2E_BASE_URL: server.baseUrl, E2E_DATA_DIR: server.dataDir },
      },
    );
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('close', (code) => {
      process.stdout.write(`\n=== e2e ${label}: ${files.map((f) => f.replace('tests/e2e/', '')).join(', ')}\n${out}`);
      resolve(code === 0);
    });
  });
}

/**
 * Seconds each journey took in CI's run of two shards on this 2-core machine (2026-11-28; the
 * three newest measured alone under load): the groups are balanced by these, the longest first.
 * A journey not listed counts 1 s per 500 bytes of its file.
 */
const SECONDS = {
  'classroom-journey-runs': 144,
  'educator-journey': 80,
  'discount-code': 50,
  payments: 50,
  'attendance-taking': 42,
  'company-signup': 38,
  'review-journey': 37,
  'attendance-analytics': 35,
  'brand-journey': 32,
  'learner-journey': 31,
  'certificates-journey': 30,
  'rich-text-lesson': 28,
  'invitation-journey': 26,
  'refund-journey': 25,
  'federated-sign-in': 25,
  'gradebook-journey': 23,
  'account-recovery': 21,
  'waitlist-journey': 21,
  'wallet-top-up': 18,
  'payout-journey': 10,
  'classroom-journey-refusals': 5,
};

/** A journey's expected duration: its entry of SECONDS, or 1 s per 500 bytes of its file. */
function weight(file) {
  const name = file.replace(/^.*\//, '').replace(/\.test\.ts$/, '');
  return SECONDS[name] ?? statSync(join(root, file)).size / 500;
}

/** Splits files into `n` groups of about equal expected duration (longest first, each to the lightest group). */
function split(files, n) {
  const groups = Array.from({ length: n }, () => ({ files: [], weight: 0 }));
  const sized = files.map((f) => ({ f, w: weight(f) })).sort((a, b) => b.w - a.w);
  for (const { f, w } of sized) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(f);
    lightest.weight += w;
  }
  return groups.map((g) => g.files).filter((g) => g.length > 0);
}

// dist/ built from the current sources (e.g. by npm ci's install step, scripts/prepare.ts) is used as is.
if (!process.env.E2E_SKIP_BUILD && !spaIsFresh(root)) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Arguments: test files (all of tests/e2e when none), and Vitest options (starting with '-').
const flags = process.argv.slice(2).filter((a) => a.startsWith('-'));
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = (
  asked.length > 0
    ? asked
    : readdirSync(join(root, 'tests/e2e'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `tests/e2e/${f}`)
).sort();
const solo = files.filter((f) => SOLO.includes(f));
const groups = split(
  files.filter((f) => !SOLO.includes(f)),
  shardCount,
);

const servers = [];
let ok = true;
try {
  // Started side by side: each start is mostly waiting for its database and demo data.
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(groups.length, solo.length > 0 ? 1 : 0) }, () => startServer()),
  );
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const results = await Promise.all(groups.map((g, i) => runVitest(g, servers[i], `shard ${i + 1}/${groups.length}`)));
  ok = results.every(Boolean);
  if (solo.length > 0) ok = (await runVitest(solo, servers[0], 'alone (timed)')) && ok;
} catch (err) {
  console.error('e2e:', err.message);
  ok = false;
} finally {
  for (const s of servers) s.stop();
}
process.exit(ok ? 0 : 1);
