import type { Kysely, Transaction } from 'kysely';
import type { Database, QuizAnswerJson, QuizAnswerKeyJson, QuizQuestionKind } from '../../db/types.js';

/**
 * Database reads and writes of the quiz calls (startQuizAttempt, listQuizAttempts, saveQuizAnswer,
 * submitQuizAttempt). No rules here: service.ts decides who may do what and grades; these functions
 * only read and write rows of `quiz_questions` and `quiz_attempts` (migration 0005_classroom).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** An option of a SINGLE or MULTIPLE question (`quiz_questions.options`). */
export interface QuizOptionRow {
  id: string;
  text: string;
}

/**
 * A question of a quiz or learning-path lesson WITH its answer key and explanation: server-side
 * only (the key never leaves the server before the attempt is submitted; docs/classroom.md "Grading").
 * `answer`: option ids (SINGLE/MULTIPLE), a boolean (TRUE_FALSE), accepted answers (SHORT_ANSWER),
 * null (STEP). `points` ≥ 0.
 */
export interface QuestionRow {
  id: number;
  kind: QuizQuestionKind;
  prompt: string;
  pictureUrl: string | null;
  points: number;
  explanation: string | null;
  options: QuizOptionRow[];
  answer: QuizAnswerKeyJson;
}

/** The questions of a lesson in their order (`sort_order`, then id), with their answer key. */
export async function lessonQuestions(db: Db, lessonId: number): Promise<QuestionRow[]> {
  const rows = await db
    .selectFrom('quiz_questions')
    .select(['id', 'kind', 'prompt', 'picture_url', 'points', 'explanation', 'options', 'answer'])
    .where('lesson_id', '=', lessonId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    prompt: r.prompt,
    pictureUrl: r.picture_url,
    points: r.points,
    explanation: r.explanation,
    options: Array.isArray(r.options) ? r.options : [],
    answer: r.answer,
  }));
}

/** One stored feedback entry of a graded attempt (the contract's QuizFeedback). */
export interface FeedbackRow {
  questionId: number;
  correct: boolean;
  pointsAwarded: number;
  points: number;
  correctAnswer: QuizAnswerKeyJson;
  explanation: string | null;
}

/** A `quiz_attempts` row. Instants are `Date`; `score`/`maxScore` in question points; `answers` by question id. */
export interface AttemptRow {
  id: number;
  lessonId: number;
  sessionId: number;
  userId: number;
  status: 'IN_PROGRESS' | 'AUTOGRADED' | 'DONE';
  answers: Record<string, QuizAnswerJson>;
  currentIndex: number;
  startedAt: Date;
  deadlineAt: Date | null;
  submittedAt: Date | null;
  score: number | null;
  maxScore: number;
  feedback: FeedbackRow[] | null;
}

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

function attemptQuery(db: Db) {
  return db
    .selectFrom('quiz_attempts')
    .select([
      'id',
      'lesson_id',
      'session_id',
      'user_id',
      'status',
      'answers',
      'current_index',
      'started_at',
      'deadline_at',
      'submitted_at',
      'score',
      'max_score',
      'feedback',
    ]);
}

type AttemptQueryRow = Awaited<ReturnType<ReturnType<typeof attemptQuery>['executeTakeFirstOrThrow']>>;

function toAttempt(r: AttemptQueryRow): AttemptRow {
  return {
    id: r.id,
    lessonId: r.lesson_id,
    sessionId: r.session_id,
    userId: r.user_id,
    status: r.status,
    answers: r.answers && typeof r.answers === 'object' ? r.answers : {},
    currentIndex: r.current_index,
    startedAt: toDate(r.started_at),
    deadlineAt: r.deadline_at ? toDate(r.deadline_at) : null,
    submittedAt: r.submitted_at ? toDate(r.submitted_at) : null,
    score: r.score === null ? null : Number(r.score),
    maxScore: Number(r.max_score),
    feedback: (r.feedback as FeedbackRow[] | null) ?? null,
  };
}

/**
 * Loads one attempt, or null when there is none with this id. With `forUpdate` (inside a
 * transaction) the row is locked (`select … for update`) until the transaction ends, so two
 * concurrent submits or a save racing a submit are serialised.
 */
