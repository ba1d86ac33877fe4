import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { type SeedSummary, seedDemoData } from '../../server/db/seed/seed.js';
import type { Database } from '../../server/db/types.js';

/** The seeding day: fixed, so session dates are predictable. */
export const TODAY = '2030-03-13';
export const fakeHash = async (plain: string) => `plain$${plain}`;

let handle: DatabaseHandle;
export let db: Kysely<Database>;
export let uploadsDir: string;
export let summary: SeedSummary;
export let hashCalls = 0;

/**
 * Registers the file's hooks: before its tests, a fresh in-memory PGlite database, migrated and seeded on TODAY
 * (uploads to a temporary folder, the password hash counted in `hashCalls`); after them, both are removed.
 */
export function useSeededDemo(): void {
  beforeAll(async () => {
    // Test files share a worker's modules (isolate: false): the count is this file's seeding's.
    hashCalls = 0;
    handle = await openDatabase({ kind: 'pglite', dir: null });
    db = handle.db;
    await migrateToLatest(db);
    uploadsDir = mkdtempSync(join(tmpdir(), 'halaqa-seed-'));
    summary = await seedDemoData(db, {
      uploadsDir,
      today: TODAY,
      hashPassword: async (p) => {
        hashCalls++;
        return fakeHash(p);
      },
    });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });
}

/** Minutes since midnight of an `HH:MM` time. */
export const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Every demo account: email → [role, company acronym or null]. */
export const EXPECTED_ACCOUNTS: Record<string, [string, string | null]> = {
  'superadmin@halaqa.test': ['SUPER_ADMIN', null],
  'admin@halaqa.test': ['ADMIN', null],
  'educator@halaqa.test': ['EDUCATOR', null],
  'learner@halaqa.test': ['LEARNER', null],
  'user@halaqa.test': ['USER', null],
  'educator2@halaqa.test': ['EDUCATOR', null],
  'educator3@halaqa.test': ['EDUCATOR', null],
  'educator4@halaqa.test': ['EDUCATOR', null],
  'educator5@halaqa.test': ['EDUCATOR', null],
  'partner@ncai.halaqa.test': ['PARTNER', 'NCAI'],
  'learner@ncai.halaqa.test': ['LEARNER', 'NCAI'],
  'partner@morocco.halaqa.test': ['PARTNER', 'MOROCCO'],
  'learner@morocco.halaqa.test': ['LEARNER', 'MOROCCO'],
  'partner@qad.halaqa.test': ['PARTNER', 'QAD'],
  'learner@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner2@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner3@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner4@qad.halaqa.test': ['LEARNER', 'QAD'],
  ...Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`learner${i + 1}@halaqa.test`, ['LEARNER', null]])),
};
