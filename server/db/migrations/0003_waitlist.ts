import { type Kysely, sql } from 'kysely';

/** Course waitlists (decisions.md): e-mails mailed when a new session of the course is approved. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await sql`create unique index waitlist_course_email_key on waitlist (course_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist').ifExists().execute();
}
