import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import {
  prepareDatabaseTemplate,
  restoreDatabaseTemplate,
  templateDirIn,
  templateKey,
} from '../../server/db/template.js';

// The migrated PGlite template a fresh DATA_DIR starts from (server/db/template.ts).
const work = mkdtempSync(join(tmpdir(), 'halaqa-template-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('database template', () => {
  it('is keyed by the migrations: a stable 16-hex-digit key naming the template directory', () => {
    expect(templateKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(templateKey()).toBe(templateKey());
    expect(templateDirIn('/cache')).toBe(`/cache/pglite-${templateKey()}`);
  });

  it('copied into a fresh directory is a database with every migration applied', async () => {
    const cache = join(work, 'cache');
    const first = await prepareDatabaseTemplate(cache);
    expect(first.made).toBe(true);
    // Made once: a second call finds it, and no temporary directory is left behind.
    expect(await prepareDatabaseTemplate(cache)).toEqual({ dir: first.dir, made: false });
    expect(readdirSync(cache)).toEqual([`pglite-${templateKey()}`]);

    const pgDir = join(work, 'data', 'pg');
    expect(await restoreDatabaseTemplate(pgDir, cache)).toBe(true);
    const handle = await openDatabase({ kind: 'pglite', dir: pgDir });
    try {
      expect(await migrateToLatest(handle.db, handle.schema)).toEqual([]);
      const users = await sql<{ n: number }>`select count(*)::int as n from users`.execute(handle.db);
      expect(users.rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
    // A database already there is never overwritten.
    expect(await restoreDatabaseTemplate(pgDir, cache)).toBe(false);
  }, 120_000); // initdb of a real PGlite data directory: seconds, minutes on a crowded 2-core machine

  it('is not restored over files, nor when no template of the current key exists', async () => {
    const cache = join(work, 'empty-cache');
    mkdirSync(cache, { recursive: true });
    expect(await restoreDatabaseTemplate(join(work, 'data2', 'pg'), cache)).toBe(false);
    expect(readdirSync(work)).not.toContain('data2');

    const fakeCache = join(work, 'fake-cache');
    mkdirSync(templateDirIn(fakeCache), { recursive: true });
    writeFileSync(join(templateDirIn(fakeCache), 'PG_VERSION'), '18\n');
    const busy = join(work, 'busy', 'pg');
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    expect(await restoreDatabaseTemplate(busy, fakeCache)).toBe(false);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });
});
