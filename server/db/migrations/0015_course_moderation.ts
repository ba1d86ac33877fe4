import { type Kysely, sql } from 'kysely';

/**
 * Course moderation (product.md#entities course statuses PENDING → APPROVED | REJECTED →
 * PUBLISHED ⇄ UNPUBLISHED): `courses.submitted_at`, when the course was last sent for review (the
 * admins' queue shows the oldest first), backfilled from `updated_at` for courses already PENDING;
 * an index on `courses.status` for the queue's status filter. The decision's message stays in
 * `courses.moderation_message` (migration 0002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').addColumn('submitted_at', 'timestamptz').execute();
  await sql`update courses set submitted_at = updated_at where status = 'PENDING'`.execute(db);
  await db.schema.createIndex('courses_status_idx').on('courses').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('courses_status_idx').ifExists().execute();
  await db.schema.alterTable('courses').dropColumn('submitted_at').execute();
}
