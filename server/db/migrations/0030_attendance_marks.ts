import { type Kysely, sql } from 'kysely';

/**
 * Attendance the educator takes (docs/classroom.md "Taking attendance"): `attendance_marks` holds the
 * educator's current mark of a learner at one meeting occurrence (status, note, how many times it was
 * set), which wins over the join click of `attendance`; `attendance_mark_changes` keeps every change
 * for good (who, when, the status and note before and after). Both are keyed like `attendance`
 * (session, lesson, learner, occurrence date in the session's time zone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const statuses = sql`('PRESENT','LATE','ABSENT','EXCUSED')`;
  await db.schema
    .createTable('attendance_marks')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${statuses}`))
    .addColumn('note', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('marked_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('marked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_marks_pk', ['session_id', 'lesson_id', 'occurrence_date', 'user_id'])
    .execute();
  await db.schema
    .createTable('attendance_mark_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('before_status', 'text', (c) => c.check(sql`before_status in ${statuses}`))
    .addColumn('after_status', 'text', (c) => c.notNull().check(sql`after_status in ${statuses}`))
    .addColumn('before_note', 'text')
    .addColumn('after_note', 'text')
    .addColumn('changed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attendance_mark_changes_meeting_idx')
    .on('attendance_mark_changes')
    .columns(['session_id', 'lesson_id', 'occurrence_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attendance_mark_changes').execute();
  await db.schema.dropTable('attendance_marks').execute();
}
