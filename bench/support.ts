/**
 * What the catalog and storm benches share: a real server process on a free port, its resident
 * memory, a fresh PostgreSQL database, percentiles, and the machine's load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/types.js';

export const root = new URL('..', import.meta.url).pathname;

/** The PostgreSQL server the benches create their databases on (BENCH_POSTGRES_URL, default the local one, trust auth). */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** package.json's start script, split into its leading `NAME=value` environment assignments and its command. */
function startScript(): { env: Record<string, string>; command: string[] } {
  const start = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const words = start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  return { env, command: words };
}

/**
 * The arguments `npm start` gives node (package.json's start script: its flags, `--import tsx` and
 * `server/main.ts`), so that a bench measures the server as it is started, memory flags included.
 * Start it with {@link serverEnv} in its environment too.
 * @throws when the start script is not a `node …` command (after its environment assignments).
 */
export function serverArgs(): string[] {
  const [command, ...args] = startScript().command;
  if (command !== 'node') throw new Error(`package.json's start script is not a node command: ${command}`);
  return args;
}

/**
 * The environment assignments the start script makes before `node` (`MALLOC_MMAP_THRESHOLD_`: see
 * docs/performance.md "Memory"), to add to a bench's server's environment.
 */
export function serverEnv(): Record<string, string> {
  return startScript().env;
}

/** A server started by {@link startServer}. */
export interface RunningServer {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/api */
  base: string;
  /** Resident memory of the server process now, MB (VmRSS of /proc/<pid>/status). */
  rssMb(): number;
  /**
   * Resident memory at rest, MB: read after `quietMs` (10,000 by default) without requests, as
   * bench/startup.ts does (right after a burst, memory the next collection frees is still counted).
   */
  restingRssMb(quietMs?: number): Promise<number>;
  /** CPU time the server process has used so far (user + system), seconds (/proc/<pid>/stat, ticks of 10 ms). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` as `npm start` does ({@link serverArgs}; no SPA, logs at warn) on a PGlite DATA_DIR or a PostgreSQL
 * URL, and waits for /api/health. `env` adds variables. @throws when it does not answer in 180 s.
 */
export async function startServer(
  db: { dataDir: string; databaseUrl?: string },
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIR: '',
      CAPTCHA: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (performance.now() - t0 > 180_000) throw new Error('the server did not start in 180 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const rssMb = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  };
  return {
    child,
    base,
    rssMb,
    restingRssMb: async (quietMs = 10_000) => {
      await new Promise((r) => setTimeout(r, quietMs));
      return rssMb();
    },
    cpuSeconds: () => {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // utime and stime are fields 14 and 15 of proc(5): 11 and 12 after the command name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: () =>
      new Promise<void>((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Creates an empty database on {@link POSTGRES_URL} and returns its URL and a function that drops it
 * (the server uses the `public` schema of the database it is given, so each run gets its own database).
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(POSTGRES_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Percentile `p` (0–1) of sorted samples, nearest rank. */
export const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

/** The machine: cores and load averages (the benches run on a shared machine: figures are noisy). */
export const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/**
 * Adds a session for a checkout storm to a seeded database: a copy of the first open paid session
 * of a public course (its course, educator, time zone, schedule and price), with `seats` seats,
 * nobody enrolled, starting in 30 days. Used by bench/storm.ts and bench/failover.ts.
 * @returns the new session's id.
 * @throws when the database holds no such session (not seeded).
 */
export async function addStormSession(db: Kysely<Database>, seats: number): Promise<number> {
  const template = await db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.course_id', 's.educator_id', 's.timezone', 's.schedule', 's.price_cents'])
    .where('c.status', '=', 'PUBLISHED')
    .where('c.is_private', '=', false)
    .where('s.status', '=', 'APPROVED')
    .where('s.price_cents', '>', 0)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  const session = await db
    .insertInto('sessions')
    .values({
      course_id: template.course_id,
      educator_id: template.educator_id,
      timezone: template.timezone,
      schedule: JSON.stringify(template.schedule) as never,
      price_cents: template.price_cents,
      max_seats: seats,
      status: 'APPROVED',
      start_date: sql<string>`current_date + 30` as never,
      end_date: sql<string>`current_date + 86` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return session.id;
}
