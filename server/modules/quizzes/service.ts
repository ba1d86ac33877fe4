import type { Schema } from '../../platform/handlers.js';
import type { Kysely } from 'kysely';
import type { Database, QuizAnswerJson } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import {
  classroomAccess,
  loadCourseLesson,
  loadSessionLesson,
  requireLearner,
  type ClassroomLessonRow,
} from '../sessions/access.js';
import { lessonDeadline } from '../sessions/schedule.js';
import {
  findAttempt,
  findExpiredOpenAttempts,
  findOpenAttempt,
  insertAttempt,
  lessonQuestions,
  listAttempts,
  recordGrading,
  saveAnswers,
  type AttemptRow,
  type FeedbackRow,
  type QuestionRow,
} from './queries.js';

/**
 * The quiz and learning-path rules (docs/classroom.md "Rules": Who, Deadline, Grading, Lesson
 * status; openapi tag Quizzes): starting and resuming attempts, saving answers, grading on the
 * server. Decisions taken here (and documented on each function):
 * - a lesson that is neither a `quiz` nor a `learningObjective` answers 409 "This lesson is not a
 *   quiz or a learning path" (like joinMeeting's 409 "This lesson is not a meeting");
 * - only an enrolled learner (classroomAccess role LEARNER) starts, lists, saves and submits. The
 *   contract's `x-roles: [LEARNER]` already answers 403 'Your role does not allow this' to
 *   educators and admins before the service runs; `requireLearner` (403 'Only the session's
 *   enrolled learners can do this') guards the service itself; learners not enrolled (or
 *   cancelled) get classroomAccess's 403, and other learners 403 for someone else's attempt;
 * - an open attempt whose time limit has passed is graded on its saved answers (as submit would):
 *   by the server's sweep ({@link gradeExpiredAttempts}: every minute, at start-up, and for the
 *   caller's attempts of a session when the classroom, a lesson or the attempts list is read), or
 *   at the latest when the learner next starts the lesson (then a fresh attempt is created);
 * - a learning path is DONE with `score` null (it has no grade); STEP questions count 0 points and
 *   get no feedback entry;
 * - the answer key and explanations never appear in an attempt before it is submitted.
 */

/** Lesson type codes that have questions and attempts, and the attempt kind of each. */
const ATTEMPT_KINDS: Partial<Record<ClassroomLessonRow['typeCode'], AttemptKind>> = {
  quiz: 'QUIZ',
  learningObjective: 'LEARNING_PATH',
};

/** QUIZ for a `quiz` lesson, LEARNING_PATH for a `learningObjective` one. */
export type AttemptKind = 'QUIZ' | 'LEARNING_PATH';

/** Longest SHORT_ANSWER a learner may save, in characters (the contract's QuizAnswer string maxLength). */
export const SHORT_ANSWER_MAX_CHARS = 500;

/** A question as a learner sees it (the contract's QuizQuestion): no answer key, no explanation. */
export type QuizQuestionView = Schema<'QuizQuestion'>;

/**
 * The contract's QuizAttempt. Instants are ISO 8601; `score`/`maxScore` in question points
 * (`score` null until graded, and for a learning path); `answers` by question id; `feedback` null
 * until submitted, then one entry per non-STEP question in the questions' order.
 */
export type QuizAttemptView = Schema<'QuizAttempt'>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The kind of attempt a lesson takes. @throws 409 'This lesson is not a quiz or a learning path'. */
function attemptKindOf(lesson: ClassroomLessonRow): AttemptKind {
  const kind = ATTEMPT_KINDS[lesson.typeCode];
  if (!kind) throw conflict('This lesson is not a quiz or a learning path');
  return kind;
}

/** The learner's view of a question: no key, no explanation; options only for choice questions; STEP worth 0. */
function questionView(q: QuestionRow): QuizQuestionView {
  const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    pictureUrl: q.pictureUrl,
    points: q.kind === 'STEP' ? 0 : q.points,
    options: choice ? q.options.map((o) => ({ id: o.id, text: o.text })) : [],
  };
}

/** Maximum score of a question bank: the sum of its questions' points, STEP excluded. */
export function maxScoreOf(questions: readonly Pick<QuestionRow, 'kind' | 'points'>[]): number {
  return questions.reduce((sum, q) => sum + (q.kind === 'STEP' ? 0 : q.points), 0);
}

