/**
 * The catalog at scale. Grows the demo data to 10,000 courses / 50,000 sessions
 * (bench/dataset.ts), starts the real server on it (PGlite, then PostgreSQL in a new database of
 * 127.0.0.1:5432) and prints, for the catalog reads: p50/p99 of sequential requests (up to 200 or
 * `--seconds` s each) and requests/s with 16 in flight (for `--seconds` s), then the server's RSS.
 * "first" is the first call of each URL, before the server keeps its listing (the page's ids and
 * total, kept per catalog generation: server/modules/courses/listings.ts); the others repeat it.
 * Goal: PostgreSQL p99 ≤ 25 ms and ≥ 400 req/s; PGlite within 3× of that.
 *
 * `npx tsx bench/catalog.ts [--db pglite|postgres|both] [--courses 10000] [--seconds 5]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSize, prepareDataset } from './dataset.js';
import { freshPostgresDatabase, machine, quantile, startServer } from './support.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const which = opt('--db', 'both');
const courses = Number(opt('--courses', '10000'));
const seconds = Number(opt('--seconds', '5'));
const IN_FLIGHT = 16;

/** GETs a URL, reads the body; @returns the status and the body's `data.total` when there is one. */
async function get(url: string): Promise<{ status: number; total?: number }> {
  const res = await fetch(url);
  const body = (await res.json()) as { data?: { total?: number } };
  return { status: res.status, total: body.data?.total };
}

/** Sequential requests: up to 200, or `seconds` s. @returns sorted latencies, ms. */
async function sequential(url: string): Promise<number[]> {
  const samples: number[] = [];
  const t0 = performance.now();
  while (samples.length < 200 && performance.now() - t0 < seconds * 1000) {
    const t = performance.now();
    const { status } = await get(url);
    if (status !== 200) throw new Error(`${url}: ${status}`);
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b);
}

/** `IN_FLIGHT` clients in a loop for `seconds` s. @returns requests per second and non-200 answers. */
async function inFlight(url: string): Promise<{ rps: number; errors: number }> {
  let done = 0;
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < end) {
        const { status } = await get(url).catch(() => ({ status: 0 }));
        if (status === 200) done++;
        else errors++;
      }
    }),
  );
  return { rps: done / ((performance.now() - t0) / 1000), errors };
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-catalog-'));
  const pgdb = kind === 'postgres' ? await freshPostgresDatabase('halaqa_bench_catalog') : null;
  try {
    const { handle, size } = await prepareDataset(
      pgdb ? { kind: 'postgres', url: pgdb.url } : { kind: 'pglite', dir: join(dataDir, 'pg') },
      { courses, uploadsDir: join(dataDir, 'uploads') },
    );
    await handle.close();
    console.log(
      `\n## ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${describeSize(size)} (grown in ${(size.ms / 1000).toFixed(1)} s)`,
    );
    const server = await startServer({ dataDir, databaseUrl: pgdb?.url });
    try {
      const base = server.base;
      const cats = (
        (await (await fetch(`${base}/courses/categories`)).json()) as {
          data: { id: number; name: string; courseCount: number }[];
        }
      ).data;
      const biggest = [...cats].sort((a, b) => b.courseCount - a.courseCount)[0]!;
      const smallest = [...cats].filter((c) => c.courseCount > 0).sort((a, b) => a.courseCount - b.courseCount)[0]!;
      const targets: [string, string][] = [
        ['courses: first page', '/courses/explore'],
        ['courses: ?query=data', '/courses/explore?query=data'],
        ['courses: ?query=البيانات (Arabic)', `/courses/explore?query=${encodeURIComponent('البيانات')}`],
        ['courses: ?query=zz (no match)', '/courses/explore?query=zzqx'],
        [`courses: category ${biggest.name}`, `/courses/explore?categoryId=${biggest.id}`],
        [
          `courses: category ${smallest.name} + ADVANCED`,
          `/courses/explore?categoryId=${smallest.id}&difficulty=ADVANCED`,
        ],
        ['courses: page 400, 12 a page', '/courses/explore?page=400&pageSize=12'],
        ['courses: query=data page 100', '/courses/explore?query=data&page=100'],
        ['sessions: first page', '/sessions/explore'],
        ['sessions: ?query=data', '/sessions/explore?query=data'],
        ['sessions: page 1000, 12 a page', '/sessions/explore?page=1000&pageSize=12'],
      ];
      const rssRest = await server.restingRssMb();
      const rows: string[] = [];
      for (const [name, path] of targets) {
        const url = base + path;
        const t0 = performance.now();
        const first = await get(url);
        const cold = performance.now() - t0;
        for (let i = 0; i < 5; i++) await get(url);
        const seq = await sequential(url);
        const par = await inFlight(url);
        rows.push(
          `${name.padEnd(44)} total ${String(first.total ?? '-').padStart(6)}  first ${cold.toFixed(1).padStart(6)} ms  p50 ${quantile(seq, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(seq, 0.99).toFixed(1).padStart(7)} ms (n=${String(seq.length).padStart(3)})  ` +
            `${par.rps.toFixed(0).padStart(5)} req/s with ${IN_FLIGHT} in flight${par.errors ? ` (${par.errors} errors)` : ''}`,
        );
        console.log(rows[rows.length - 1]);
      }
      console.log(
        `server RSS: ${rssRest.toFixed(0)} MB at rest (10 s after the start), ${server.rssMb().toFixed(0)} MB after the runs; ${machine()}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`# Catalog at ${courses.toLocaleString('en-US')} courses — ${machine()}; ${seconds} s per measurement`);
  if (which === 'pglite' || which === 'both') await benchOne('pglite');
  if (which === 'postgres' || which === 'both') await benchOne('postgres');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
