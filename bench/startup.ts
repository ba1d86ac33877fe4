/**
 * Start-up bench: prints figures, asserts nothing.
 *
 * What `npm install && npm start` does on a fresh clone, step by step:
 * 1. the install step (`npm run prepare`'s `scripts/prepare.ts`: the SPA build, skipped when dist/
 *    is fresh, and the migrated database template), timed;
 * 2. `npm start` on a fresh DATA_DIR with tsx's transform cache empty (TMPDIR pointed at a new
 *    directory), as on a machine that never ran the project: ms to the first answer of `/`
 *    (the SPA's page) and of /api/health, then of /api/courses/explore;
 * 3. the same on another fresh DATA_DIR with the cache warm, and a second start on that directory;
 * 4. the server's resident memory (VmRSS of the node process running server/main.ts) at rest:
 *    10 s after the start, then after 200 catalog reads and 10 s more;
 * 5. on PostgreSQL (HALAQA_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test when
 *    reachable): a start on a new empty database (created and dropped here).
 * Goal: first answer within 5 s, RSS at rest ≤ 300 MB on PGlite.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, root } from './support.js';

const PG_URL = process.env.HALAQA_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of `pid`'s descendants (from /proc). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}

/**
 * VmRSS in MB of the server: the node process (below `rootPid`) that runs server/main.ts under
 * tsx's loader. Its ancestors also name server/main.ts on their command lines (npm's `sh -c`), so
 * the node process given `--import tsx` is taken.
 */
function serverRssMb(rootPid: number): number | null {
  for (const pid of descendants(rootPid)) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (
        !/(^|\/)node$/.test(argv[0] ?? '') ||
        !argv.includes('server/main.ts') ||
        !argv.some((a) => a === '--import' || a.includes('loader'))
      )
        continue;
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) return Number(kb) / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

interface Started {
  child: ChildProcess;
  pageMs: number | null;
  healthMs: number;
  exploreMs: number;
  log: string;
}

/** `npm start` with the given environment; ms until `/`, /api/health and the catalog first answer. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (b) => (log += b));
  child.stderr?.on('data', (b) => (log += b));
  const base = `http://127.0.0.1:${port}`;
  let healthMs = 0;
  let pageMs: number | null = null;
  const wantPage = existsSync(join(root, 'dist', 'index.html')) && env.WEB_DIR !== '';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    // The first request a visitor makes is `/`; the API's health check tells the server is up.
    try {
      const res = await fetch(`${base}${wantPage ? '/' : '/api/health'}`);
      if (res.ok) {
        wantPage ? (pageMs = performance.now() - t0) : (healthMs = performance.now() - t0);
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 180_000) throw new Error(`no answer in 180 s:\n${log}`);
    await sleep(25);
  }
  if (wantPage) {
    await fetch(`${base}/api/health`);
    healthMs = performance.now() - t0;
  }
  await (await fetch(`${base}/api/courses/explore`)).arrayBuffer();
  return { child, pageMs, healthMs, exploreMs: performance.now() - t0, log };
}

/**
 * Stops the process group of `npm start` (npm, tsx and the server) and waits until every one of
 * them is gone: npm exits at once, the server only after its graceful shutdown has released the
 * data directory, which the next start may reuse.
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const pids = [child.pid, ...descendants(child.pid)];
  const alive = () =>
    pids.filter((p) => existsSync(`/proc/${p}`) && !readFileSync(`/proc/${p}/stat`, 'utf8').includes(') Z '));
  process.kill(-child.pid, 'SIGTERM');
  const deadline = performance.now() + 10_000;
  while (alive().length > 0 && performance.now() < deadline) await sleep(50);
  for (const p of alive()) process.kill(p, 'SIGKILL');
}

const fmt = (s: Started) =>
  `${s.pageMs === null ? '' : `first answer (GET /) ${s.pageMs.toFixed(0)} ms, `}/api/health ${s.healthMs.toFixed(0)} ms, first catalog answer ${s.exploreMs.toFixed(0)} ms`;

async function restingRss(s: Started, port?: number): Promise<string> {
  await sleep(10_000);
  const rest = serverRssMb(s.child.pid!);
  const url = /running at (\S+)/.exec(s.log)?.[1];
  if (url || port) {
    for (let i = 0; i < 200; i++)
      await (await fetch(`${url ?? `http://127.0.0.1:${port}`}/api/courses/explore?page=${(i % 3) + 1}`)).arrayBuffer();
  }
  await sleep(10_000);
  const after = serverRssMb(s.child.pid!);
  return `RSS at rest ${rest?.toFixed(0) ?? '?'} MB; after 200 catalog reads and 10 s ${after?.toFixed(0) ?? '?'} MB (goal at rest ≤ 300 MB on PGlite)`;
}

async function main(): Promise<void> {
  console.log(`# Start-up and memory (${cpus().length} cores, Node ${process.version})`);

  const t = performance.now();
  const prep = spawnSync('npx', ['tsx', 'scripts/prepare.ts'], { cwd: root, encoding: 'utf8' });
  console.log(
    `install step (scripts/prepare.ts, run by npm install): ${((performance.now() - t) / 1000).toFixed(1)} s, exit ${prep.status}`,
  );
  for (const line of `${prep.stdout}${prep.stderr}`.trim().split('\n')) if (line) console.log(`  ${line}`);

  const dirs: string[] = [];
  const fresh = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  try {
    // tsx keeps its transform cache in $TMPDIR/tsx-<uid>: an empty TMPDIR is a machine that never ran it.
    const cold = await npmStart({ DATA_DIR: fresh('halaqa-start-'), TMPDIR: fresh('halaqa-tmp-') });
    console.log(`npm start, fresh data directory, cold tsx cache: ${fmt(cold)}`);
    await stop(cold.child);

    const dataDir = fresh('halaqa-start-');
    const warm = await npmStart({ DATA_DIR: dataDir });
    console.log(`npm start, fresh data directory, warm tsx cache: ${fmt(warm)}`);
    console.log(`  ${await restingRss(warm)}`);
    await stop(warm.child);

    const second = await npmStart({ DATA_DIR: dataDir });
    console.log(`npm start, second start on that data directory: ${fmt(second)}`);
    await stop(second.child);

    const noTemplate = await npmStart({ DATA_DIR: fresh('halaqa-start-'), HALAQA_DB_TEMPLATE: 'off' });
    console.log(
      `npm start, fresh data directory without the database template (as before the template existed): ${fmt(noTemplate)}`,
    );
    await stop(noTemplate.child);
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }

  // PostgreSQL: a new empty database, migrated and seeded by the start.
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${new URL(PG_URL).host} not reachable: skipped`);
    return;
  }
  const name = `halaqa_bench_start_${process.pid}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-start-'));
    try {
      const s = await npmStart({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO_DATA: 'true' });
      console.log(`npm start on PostgreSQL, new empty database: ${fmt(s)}`);
      console.log(`  ${await restingRss(s)}`);
      await stop(s.child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
