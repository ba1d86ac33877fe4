import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Person } from '../courses/read-model.js';
import { attendanceFacts, attendedBy } from '../sessions/attendance-status.js';

/**
 * Database reads and writes of the classroom calls (getClassroom, getClassroomLesson,
 * markLessonProgress, joinMeeting, listSessionAttendance). No rules here: service.ts decides.
 */

type Db = Kysely<Database> | Transaction<Database>;

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** A section of a course's syllabus: `week` 1-based, `sortOrder` its order within the week. */
export interface SectionRow {
  id: number;
  week: number;
  name: string;
  sortOrder: number;
}

/** The sections of `courseId`, ordered by week, order, id (sections without lessons included). */
export async function courseSections(db: Db, courseId: number): Promise<SectionRow[]> {
  const rows = await db
    .selectFrom('sections')
    .select(['id', 'week', 'name', 'sort_order'])
    .where('course_id', '=', courseId)
    .orderBy('week')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, week: r.week, name: r.name, sortOrder: r.sort_order }));
}

/** A user as a `Person` (name = first + last), or null when unknown. */
export async function personById(db: Db, userId: number): Promise<Person | null> {
  const r = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'picture_url'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return r ? { id: r.id, name: personName(r.first_name, r.last_name), pictureUrl: r.picture_url } : null;
}

/** The learners with an ACTIVE enrollment in the session (only those of `companyId` when given), ordered by name then id. */
export async function activeLearners(db: Db, sessionId: number, companyId: number | null = null): Promise<Person[]> {
  let q = db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.picture_url'])
    .where('e.session_id', '=', sessionId)
    .where('e.status', '=', 'ACTIVE');
  if (companyId !== null) q = q.where('u.company_id', '=', companyId);
  const rows = await q.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute();
  return rows.map((r) => ({ id: r.id, name: personName(r.first_name, r.last_name), pictureUrl: r.picture_url }));
}

/** A learner's quiz or learning-path attempt, as the lesson status needs it (`score`/`maxScore` in question points). */
export interface AttemptFact {
  lessonId: number;
  status: 'IN_PROGRESS' | 'AUTOGRADED' | 'DONE';
  score: number | null;
  maxScore: number;
}

/** A learner's submission, as the lesson status needs it (`grade` out of the lesson's points). */
export interface SubmissionFact {
  lessonId: number;
  status: 'SUBMITTED' | 'AUTOGRADED' | 'DONE';
  grade: number | null;
  submittedAt: Date;
}

/**
 * A meeting occurrence the learner attended (PRESENT or LATE by the educator's mark, else by their
 * join click; sessions/attendance-status.ts): `occurrenceDate` is 'YYYY-MM-DD' in the session's zone.
 */
export interface AttendanceFact {
  lessonId: number;
  userId: number;
  occurrenceDate: string;
}

/** A learner's own progress mark (video, reading, notes, learning path). */
export interface ProgressFact {
  lessonId: number;
  status: 'IN_PROGRESS' | 'DONE';
}

/** Everything one learner did in one session, the inputs of the lesson status (docs/classroom.md "Lesson status"). */
export interface LearnerActivity {
  attempts: AttemptFact[];
  submissions: SubmissionFact[];
  attendance: AttendanceFact[];
  progress: ProgressFact[];
}

/** Reads a learner's attempts, submissions (oldest first), attendance and progress marks in a session (of one lesson when `lessonId` is given). */
export async function learnerActivity(
  db: Db,
  sessionId: number,
  userId: number,
  lessonId?: number,
): Promise<LearnerActivity> {
  const only = lessonId ?? null;
  const [attempts, submissions, attendance, progress] = await Promise.all([
    db
      .selectFrom('quiz_attempts')
      .select(['lesson_id', 'status', 'score', 'max_score'])
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .$if(only !== null, (q) => q.where('lesson_id', '=', only!))
      .execute(),
    db
      .selectFrom('submissions')
      .select(['lesson_id', 'status', 'grade', 'submitted_at'])
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .$if(only !== null, (q) => q.where('lesson_id', '=', only!))
      .orderBy('submitted_at')
      .orderBy('id')
      .execute(),
    attendanceFacts(db, [sessionId], { userId, lessonId }),
    db
      .selectFrom('lesson_progress')
      .select(['lesson_id', 'status'])
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .$if(only !== null, (q) => q.where('lesson_id', '=', only!))
      .execute(),
  ]);
  return {
    attempts: attempts.map((r) => ({ lessonId: r.lesson_id, status: r.status, score: r.score, maxScore: r.max_score })),
    submissions: submissions.map((r) => ({
      lessonId: r.lesson_id,
      status: r.status,
      grade: r.grade,
      submittedAt: r.submitted_at,
    })),
    attendance: attendance
      .filter(attendedBy)
      .map((r) => ({ lessonId: r.lessonId, userId: r.userId, occurrenceDate: r.occurrenceDate })),
    progress: progress.map((r) => ({ lessonId: r.lesson_id, status: r.status })),
  };
}

/** Number of questions (steps included) of a quiz or learning-path lesson. */
export async function questionCount(db: Db, lessonId: number): Promise<number> {
  const r = await db
    .selectFrom('quiz_questions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Records a learner's join of a meeting occurrence, keeping the first one (unique
 * `attendance_once`). Returns true when this call wrote the row, false when it was already there.
 */
export async function recordAttendance(
  db: Db,
  row: { sessionId: number; lessonId: number; userId: number; occurrenceDate: string; joinedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('attendance')
    .values({
      session_id: row.sessionId,
      lesson_id: row.lessonId,
      user_id: row.userId,
      occurrence_date: row.occurrenceDate,
      joined_at: row.joinedAt,
    })
    .onConflict((oc) => oc.columns(['session_id', 'lesson_id', 'user_id', 'occurrence_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Sets a learner's progress on a lesson, never lowering DONE to IN_PROGRESS (one statement, so two
 * concurrent calls cannot lower it either). Returns the status kept.
 */
export async function upsertProgress(
  db: Db,
  row: { sessionId: number; lessonId: number; userId: number; status: 'IN_PROGRESS' | 'DONE'; at: Date },
): Promise<'IN_PROGRESS' | 'DONE'> {
  const r = await db
    .insertInto('lesson_progress')
    .values({
      session_id: row.sessionId,
      lesson_id: row.lessonId,
      user_id: row.userId,
      status: row.status,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['session_id', 'lesson_id', 'user_id']).doUpdateSet({
        status: sql<
          'IN_PROGRESS' | 'DONE'
        >`case when lesson_progress.status = 'DONE' then 'DONE' else excluded.status end`,
        updated_at: sql<Date>`excluded.updated_at`,
      }),
    )
    .returning('status')
    .executeTakeFirstOrThrow();
  return r.status;
}
