import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the catalog at 10,000 courses and the enrollment storm,
 * each one used by a query (checked with EXPLAIN on PGlite and PostgreSQL):
 * - `pg_trgm` trigram GIN indexes on course titles and descriptions, so that the catalog's
 *   "contains" search (`ILIKE '%text%'`, English or Arabic) reads the matching rows only. The
 *   extension lives in `public` (PGlite loads it, see server/db/database.ts), created under an
 *   advisory lock so that concurrent migrations of several schemas of one database (the API tests
 *   on PostgreSQL) do not race to create it;
 * - the catalog's order (published courses by title) and filters (category, skills);
 * - the foreign keys the reads and the checkout follow: sessions by course (with start date, the
 *   order of a course's open sessions) and by start (the sessions explore), enrollments by session
 *   and status (seats taken, counted under the session's lock) and by learner, payment intents by
 *   learner and session and by gateway reference, ledger entries by transaction and session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(7302114019)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index courses_title_trgm_idx on courses using gin (title public.gin_trgm_ops)`.execute(db);
  await sql`create index courses_description_trgm_idx on courses using gin (description public.gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.createIndex('courses_catalog_idx').on('courses').columns(['status', 'title', 'id']).execute();
  await db.schema.createIndex('courses_category_idx').on('courses').columns(['category_id', 'status']).execute();
  await db.schema.createIndex('courses_educator_idx').on('courses').column('educator_id').execute();
  await db.schema.createIndex('courses_company_idx').on('courses').column('company_id').execute();
  await db.schema
    .createIndex('course_skills_skill_idx')
    .on('course_skills')
    .columns(['skill_id', 'course_id'])
    .execute();
  await db.schema
    .createIndex('sessions_course_idx')
    .on('sessions')
    .columns(['course_id', 'start_date', 'id'])
    .execute();
  await db.schema.createIndex('sessions_start_idx').on('sessions').columns(['start_date', 'id']).execute();
  await db.schema.createIndex('sessions_educator_idx').on('sessions').column('educator_id').execute();
  await db.schema
    .createIndex('enrollments_session_status_idx')
    .on('enrollments')
    .columns(['session_id', 'status'])
    .execute();
  await db.schema.createIndex('enrollments_user_idx').on('enrollments').column('user_id').execute();
  await db.schema
    .createIndex('payment_intents_user_session_idx')
    .on('payment_intents')
    .columns(['user_id', 'session_id'])
    .execute();
  await db.schema.createIndex('payment_intents_gateway_ref_idx').on('payment_intents').column('gateway_ref').execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();
  await db.schema.createIndex('ledger_entries_session_idx').on('ledger_entries').column('session_id').execute();
  await db.schema.createIndex('sections_course_idx').on('sections').columns(['course_id', 'week']).execute();
  await db.schema.createIndex('lessons_section_idx').on('lessons').column('section_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'lessons_section_idx',
    'sections_course_idx',
    'ledger_entries_session_idx',
    'ledger_entries_transaction_idx',
    'payment_intents_gateway_ref_idx',
    'payment_intents_user_session_idx',
    'enrollments_user_idx',
    'enrollments_session_status_idx',
    'sessions_educator_idx',
    'sessions_start_idx',
    'sessions_course_idx',
    'course_skills_skill_idx',
    'courses_company_idx',
    'courses_educator_idx',
    'courses_category_idx',
    'courses_catalog_idx',
    'courses_description_trgm_idx',
    'courses_title_trgm_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
