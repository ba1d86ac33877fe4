import { type Kysely, sql } from 'kysely';

/**
 * Waitlist confirmation and the contact inbox:
 * - `waitlist` gains `confirmed_at` (only confirmed entries are mailed; entries made before this
 *   migration were made by signed-in users with their own address, so they are confirmed), the
 *   SHA-256 of a guest's confirmation-link token with the time it was mailed, and the language of
 *   a guest's mails;
 * - `waitlist_notifications`: one row per (event, address) mailed, so each event (a session
 *   approved, a seat freed) mails each confirmed address at most once, even with several servers;
 * - `contact_messages`: what the contact form sent, read by the admins in their inbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('waitlist')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_sent_at', 'timestamptz')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await sql`update waitlist set confirmed_at = created_at`.execute(db);
  await db.schema
    .createTable('waitlist_notifications')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('waitlist_notifications_pkey', ['event', 'email'])
    .execute();
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('read_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index contact_messages_created_idx on contact_messages (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_messages').ifExists().execute();
  await db.schema.dropTable('waitlist_notifications').ifExists().execute();
  await db.schema
    .alterTable('waitlist')
    .dropColumn('language')
    .dropColumn('token_sent_at')
    .dropColumn('token_hash')
    .dropColumn('confirmed_at')
    .execute();
}
