import type { Kysely } from 'kysely';
import type { Database, QuizAnswerJson } from '../../db/types.js';
import { type ClassroomLessonRow } from '../sessions/access.js';
import {
  findAttempt,
  findExpiredOpenAttempts,
  lessonQuestions,
  recordGrading,
  type AttemptRow,
  type FeedbackRow,
  type QuestionRow,
} from './queries.js';

/**
 * Grading quiz attempts: whether an answer is correct and well-shaped, the score of an attempt, and
 * the grading of attempts whose time ran out (quizzes/service.ts runs the attempts).
 */

/** Lesson type codes that have questions and attempts, and the attempt kind of each. */
export const ATTEMPT_KINDS: Partial<Record<ClassroomLessonRow['typeCode'], AttemptKind>> = {
  quiz: 'QUIZ',
  learningObjective: 'LEARNING_PATH',
};

/** QUIZ for a `quiz` lesson, LEARNING_PATH for a `learningObjective` one. */
export type AttemptKind = 'QUIZ' | 'LEARNING_PATH';

/** Longest SHORT_ANSWER a learner may save, in characters (the contract's QuizAnswer string maxLength). */
export const SHORT_ANSWER_MAX_CHARS = 500;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Maximum score of a question bank: the sum of its questions' points, STEP excluded. */
export function maxScoreOf(questions: readonly Pick<QuestionRow, 'kind' | 'points'>[]): number {
  return questions.reduce((sum, q) => sum + (q.kind === 'STEP' ? 0 : q.points), 0);
}

/** Whether an attempt was graded after its time limit had passed (`submitted_at` > `deadline_at`): closed by the limit, not by the learner in time. */
export function closedByTimeLimit(a: Pick<AttemptRow, 'deadlineAt' | 'submittedAt'>): boolean {
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
export async function gradeOpenAttempt(
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
 * path of `startQuizAttempt` (quizzes/service.ts) and a late `submitQuizAttempt` (quizzes/service.ts) do (docs/classroom.md
 * "Quiz attempts"): a quiz becomes AUTOGRADED with its score (question points), `submitted_at` =
 * `now`. Learning paths have no time limit (`deadline_at` null), so they are never graded here.
 * Each attempt is graded in its own transaction under its row lock, so a concurrent submit or a
 * second sweep grades it once (the loser writes nothing and is not counted).
 * Called every minute and at start-up by server/main.ts, and with `scope` (the caller's attempts
 * in that session only) by getClassroom, getClassroomLesson and `listQuizAttempts` (quizzes/service.ts), so a
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
