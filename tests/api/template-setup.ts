import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpDatabaseImage, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { hashPassword } from '../../server/platform/passwords.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated and seeded PGlite image test files start from ('' on PostgreSQL). */
    pgliteImage: string;
  }
}

/**
 * Vitest global setup of the node tests: migrates and seeds one in-memory PGlite database once per
 * run and writes its image (tests/api/harness.ts opens every seeded test database as a copy of it,
 * instead of migrating and seeding, with its scrypt password hashes, in each file). On PostgreSQL
 * (HALAQA_TEST_DATABASE_URL) each file still migrates and seeds its own schema.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.HALAQA_TEST_DATABASE_URL) {
    project.provide('pgliteImage', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'halaqa-image-'));
  const file = join(dir, 'seeded.tar.gz');
  const handle = await openDatabase({ kind: 'pglite', dir: null });
  await migrateToLatest(handle.db, handle.schema);
  // The tests' scrypt cost, 2^14 (TEST_SCRYPT_LOG_N of harness.ts; production hashes at 2^17).
  await seedDemoData(handle.db, { uploadsDir: null, hashPassword: (plain) => hashPassword(plain, 14) });
  writeFileSync(file, Buffer.from(await (await dumpDatabaseImage(handle.db)).arrayBuffer()));
  await handle.close();
  project.provide('pgliteImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
