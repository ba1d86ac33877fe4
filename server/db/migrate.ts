import { type Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_init.js';
import * as m0002 from './migrations/0002_authoring_moderation.js';
import * as m0003 from './migrations/0003_waitlist.js';
import * as m0004 from './migrations/0004_card_payments.js';
import * as m0005 from './migrations/0005_classroom.js';
import * as m0006 from './migrations/0006_capture_and_grading.js';
import * as m0007 from './migrations/0007_languages_and_company_status.js';
import * as m0008 from './migrations/0008_company_signup_captcha.js';
import * as m0009 from './migrations/0009_invitation_links.js';
import * as m0012 from './migrations/0012_account_security.js';
import * as m0013 from './migrations/0013_federated_sign_in.js';
import * as m0014 from './migrations/0014_review_edits.js';
import * as m0015 from './migrations/0015_course_moderation.js';
import * as m0016 from './migrations/0016_waitlist_confirmation_contact.js';
import * as m0017 from './migrations/0017_learning_goals.js';
import * as m0018 from './migrations/0018_session_chat.js';
import * as m0019 from './migrations/0019_catalog_indexes.js';
import * as m0020 from './migrations/0020_catalog_counts.js';
import * as m0021 from './migrations/0021_catalog_generation.js';
import * as m0022 from './migrations/0022_session_seats.js';
import * as m0023 from './migrations/0023_receipt_mailed.js';
import * as m0024 from './migrations/0024_sign_in_sessions.js';
import * as m0025 from './migrations/0025_email_verified.js';
import * as m0026 from './migrations/0026_invitation_mailed.js';
import * as m0027 from './migrations/0027_session_seats_clock.js';
import * as m0028 from './migrations/0028_lab_drafts.js';
import * as m0029 from './migrations/0029_gradebook_weights.js';
import * as m0030 from './migrations/0030_attendance_marks.js';
import * as m0031 from './migrations/0031_wallet_top_ups.js';
import * as m0032 from './migrations/0032_sign_in_count.js';
import * as m0033 from './migrations/0033_enrollment_refunds.js';
import * as m0034 from './migrations/0034_discount_codes.js';
import * as m0035 from './migrations/0035_certificates.js';
import * as m0036 from './migrations/0036_catalog_search_rows.js';
import * as m0037 from './migrations/0037_seat_check_at_commit.js';
import type { Database } from './types.js';

/** Versioned migrations, applied in name order; add new ones here (never edit an applied one). */
const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_authoring_moderation': m0002,
  '0003_waitlist': m0003,
  '0004_card_payments': m0004,
  '0005_classroom': m0005,
  '0006_capture_and_grading': m0006,
  '0007_languages_and_company_status': m0007,
  '0008_company_signup_captcha': m0008,
  '0009_invitation_links': m0009,
  '0012_account_security': m0012,
  '0013_federated_sign_in': m0013,
  '0014_review_edits': m0014,
  '0015_course_moderation': m0015,
  '0016_waitlist_confirmation_contact': m0016,
  '0017_learning_goals': m0017,
  '0018_session_chat': m0018,
  '0019_catalog_indexes': m0019,
  '0020_catalog_counts': m0020,
  '0021_catalog_generation': m0021,
  '0022_session_seats': m0022,
  '0023_receipt_mailed': m0023,
  '0024_sign_in_sessions': m0024,
  '0025_email_verified': m0025,
  '0026_invitation_mailed': m0026,
  '0027_session_seats_clock': m0027,
  '0028_lab_drafts': m0028,
  '0029_gradebook_weights': m0029,
  '0030_attendance_marks': m0030,
  '0031_wallet_top_ups': m0031,
  '0032_sign_in_count': m0032,
  '0033_enrollment_refunds': m0033,
  '0034_discount_codes': m0034,
  '0035_certificates': m0035,
  '0036_catalog_search_rows': m0036,
  '0037_seat_check_at_commit': m0037,
};

/**
 * Brings the schema up to date.
 * @param schema the PostgreSQL schema the tables live in (its own bookkeeping tables too, so that
 *   several schemas in one database — the tests' — never mistake each other's for their own)
 * @returns the names of the migrations applied by this call.
 * @throws the first migration error (that migration's transaction is rolled back).
 */
export async function migrateToLatest(db: Kysely<Database>, schema = 'public'): Promise<string[]> {
  const { error, results } = await migratorFor(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** PostgreSQL's "undefined_table": a database that was never migrated has no migration table. */
const UNDEFINED_TABLE = '42P01';

/**
 * The migrations of this build that `db` lacks, in name order (none: the schema is what this code
 * expects; all: the database was never migrated). Migrations of a newer build that this one does
 * not know are not its concern: they only add (docs/deploy.md "Starting, migrating, upgrading").
 * Read from Kysely's migration table in the connection's search path (the schema `migrateToLatest`
 * was given: `public`, or a test's schema). Used by the readiness check (GET /api/health/ready).
 * @throws when the database cannot be read (on PostgreSQL a lost or refused connection is a
 *   DatabaseUnavailableError, server/db/database.ts).
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    applied = new Set(rows.map((r) => r.name));
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === UNDEFINED_TABLE) applied = new Set();
    else throw err;
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** One migration of this release and when it was applied to the database (null: pending). */
export interface MigrationState {
  name: string;
  appliedAt: Date | null;
}

/**
 * Every migration of this release, in order, with when it was applied (Kysely's bookkeeping table,
 * `kysely_migration` in `schema`; none applied when it does not exist yet). Writes nothing.
 */
export async function migrationStatus(db: Kysely<Database>, schema = 'public'): Promise<MigrationState[]> {
  const infos = await migratorFor(db, schema).getMigrations();
  return infos.map((m) => ({ name: m.name, appliedAt: m.executedAt ?? null }));
}

function migratorFor(db: Kysely<Database>, schema: string): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
}