function attemptView(a: AttemptRow, kind: AttemptKind, questions: readonly QuestionRow[]): QuizAttemptView {
  return {
    id: a.id,
    lessonId: a.lessonId,
    sessionId: a.sessionId,
    kind,
    status: a.status,
    currentIndex: a.currentIndex,
    startedAt: a.startedAt.toISOString(),
    deadlineAt: a.deadlineAt ? a.deadlineAt.toISOString() : null,
    submittedAt: a.submittedAt ? a.submittedAt.toISOString() : null,
    score: a.status === 'IN_PROGRESS' ? null : a.score,
    maxScore: a.maxScore,
    questions: questions.map(questionView),
    answers: a.answers,
    // Feedback (with the key) exists only once submitted; never before.
    feedback: a.status === 'IN_PROGRESS' ? null : (a.feedback ?? []),
  };
}

/** Whether an attempt was graded after its time limit had passed (`submitted_at` > `deadline_at`): closed by the limit, not by the learner in time. */
function closedByTimeLimit(a: Pick<AttemptRow, 'deadlineAt' | 'submittedAt'>): boolean {
  return a.deadlineAt !== null && a.submittedAt !== null && a.submittedAt.getTime() > a.deadlineAt.getTime();
}

/** Whether an open attempt's time limit has passed at `now` (strictly after `deadline_at`; never without a limit). */
export function timeIsUp(a: Pick<AttemptRow, 'deadlineAt'>, now: Date): boolean {
  return a.deadlineAt !== null && now.getTime() > a.deadlineAt.getTime();
}

const normalise = (s: string) => s.trim().toLowerCase();

/** The same set of option ids (order and duplicates aside). */
function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/**
 * Whether `answer` is right for `q` (docs/classroom.md "Grading"): SINGLE and TRUE_FALSE exact;
 * MULTIPLE all-or-nothing (exactly the key's set of option ids); SHORT_ANSWER equal to any accepted
 * answer once both are trimmed and lower-cased. No answer (undefined/null), a malformed answer or
 * a malformed key is wrong. A STEP has no right answer (false).
 */
export function isCorrect(q: Pick<QuestionRow, 'kind' | 'answer'>, answer: QuizAnswerJson | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  const key = q.answer;
  switch (q.kind) {
    case 'SINGLE':
    case 'MULTIPLE':
      return (
        Array.isArray(key) &&
        Array.isArray(answer) &&
        (q.kind === 'MULTIPLE' || answer.length === 1) &&
        sameSet(answer, key)
      );
    case 'TRUE_FALSE':
      return typeof key === 'boolean' && answer === key;
    case 'SHORT_ANSWER': {
      if (typeof answer !== 'string') return false;
      const accepted = Array.isArray(key) ? key : typeof key === 'string' ? [key] : [];
      const given = normalise(answer);
      return accepted.some((a) => typeof a === 'string' && normalise(a) === given);
    }
    default:
      return false;
  }
}

/**
 * Grades saved answers against a question bank: per non-STEP question `{questionId, correct,
 * pointsAwarded (points or 0), points, correctAnswer (the key), explanation}`, the score (sum of
 * awarded points, 2 decimals) and the maximum ({@link maxScoreOf}).
 */
export function grade(
  questions: readonly QuestionRow[],
  answers: Readonly<Record<string, QuizAnswerJson>>,
): { score: number; maxScore: number; feedback: FeedbackRow[] } {
  const feedback: FeedbackRow[] = [];
  let score = 0;
  for (const q of questions) {
    if (q.kind === 'STEP') continue;
    const correct = isCorrect(q, answers[String(q.id)]);
    const pointsAwarded = correct ? q.points : 0;
    score += pointsAwarded;
    feedback.push({
      questionId: q.id,
      correct,
      pointsAwarded,
      points: q.points,
      correctAnswer: q.answer ?? null,
      explanation: q.explanation,
    });
  }
  return { score: round2(score), maxScore: maxScoreOf(questions), feedback };
}

/**
 * Grades an open attempt in one transaction, the row locked (`select … for update`) so a double
 * submit — or a submit racing the sweep — cannot grade twice: a quiz becomes AUTOGRADED with its
 * score, a learning path DONE with score null; both keep per-question feedback; `submitted_at` =
 * `now`. With `expiredOnly` it grades only when the attempt's time limit has passed at `now`.
 * @returns false (nothing written) when the attempt was no longer IN_PROGRESS (or not expired).
 */
