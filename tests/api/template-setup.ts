import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpDatabaseImage, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { hashPassword } from '../../server/platform/passwords.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated and seeded PGlite image test files start from ('' on PostgreSQL). */
    pgliteImage: string;
    /** On PostgreSQL, the migrated and seeded database test files are created from (CREATE DATABASE … TEMPLATE); '' on PGlite. */
    pgTemplateDatabase: string;
  }
}

/**
 * Vitest global setup of the node tests: migrates and seeds one in-memory PGlite database once per
 * run and writes its image (tests/api/harness.ts opens every seeded test database as a copy of it,
 * instead of migrating and seeding, with its scrypt password hashes, in each file). On PostgreSQL
 * (HALAQA_TEST_DATABASE_URL) it migrates and seeds one template database, which each seeded test
 * file copies into a database of its own (`CREATE DATABASE … TEMPLATE`, a file copy inside the
 * server) instead of migrating and seeding a schema.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.HALAQA_TEST_DATABASE_URL;
  if (process.env.HALAQA_E2E === '1') {
    // The browser tests (scripts/e2e.mjs) run against a real server of their own: no test database.
    project.provide('pgliteImage', '');
    project.provide('pgTemplateDatabase', '');
    return async () => {};
  }
  if (url) {
    project.provide('pgliteImage', '');
    const name = `halaqa_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, `create database "${name}"`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
    try {
      await migrateToLatest(handle.db, handle.schema);
      await seedDemoData(handle.db, { uploadsDir: null, hashPassword: (plain) => hashPassword(plain, 14) });
    } finally {
      // A template database must have no connection when it is copied.
      await handle.close();
    }
    project.provide('pgTemplateDatabase', name);
    return () => adminQuery(url, `drop database if exists "${name}" with (force)`);
  }
  project.provide('pgTemplateDatabase', '');
  const dir = mkdtempSync(join(tmpdir(), 'halaqa-image-'));
  const file = join(dir, 'seeded.tar');
  const handle = await openDatabase({ kind: 'pglite', dir: null });
  await migrateToLatest(handle.db, handle.schema);
  // The tests' scrypt cost, 2^14 (TEST_SCRYPT_LOG_N of harness.ts; production hashes at 2^17).
  await seedDemoData(handle.db, { uploadsDir: null, hashPassword: (plain) => hashPassword(plain, 14) });
  writeFileSync(file, Buffer.from(await (await dumpDatabaseImage(handle.db)).arrayBuffer()));
  await handle.close();
  project.provide('pgliteImage', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server of `url` (in its own database) and disconnects. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * Drops database `name` of the server of `url` once its connections have gone. A closed pool has
 * asked its connections to end, but they may still be closing: dropping `with (force)` at once would
 * terminate them (57P01), an error the closed pool no longer listens for, which then lands in
 * whichever test file the worker runs next. Waits up to 5 s for them, then forces.
 */
export async function dropDatabaseWhenIdle(url: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await c.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await c.end();
  }
}
