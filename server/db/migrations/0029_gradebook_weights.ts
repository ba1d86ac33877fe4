import { type Kysely, sql } from 'kysely';

/**
 * Gradebook weights (docs/classroom.md "Gradebook"): the share of each graded lesson (quiz,
 * assignment, programming assignment) in a session's total, set by its educator. `weight_bp` is in
 * hundredths of a percent (0 … 10000; the weights of a session add up to 10000 when set). A session
 * without rows uses equal weights. One row per (session, lesson); removed with either.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gradebook_weights')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('weight_bp', 'integer', (c) => c.notNull().check(sql`weight_bp between 0 and 10000`))
    .addPrimaryKeyConstraint('gradebook_weights_pk', ['session_id', 'lesson_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gradebook_weights').ifExists().execute();
}
