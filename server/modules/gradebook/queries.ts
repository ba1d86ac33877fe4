import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { inSyllabusOrder, lessonsWithTypes } from '../courses/queries.js';
import { GRADED_KINDS, type CountedWork, type GradebookKind } from './rules.js';

/**
 * Database reads and writes of the gradebook (getGradebook, getMyGrades, setGradebookWeights,
 * exportGradebook). No rules here beyond choosing the work that counts (rules.ts computes, service.ts
 * decides who may do what): rows of `lessons`, `enrollments`, `quiz_attempts`, `submissions` and
 * `gradebook_weights` (migration 0029).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A graded lesson of the course (quiz, assignment, programming assignment), in syllabus order. */
export interface ItemRow {
  lessonId: number;
  name: string;
  kind: GradebookKind;
  week: number;
  points: number;
}

/**
 * The graded lessons of `courseId`'s syllabus in syllabus order (week, section, lesson). `points`:
 * a quiz's is the sum of its questions' points (what its attempts are scored out of; STEP questions
 * weigh 0), an assignment's or lab's the lesson's `points`. A quiz worth 0 points (no questions yet)
 * is left out.
 */
export async function gradedItems(db: Db, courseId: number): Promise<ItemRow[]> {
  const rows = await inSyllabusOrder(
    lessonsWithTypes(db)
      .select(['l.id', 'l.name', 't.code', 'sec.week', 'l.points'])
      .where('sec.course_id', '=', courseId)
      .where('t.code', 'in', Object.keys(GRADED_KINDS) as never[]),
  ).execute();
  const quizIds = rows.filter((r) => GRADED_KINDS[r.code] === 'QUIZ').map((r) => r.id);
  const quizPoints = new Map<number, number>();
  if (quizIds.length > 0) {
    const sums = await db
      .selectFrom('quiz_questions')
      .select(['lesson_id', (eb) => eb.fn.sum<number>('points').as('points')])
      .where('lesson_id', 'in', quizIds)
      .where('kind', '<>', 'STEP')
      .groupBy('lesson_id')
      .execute();
    for (const s of sums) quizPoints.set(s.lesson_id, Number(s.points));
  }
  // A quiz without answerable questions cannot be taken (409 "This lesson has no questions yet"): not an item.
  const graded = rows.filter((r) => GRADED_KINDS[r.code] !== 'QUIZ' || (quizPoints.get(r.id) ?? 0) > 0);
  return graded.map((r) => {
    const kind = GRADED_KINDS[r.code]!;
    return {
      lessonId: r.id,
      name: r.name,
      kind,
      week: r.week,
      points: kind === 'QUIZ' ? (quizPoints.get(r.id) ?? 0) : Number(r.points),
    };
  });
}

/** A learner of the session (ACTIVE enrollment): id, display name, picture and e-mail. */
export interface LearnerRow {
  id: number;
  name: string;
  pictureUrl: string | null;
  email: string;
}

/** The session's learners with an ACTIVE enrollment, by name (first, last, then id); only `userId` when given. */
export async function sessionLearners(db: Db, sessionId: number, userId?: number): Promise<LearnerRow[]> {
  const rows = await db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.picture_url', 'u.email'])
    .where('e.session_id', '=', sessionId)
    .where('e.status', '=', 'ACTIVE')
    .$if(userId !== undefined, (q) => q.where('u.id', '=', userId!))
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    pictureUrl: r.picture_url,
    email: r.email,
  }));
}

/** `${userId}:${lessonId}` → the work that counts for that learner and item. */
export type WorkIndex = Map<string, CountedWork>;

/** The key of {@link WorkIndex}. */
export const workKey = (userId: number, lessonId: number) => `${userId}:${lessonId}`;

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/**
 * The work that counts, per learner and item, in the session (optionally one learner's):
 * - a quiz: the best graded attempt (AUTOGRADED; highest score, then the earliest submitted);
 *   open attempts do not count;
 * - an assignment or lab: the latest submission (submission time, then id), with its grade, or
 *   null while it awaits one (SUBMITTED).
 */
export async function countedWork(db: Db, sessionId: number, userId?: number): Promise<WorkIndex> {
  const index: WorkIndex = new Map();
  const attempts = await db
    .selectFrom('quiz_attempts')
    .select(['user_id', 'lesson_id', 'score', 'submitted_at'])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'AUTOGRADED')
    .where('submitted_at', 'is not', null)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('score', 'desc')
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
  for (const a of attempts) {
    const key = workKey(a.user_id, a.lesson_id);
    if (!index.has(key)) index.set(key, { score: Number(a.score ?? 0), submittedAt: toDate(a.submitted_at!) });
  }
  const submissions = await db
    .selectFrom('submissions')
    .select(['user_id', 'lesson_id', 'grade', 'status', 'submitted_at'])
    .where('session_id', '=', sessionId)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const s of submissions) {
    const key = workKey(s.user_id, s.lesson_id);
    if (index.has(key)) continue;
    const graded = s.status !== 'SUBMITTED' && s.grade !== null;
    index.set(key, { score: graded ? Number(s.grade) : null, submittedAt: toDate(s.submitted_at) });
  }
  return index;
}

/** The session's stored weights, bp by lesson id (empty: equal weights). */
export async function storedWeights(db: Db, sessionId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('gradebook_weights')
    .select(['lesson_id', 'weight_bp'])
    .where('session_id', '=', sessionId)
    .execute();
  return new Map(rows.map((r) => [r.lesson_id, r.weight_bp]));
}

/** Replaces the session's weights with `bp` (lesson id → bp); an empty map removes them (equal weights). */
export async function replaceWeights(db: Db, sessionId: number, bp: ReadonlyMap<number, number>): Promise<void> {
  await db.deleteFrom('gradebook_weights').where('session_id', '=', sessionId).execute();
  if (bp.size === 0) return;
  await db
    .insertInto('gradebook_weights')
    .values([...bp].map(([lessonId, w]) => ({ session_id: sessionId, lesson_id: lessonId, weight_bp: w })))
    .execute();
}
