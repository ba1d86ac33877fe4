import { type Kysely, sql } from 'kysely';

/**
 * The live classroom (docs/classroom.md "Data"): what an educator sets on a lesson beyond
 * the syllabus (content, video, points, late-work policy, time limit, programming tests), the
 * question banks of quizzes and learning paths, learners' attempts, submissions (documents and
 * code, every one kept as history), meeting attendance and per-lesson progress.
 *
 * Everything a learner does is keyed by (session, lesson, learner): lessons belong to the course's
 * syllabus, a session is one run of it. Rows die with their lesson (`on delete cascade`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lessons')
    .addColumn('content_html', 'text')
    .addColumn('video_url', 'text')
    .addColumn('captions_url', 'text')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(100).check(sql`points >= 1`))
    .addColumn('allow_late', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_limit_minutes', 'integer', (c) =>
      c.check(sql`time_limit_minutes is null or time_limit_minutes >= 1`),
    )
    .addColumn('programming', 'jsonb')
    .execute();

  await db.schema
    .createTable('quiz_questions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('SINGLE','MULTIPLE','TRUE_FALSE','SHORT_ANSWER','STEP')`),
    )
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('picture_url', 'text')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(1).check(sql`points >= 0`))
    .addColumn('explanation', 'text')
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('answer', 'jsonb')
    .execute();
  await db.schema
    .createIndex('quiz_questions_lesson_idx')
    .on('quiz_questions')
    .columns(['lesson_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('IN_PROGRESS').check(sql`status in ('IN_PROGRESS','AUTOGRADED','DONE')`),
    )
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(0).check(sql`current_index >= 0`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('score', 'double precision')
    .addColumn('max_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('feedback', 'jsonb')
    .execute();
  await db.schema
    .createIndex('quiz_attempts_lookup_idx')
    .on('quiz_attempts')
    .columns(['session_id', 'lesson_id', 'user_id'])
    .execute();
  // At most one open attempt per (lesson, session, learner): a double click on "start" resumes it.
  await db.schema
    .createIndex('quiz_attempts_one_open_idx')
    .on('quiz_attempts')
    .columns(['lesson_id', 'session_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'IN_PROGRESS')
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('DOCUMENT','CODE')`))
    .addColumn('document_url', 'text')
    .addColumn('document_name', 'text')
    .addColumn('code', 'text')
    .addColumn('results', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('SUBMITTED','AUTOGRADED','DONE')`))
    .addColumn('grade', 'double precision', (c) => c.check(sql`grade is null or grade >= 0`))
    .addColumn('comment', 'text')
    .addColumn('late', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('graded_at', 'timestamptz')
    .addColumn('graded_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('submissions_lesson_idx')
    .on('submissions')
    .columns(['lesson_id', 'session_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('submissions_session_idx')
    .on('submissions')
    .columns(['session_id', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('attendance')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('attendance_once', ['session_id', 'lesson_id', 'user_id', 'occurrence_date'])
    .execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('IN_PROGRESS','DONE')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lesson_progress_pk', ['session_id', 'lesson_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['lesson_progress', 'attendance', 'submissions', 'quiz_attempts', 'quiz_questions'])
    await db.schema.dropTable(t).execute();
  await db.schema
    .alterTable('lessons')
    .dropColumn('content_html')
    .dropColumn('video_url')
    .dropColumn('captions_url')
    .dropColumn('points')
    .dropColumn('allow_late')
    .dropColumn('time_limit_minutes')
    .dropColumn('programming')
    .execute();
}