async function gradeOpenAttempt(
  db: Kysely<Database>,
  attemptId: number,
  kind: AttemptKind,
  now: Date,
  options: { expiredOnly?: boolean } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await findAttempt(trx, attemptId, { forUpdate: true });
    if (!locked || locked.status !== 'IN_PROGRESS') return false;
    if (options.expiredOnly && !timeIsUp(locked, now)) return false;
    const questions = await lessonQuestions(trx, locked.lessonId);
    const g = grade(questions, locked.answers);
    await recordGrading(trx, attemptId, {
      status: kind === 'QUIZ' ? 'AUTOGRADED' : 'DONE',
      submittedAt: now,
      score: kind === 'QUIZ' ? g.score : null,
      maxScore: g.maxScore,
      feedback: g.feedback,
    });
    return true;
  });
}

/**
 * Grades every open attempt whose time limit has passed — `deadline_at` (start + the quiz's time
 * limit in minutes) strictly before `now` — on the answers saved before it, exactly as the lazy
 * path of {@link startQuizAttempt} and a late {@link submitQuizAttempt} do (docs/classroom.md
 * "Quiz attempts"): a quiz becomes AUTOGRADED with its score (question points), `submitted_at` =
 * `now`. Learning paths have no time limit (`deadline_at` null), so they are never graded here.
 * Each attempt is graded in its own transaction under its row lock, so a concurrent submit or a
 * second sweep grades it once (the loser writes nothing and is not counted).
 * Called every minute and at start-up by server/main.ts, and with `scope` (the caller's attempts
 * in that session only) by getClassroom, getClassroomLesson and {@link listQuizAttempts}, so a
 * learner never sees an expired attempt open.
 * @param now the instant to compare deadlines with (the app's clock).
 * @returns how many attempts this call graded.
 */
export async function gradeExpiredAttempts(
  db: Kysely<Database>,
  now: Date,
  scope?: { sessionId: number; userId: number },
): Promise<number> {
  let graded = 0;
  for (const a of await findExpiredOpenAttempts(db, now, scope)) {
    const kind = ATTEMPT_KINDS[a.typeCode];
    if (kind && (await gradeOpenAttempt(db, a.id, kind, now, { expiredOnly: true }))) graded++;
  }
  return graded;
}

/** The session, lesson and attempt kind of a learner's call on a lesson. @throws as {@link startQuizAttempt}. */
async function learnerLesson(app: AppContext, caller: Caller, sessionId: number, lessonId: number) {
  const access = await classroomAccess(app.db, caller, sessionId);
  const lesson = await loadSessionLesson(app.db, access.session, lessonId);
  requireLearner(access);
  return { access, lesson, kind: attemptKindOf(lesson) };
}

/**
 * POST /sessions/{id}/lessons/{lessonId}/attempts: resumes the learner's open attempt of a quiz or
 * learning path (`created: false`, 200) or starts one (`created: true`, 201) with `started_at` =
 * now, `deadline_at` = now + the lesson's time limit (a quiz with a limit; null otherwise) and
 * `max_score` = the sum of the question points (STEP excluded). An open attempt whose time limit
 * has passed is first graded on its saved answers (even when the deadline rule then refuses a new
 * attempt), then a new one is started. Two concurrent starts
 * create one attempt (the partial unique index; the loser resumes it).
 * @throws 404 unknown session or a lesson not in its course; 403 a stranger, the educator or an
 *   admin; 409 'This lesson is not a quiz or a learning path', 'This lesson has no questions yet',
 *   or — for a new attempt only — 'The deadline for this lesson has passed' after the lesson's
 *   deadline (the end of its week) unless it allows late work.
 */
