import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { runExclusive, runJobs } from '../../server/jobs/index.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Issue "Nothing lost, nobody in", "More than one server": periodic work runs once across
 * instances (a PostgreSQL advisory lock per job and schema: `runExclusive`), and two servers
 * starting at once on one database migrate it once (Kysely's migration lock). On PGlite — one
 * process owns the database — the lock is never contended: concurrent passes run one after the other.
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic jobs across instances', () => {
  it(
    PG_URL
      ? 'runs a job once when two instances start it at the same time (PostgreSQL)'
      : 'runs concurrent passes of a job one after the other (PGlite)',
    async () => {
      let runs = 0;
      const job = async () => {
        runs++;
        await sleep(400);
        return 'done';
      };
      const [a, b] = await Promise.all([runExclusive(t.db, 'test-job', job), runExclusive(t.db, 'test-job', job)]);
      if (PG_URL) {
        expect([a, b].sort()).toEqual(['done', null]);
        expect(runs).toBe(1);
      } else {
        expect([a, b]).toEqual(['done', 'done']);
        expect(runs).toBe(2);
      }
      // The lock is released: the next pass runs.
      expect(await runExclusive(t.db, 'test-job', job)).toBe('done');
    },
  );

  it.runIf(PG_URL)('two instances (two connection pools) run each periodic job once per pass', async () => {
    const other = await openDatabase({
      kind: 'postgres',
      url: PG_URL!,
      schema: (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s,
    });
    try {
      // Hold the quiz job's lock on "the other instance" while this one passes: it skips that job only.
      const held = runExclusive(other.db, 'grade-quiz-attempts', async () => {
        await sleep(800);
        return 7;
      });
      await sleep(100);
      const report = await runJobs(t.db);
      expect(report.gradedQuizAttempts).toBeNull();
      expect(report.expiredIntents).toBe(0);
      expect(await held).toBe(7);
      expect((await runJobs(t.db)).gradedQuizAttempts).toBe(0);
    } finally {
      await other.close();
    }
  });

  it.runIf(PG_URL)('two servers starting at once on an empty database migrate it once', async () => {
    const schema = `t_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    // Opened one after the other: the test-only `create schema if not exists` of openDatabase races
    // with itself in PostgreSQL; servers use an existing schema (public).
    const x = await openDatabase({ kind: 'postgres', url: PG_URL!, schema });
    const y = await openDatabase({ kind: 'postgres', url: PG_URL!, schema });
    try {
      const [ax, ay] = await Promise.all([migrateToLatest(x.db, schema), migrateToLatest(y.db, schema)]);
      const applied = [ax, ay].sort((p, q) => q.length - p.length);
      expect(applied[0]!.length).toBeGreaterThanOrEqual(6);
      expect(applied[1]).toEqual([]);
    } finally {
      await x.close();
      await y.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    }
  });
});