export async function findAttempt(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<AttemptRow | null> {
  let q = attemptQuery(db).where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toAttempt(r) : null;
}

/** Who an attempt belongs to: (lesson, session, learner). */
export interface AttemptKey {
  lessonId: number;
  sessionId: number;
  userId: number;
}

/** The learner's open (IN_PROGRESS) attempt of the lesson in the session, or null (at most one: partial unique index). */
export async function findOpenAttempt(db: Db, key: AttemptKey): Promise<AttemptRow | null> {
  const r = await attemptQuery(db)
    .where('lesson_id', '=', key.lessonId)
    .where('session_id', '=', key.sessionId)
    .where('user_id', '=', key.userId)
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  return r ? toAttempt(r) : null;
}

/** The learner's attempts of the lesson in the session, newest first (start time, then id). */
export async function listAttempts(db: Db, key: AttemptKey): Promise<AttemptRow[]> {
  const rows = await attemptQuery(db)
    .where('lesson_id', '=', key.lessonId)
    .where('session_id', '=', key.sessionId)
    .where('user_id', '=', key.userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAttempt);
}

/**
 * Inserts a new IN_PROGRESS attempt unless the learner already has an open one for the lesson in
 * the session: `on conflict … where status = 'IN_PROGRESS' do nothing` on the partial unique index
 * `quiz_attempts_one_open_idx`, so two concurrent starts never create two attempts.
 * @returns the new id, or null when an open attempt already existed (the caller then reads it).
 */
export async function insertAttempt(
  db: Db,
  a: AttemptKey & { startedAt: Date; deadlineAt: Date | null; maxScore: number },
): Promise<number | null> {
  const row = await db
    .insertInto('quiz_attempts')
    .values({
      lesson_id: a.lessonId,
      session_id: a.sessionId,
      user_id: a.userId,
      status: 'IN_PROGRESS',
      answers: '{}',
      current_index: 0,
      started_at: a.startedAt,
      deadline_at: a.deadlineAt,
      max_score: a.maxScore,
    })
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'session_id', 'user_id']).where('status', '=', 'IN_PROGRESS').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Replaces an attempt's saved answers and current-question position. */
export async function saveAnswers(
  db: Db,
  id: number,
  answers: Record<string, QuizAnswerJson>,
  currentIndex: number,
): Promise<void> {
  await db
    .updateTable('quiz_attempts')
    .set({ answers: JSON.stringify(answers), current_index: currentIndex })
    .where('id', '=', id)
    .execute();
}

/** Records the grading of an attempt: its final status, when, score (null for a learning path), maximum and feedback. */
export async function recordGrading(
  db: Db,
  id: number,
  g: {
    status: 'AUTOGRADED' | 'DONE';
    submittedAt: Date;
    score: number | null;
    maxScore: number;
    feedback: FeedbackRow[];
  },
): Promise<void> {
  await db
    .updateTable('quiz_attempts')
    .set({
      status: g.status,
      submitted_at: g.submittedAt,
      score: g.score,
      max_score: g.maxScore,
      feedback: JSON.stringify(g.feedback),
    })
    .where('id', '=', id)
    .execute();
}

/** An open attempt whose time limit has passed, with the type code of its lesson. */
export interface ExpiredAttemptRow {
  id: number;
  typeCode: 'quiz' | 'learningObjective';
}

/**
 * The open (IN_PROGRESS) attempts whose `deadline_at` is strictly before `now`, of quiz and
 * learning-path lessons only, oldest deadline first; optionally only one learner's in one session
 * (then the `quiz_attempts_lookup_idx` (session_id, lesson_id, user_id) serves it). The global form
 * reads the partial unique index `quiz_attempts_one_open_idx` (open attempts only), so it stays
 * cheap however many graded attempts the table holds. No lock: the caller grades each under its
 * own row lock.
 */
export async function findExpiredOpenAttempts(
  db: Db,
  now: Date,
  scope?: { sessionId: number; userId: number },
): Promise<ExpiredAttemptRow[]> {
  const rows = await db
    .selectFrom('quiz_attempts as a')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .innerJoin('lesson_types as t', 't.id', 'l.lesson_type_id')
    .select(['a.id', 't.code'])
    .where('a.status', '=', 'IN_PROGRESS')
    .where('a.deadline_at', 'is not', null)
    .where('a.deadline_at', '<', now)
    .where('t.code', 'in', ['quiz', 'learningObjective'])
    .$if(scope !== undefined, (q) =>
      q.where('a.session_id', '=', scope!.sessionId).where('a.user_id', '=', scope!.userId),
    )
    .orderBy('a.deadline_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ id: r.id, typeCode: r.code as ExpiredAttemptRow['typeCode'] }));
}