export async function startQuizAttempt(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<{ created: boolean; attempt: QuizAttemptView }> {
  const { access, lesson, kind } = await learnerLesson(app, caller, sessionId, lessonId);
  const now = app.now();
  const key = { lessonId: lesson.id, sessionId: access.session.id, userId: caller.userId };

  const open = await findOpenAttempt(app.db, key);
  if (open && !timeIsUp(open, now))
    return { created: false, attempt: attemptView(open, kind, await lessonQuestions(app.db, lesson.id)) };
  if (open) await gradeOpenAttempt(app.db, open.id, kind, now);

  if (now.getTime() >= lessonDeadline(access.session, lesson.week).getTime() && !lesson.allowLate) {
    throw conflict('The deadline for this lesson has passed');
  }
  const questions = await lessonQuestions(app.db, lesson.id);
  if (questions.length === 0) throw conflict('This lesson has no questions yet');
  const limit = kind === 'QUIZ' ? lesson.timeLimitMinutes : null;
  const id = await insertAttempt(app.db, {
    ...key,
    startedAt: now,
    deadlineAt: limit ? new Date(now.getTime() + limit * 60_000) : null,
    maxScore: maxScoreOf(questions),
  });
  if (id === null) {
    // Another request started one at the same time: resume it.
    const raced = await findOpenAttempt(app.db, key);
    if (!raced) throw conflict('Another attempt was started at the same time; try again');
    return { created: false, attempt: attemptView(raced, kind, questions) };
  }
  return { created: true, attempt: attemptView((await findAttempt(app.db, id))!, kind, questions) };
}

/**
 * GET /sessions/{id}/lessons/{lessonId}/attempts: the caller's attempts of the lesson in the
 * session, newest first; submitted ones with score and feedback, open ones without any key. The
 * caller's expired open attempts in the session are graded first ({@link gradeExpiredAttempts}).
 * @throws as {@link startQuizAttempt} (404, 403, 409 not a quiz or learning path).
 */
export async function listQuizAttempts(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
): Promise<QuizAttemptView[]> {
  const { access, lesson, kind } = await learnerLesson(app, caller, sessionId, lessonId);
  await gradeExpiredAttempts(app.db, app.now(), { sessionId: access.session.id, userId: caller.userId });
  const [rows, questions] = await Promise.all([
    listAttempts(app.db, { lessonId: lesson.id, sessionId: access.session.id, userId: caller.userId }),
    lessonQuestions(app.db, lesson.id),
  ]);
  return rows.map((a) => attemptView(a, kind, questions));
}

/**
 * An attempt of the caller's with its lesson's attempt kind.
 * @throws 404 'Quiz attempt not found'; 403 someone else's attempt, or the caller is no longer an
 *   enrolled learner of its session.
 */
async function ownAttempt(app: AppContext, caller: Caller, attemptId: number) {
  const attempt = await findAttempt(app.db, attemptId);
  if (!attempt) throw notFound('Quiz attempt');
  if (attempt.userId !== caller.userId)
    throw forbidden('Only the learner who started this attempt can answer or submit it');
  requireLearner(await classroomAccess(app.db, caller, attempt.sessionId));
  const lesson = await loadCourseLesson(app.db, null, attempt.lessonId);
  return { attempt, kind: attemptKindOf(lesson) };
}

/**
 * Checks a learner's answer to `q` (docs/classroom.md "Data": quiz_questions.answer). SINGLE: an
 * array of exactly one option id of the question; MULTIPLE: an array of distinct option ids of the
 * question (possibly empty); TRUE_FALSE: a boolean; SHORT_ANSWER: a string of at most
 * {@link SHORT_ANSWER_MAX_CHARS} characters; STEP: no answer. null always passes (it clears the
 * saved answer). @returns the field error message, or null when the answer fits.
 */
export function answerShapeError(q: Pick<QuestionRow, 'kind' | 'options'>, answer: unknown): string | null {
  if (answer === null) return null;
  const ids = new Set(q.options.map((o) => o.id));
  const optionIds = (a: unknown): a is string[] =>
    Array.isArray(a) && a.every((x) => typeof x === 'string' && ids.has(x));
  switch (q.kind) {
    case 'SINGLE':
      return optionIds(answer) && answer.length === 1
        ? null
        : 'must be a list of exactly one option id of this question';
    case 'MULTIPLE':
      return optionIds(answer) && new Set(answer).size === answer.length
        ? null
        : 'must be a list of distinct option ids of this question';
    case 'TRUE_FALSE':
      return typeof answer === 'boolean' ? null : 'must be true or false';
    case 'SHORT_ANSWER':
      return typeof answer === 'string' && answer.length <= SHORT_ANSWER_MAX_CHARS
        ? null
        : `must be a text of at most ${SHORT_ANSWER_MAX_CHARS} characters`;
    case 'STEP':
      return 'must be left out: a step takes no answer';
    default:
      return 'is invalid';
  }
}

/**
 * PUT /quiz-attempts/{id}/answers/{questionId} {answer?, currentIndex}: saves the learner's answer
 * to one question of their open attempt and the current-question position (`answer` omitted: the
 * position only; `answer` null: clears the saved answer). Written under the attempt's row lock.
 * @throws 404 unknown attempt, or a question not in the attempt's lesson; 403 someone else's
 *   attempt; 400 (field `currentIndex`) outside 0 … questions − 1, (field `answer`) an answer of the
 *   wrong shape ({@link answerShapeError}); 409 'The time limit of this attempt has passed' (still
 *   open, or graded after its deadline — by the sweep, a start or a late submit), 'This attempt has
 *   already been submitted' (submitted before its deadline, or without a limit). Nothing changes
 *   when refused.
 */
export async function saveQuizAnswer(
  app: AppContext,
  caller: Caller,
  attemptId: number,
  questionId: number,
  body: { answer?: QuizAnswerJson; currentIndex: number },
): Promise<QuizAttemptView> {
  const { attempt, kind } = await ownAttempt(app, caller, attemptId);
  const questions = await lessonQuestions(app.db, attempt.lessonId);
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw notFound('Question');
  if (!(Number.isInteger(body.currentIndex) && body.currentIndex >= 0 && body.currentIndex < questions.length)) {
    throw badRequest('Some fields are invalid', [
      { path: 'currentIndex', message: `must be between 0 and ${questions.length - 1}` },
    ]);
  }
  const hasAnswer = body.answer !== undefined;
  if (hasAnswer) {
    const error = answerShapeError(question, body.answer);
    if (error) throw badRequest('Some fields are invalid', [{ path: 'answer', message: error }]);
  }
  const now = app.now();
  await app.db.transaction().execute(async (trx) => {
    const locked = await findAttempt(trx, attemptId, { forUpdate: true });
    if (!locked) throw conflict('This attempt has already been submitted');
    // An attempt closed by its time limit (graded after its deadline, e.g. by the sweep) keeps
    // answering the time-limit message, as it did while it was still open.
    if (timeIsUp(locked, now) && (locked.status === 'IN_PROGRESS' || closedByTimeLimit(locked)))
      throw conflict('The time limit of this attempt has passed');
    if (locked.status !== 'IN_PROGRESS') throw conflict('This attempt has already been submitted');
    const answers = { ...locked.answers };
    if (hasAnswer) {
      if (body.answer === null || question.kind === 'STEP') delete answers[String(questionId)];
      else answers[String(questionId)] = body.answer!;
    }
    await saveAnswers(trx, attemptId, answers, body.currentIndex);
  });
  return attemptView((await findAttempt(app.db, attemptId))!, kind, questions);
}

/**
 * POST /quiz-attempts/{id}/submit: grades the learner's open attempt on the server (see
 * {@link grade}): a quiz becomes AUTOGRADED with its score, a learning path DONE (score null); the
 * answer becomes per-question feedback with the key and explanation. An attempt past its time
 * limit is graded on the answers saved before it (no 409). When its time ran out and it was
 * already graded for that (by the server's sweep, {@link gradeExpiredAttempts}, or a lesson read),
 * the submit answers 200 with that result: the quiz screen's own time-up submit may come after the
 * sweep (a slow clock, a sleeping tab), and the learner should see the score, not an error. One
 * transaction, the attempt row locked, so a double submit (or a submit racing the sweep) grades once.
 * @throws 404 unknown attempt; 403 someone else's attempt; 409 'This attempt has already been
 *   submitted' (graded before its time ran out, or it has no time limit).
 */
export async function submitQuizAttempt(app: AppContext, caller: Caller, attemptId: number): Promise<QuizAttemptView> {
  const { kind } = await ownAttempt(app, caller, attemptId);
  const graded = await gradeOpenAttempt(app.db, attemptId, kind, app.now());
  const attempt = (await findAttempt(app.db, attemptId))!;
  const closedByTimeLimit =
    attempt.deadlineAt !== null &&
    attempt.submittedAt !== null &&
    attempt.submittedAt.getTime() > attempt.deadlineAt.getTime();
  if (!graded && !closedByTimeLimit) throw conflict('This attempt has already been submitted');
  return attemptView(attempt, kind, await lessonQuestions(app.db, attempt.lessonId));
}
