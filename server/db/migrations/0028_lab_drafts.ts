import { type Kysely, sql } from 'kysely';

/**
 * Programming labs keep the learner's code (docs/classroom.md "Labs"): `code_drafts` holds one draft
 * per (session, lesson, learner), overwritten as they type and read back on any device;
 * `submissions.language` records the language a CODE submission was written in (the lab's language
 * when it was submitted: `javascript` or `python`; every earlier CODE submission was JavaScript).
 * The lab's own language lives in `lessons.programming.language` (jsonb, absent = javascript).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_drafts')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('code_drafts_pkey', ['session_id', 'lesson_id', 'user_id'])
    .execute();
  await sql`alter table submissions add column language text check (language in ('javascript', 'python'))`.execute(db);
  await sql`update submissions set language = 'javascript' where kind = 'CODE'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table submissions drop column if exists language`.execute(db);
  await db.schema.dropTable('code_drafts').ifExists().execute();
}
