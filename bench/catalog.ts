/**
 * The catalog at scale, under the long tail of URLs real visitors send. For each database
 * (PGlite, then PostgreSQL in a new database of 127.0.0.1:5432) the data is grown step by step
 * (bench/dataset.ts: `--sizes`, default 1,000 → 10,000 → 100,000 courses, five sessions each) and,
 * at each size, the real server is started on it and sent `--requests` URLs with 16 in flight,
 * every one new to that server (so no listing is answered from the server's per-generation memory,
 * server/modules/courses/listings.ts): GET /courses/explore and GET /sessions/explore with English
 * and Arabic words of the catalog, their beginnings, one-letter typos and words found nowhere,
 * every sort, filters by category, difficulty, language, price (free included) and start dates,
 * and pages from the first to deep ones. The mix comes from a seeded generator: the seed is
 * printed (`--seed` repeats a run). Prints p50/p99/max latency (ms, at 16 in flight) and
 * requests/s per size, and the load average (the machine may be shared: figures are then noisy).
 * Goal: PostgreSQL p99 ≤ 25 ms and ≥ 400 req/s at 100,000 courses; PGlite within 3× of that.
 *
 * `npx tsx bench/catalog.ts [--db pglite|postgres|both] [--sizes 1000,10000,100000] [--requests 2000] [--seed n]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseTarget } from '../server/db/database.js';
import { describeSize, growDataset, prepareDataset, thousands } from './dataset.js';
import { freshPostgresDatabase, machine, quantile, startServer } from './support.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const which = opt('--db', 'both');
const sizes = opt('--sizes', '1000,10000,100000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const requests = Number(opt('--requests', '2000'));
const seed = Number(opt('--seed', String(Math.floor(Math.random() * 2 ** 31))));
const IN_FLIGHT = 16;
const SORTS = ['relevance', 'soonest', 'newest', 'price_asc', 'price_desc', 'rating'];

/** mulberry32: a small seeded generator of floats in [0, 1). */
function generator(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the URLs are made of, read from the database once it is grown. */
interface Vocabulary {
  words: string[];
  categories: number[];
  languages: number[];
  courses: number;
  sessions: number;
}

async function vocabularyOf(target: DatabaseTarget): Promise<Vocabulary> {
  const handle = await openDatabase(target);
  try {
    const db = handle.db;
    const texts = await sql<{ t: string }>`
      select t from (select distinct title as t from courses where id <= 2000
        union select name from skills union select name from categories union select name_ar from categories) x`.execute(
      db,
    );
    const words = new Set<string>();
    for (const { t } of texts.rows)
      for (const w of t.split(/[\s,.:;()&/+#-]+/)) if ([...w].length >= 3 && !/^\d+$/.test(w)) words.add(w);
    const categories = (await db.selectFrom('categories').select('id').execute()).map((r) => r.id);
    const languages = (await db.selectFrom('languages').select('id').execute()).map((r) => r.id);
    const counts = await sql<{ c: number; s: number }>`
      select (select count(*) from courses where status = 'PUBLISHED' and not is_private) as c,
             (select count(*) from sessions where status in ('APPROVED', 'ACTIVE') and deleted_at is null and end_date >= current_date) as s`.execute(
      db,
    );
    return {
      words: [...words],
      categories,
      languages,
      courses: Number(counts.rows[0]!.c),
      sessions: Number(counts.rows[0]!.s),
    };
  } finally {
    await handle.close();
  }
}

/**
 * `n` URLs of the long-tail mix, all different (as the server keys its listings: a parameter set),
 * from the seeded generator `rnd`. Words: whole (40 %), their beginnings (25 %), with one letter
 * changed or dropped (20 %), found nowhere (15 %).
 */
function longTail(v: Vocabulary, rnd: () => number, n: number, seen: Set<string>): string[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const letters = 'abcdefghijklmnopqrstuvwxyzابتثجحخدذرزسشصضطظعغفقكلمنهوي';
  const term = () => {
    const w = [...pick(v.words)];
    const r = rnd();
    if (r < 0.4) return w.join('');
    if (r < 0.65) return w.slice(0, Math.max(2, Math.floor(w.length * (0.4 + rnd() * 0.5)))).join('');
    if (r < 0.85 && w.length >= 5) {
      const i = 1 + Math.floor(rnd() * (w.length - 2));
      if (rnd() < 0.5) w.splice(i, 1);
      else w[i] = pick([...letters]);
      return w.join('');
    }
    return Array.from({ length: 5 + Math.floor(rnd() * 4) }, () => pick([...letters])).join('');
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const urls: string[] = [];
  while (urls.length < n) {
    const sessions = rnd() < 0.35;
    const p = new URLSearchParams();
    const hasQuery = rnd() < 0.6;
    if (hasQuery) p.set('query', term());
    if (rnd() < 0.7) p.set('sort', pick(SORTS));
    if (rnd() < 0.2) p.set('categoryId', String(pick(v.categories)));
    if (!sessions && rnd() < 0.15) p.set('difficulty', pick(['BEGINNER', 'INTERMEDIATE', 'ADVANCED']));
    if (rnd() < 0.15) p.set('languageId', String(pick(v.languages)));
    const price = rnd();
    if (price < 0.05) p.set('maxPrice', '0');
    else if (price < 0.2) {
      const lo = Math.floor(rnd() * 200);
      p.set('minPrice', String(lo));
      p.set('maxPrice', String(lo + 10 + Math.floor(rnd() * 150)));
    }
    if (rnd() < 0.15) {
      const from = Math.floor(rnd() * 60) - 10;
      p.set('startFrom', day(from));
      if (rnd() < 0.7) p.set('startTo', day(from + 7 + Math.floor(rnd() * 60)));
    }
    const pageSize = pick([12, 12, 12, 24]);
    const r = rnd();
    const all = Math.ceil((sessions ? v.sessions : v.courses) / pageSize);
    const page = hasQuery || r < 0.75 ? 1 + Math.floor(rnd() * (r < 0.9 ? 3 : 40)) : 1 + Math.floor(rnd() * all);
    p.set('page', String(page));
    p.set('pageSize', String(pageSize));
    const url = `/${sessions ? 'sessions' : 'courses'}/explore?${p}`;
    if (seen.has(url)) continue;
    seen.add(url);
    urls.push(url);
  }
  return urls;
}

/** The kind of a URL of the mix, for the breakdown: which call, with a search or not, a deep page or not. */
function kindOf(url: string): string {
  const u = new URL(url, 'http://x');
  const page = Number(u.searchParams.get('page') ?? 1);
  return `${u.pathname.split('/')[1]}${u.searchParams.has('query') ? ' search' : ''}${page > 3 ? ' deep' : ''}`;
}

/** Sends `urls` with IN_FLIGHT in flight. @returns sorted latencies (ms), per kind too ({@link kindOf}), requests/s, non-200 answers. */
async function send(
  base: string,
  urls: string[],
): Promise<{ ms: number[]; byKind: Map<string, number[]>; rps: number; errors: string[] }> {
  const ms: number[] = [];
  const byKind = new Map<string, number[]>();
  const errors: string[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const t = performance.now();
        const res = await fetch(base + url).catch(() => null);
        await res?.arrayBuffer();
        ms.push(performance.now() - t);
        const kind = kindOf(url);
        byKind.set(kind, [...(byKind.get(kind) ?? []), performance.now() - t]);
        if (res?.status !== 200) errors.push(`${res?.status ?? 'no answer'} ${url}`);
      }
    }),
  );
  for (const list of byKind.values()) list.sort((a, b) => a - b);
  return { ms: ms.sort((a, b) => a - b), byKind, rps: urls.length / ((performance.now() - t0) / 1000), errors };
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-catalog-'));
  const pgdb = kind === 'postgres' ? await freshPostgresDatabase('halaqa_bench_catalog') : null;
  const target: DatabaseTarget = pgdb
    ? { kind: 'postgres', url: pgdb.url }
    : { kind: 'pglite', dir: join(dataDir, 'pg') };
  const seen = new Set<string>();
  const rnd = generator(seed + (kind === 'pglite' ? 0 : 1));
  console.log(`\n## ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  try {
    for (const [i, courses] of sizes.entries()) {
      let size;
      if (i === 0) {
        const prepared = await prepareDataset(target, { courses, uploadsDir: join(dataDir, 'uploads') });
        await prepared.handle.close();
        size = prepared.size;
      } else {
        const handle = await openDatabase(target);
        size = await growDataset(handle.db, { courses });
        await handle.close();
      }
      const vocabulary = await vocabularyOf(target);
      const server = await startServer({ dataDir, databaseUrl: pgdb?.url }, { RATE_LIMIT_FACTOR: '1000' });
      try {
        await send(server.base, longTail(vocabulary, rnd, 50, seen)); // the first answers (JIT, connections)
        const run = await send(server.base, longTail(vocabulary, rnd, requests, seen));
        console.log(
          `${thousands(courses).padStart(7)} courses (${describeSize(size)}, grown in ${(size.ms / 1000).toFixed(1)} s): ` +
            `${requests} new URLs, ${IN_FLIGHT} in flight: p50 ${quantile(run.ms, 0.5).toFixed(1)} ms, ` +
            `p99 ${quantile(run.ms, 0.99).toFixed(1)} ms, max ${run.ms[run.ms.length - 1]!.toFixed(1)} ms, ` +
            `${run.rps.toFixed(0)} req/s${run.errors.length ? `, ${run.errors.length} errors (first: ${run.errors[0]})` : ''}; ` +
            `RSS ${server.rssMb().toFixed(0)} MB; ${machine()}`,
        );
        console.log(
          `    by kind: ${[...run.byKind]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(
              ([k, l]) =>
                `${k} n=${l.length} p50 ${quantile(l, 0.5).toFixed(0)} p99 ${quantile(l, 0.99).toFixed(0)} ms`,
            )
            .join('; ')}`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `# Catalog, long-tail mix — seed ${seed} (repeat with --seed ${seed}); sizes ${sizes.map(thousands).join(' → ')} courses; ${machine()}`,
  );
  if (which === 'postgres' || which === 'both') await benchOne('postgres');
  if (which === 'pglite' || which === 'both') await benchOne('pglite');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
