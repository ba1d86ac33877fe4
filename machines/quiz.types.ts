import type { Schema } from './support/contract';

/**
 * The quiz and learning-path shapes of the API (openapi/halaqa.yaml, tag Quizzes), as generated in
 * openapi/schema.d.ts. Re-exported here so machines and screens import one name.
 */

/** A question without its answer key (the key never leaves the server before submission). */
export type QuizQuestion = Schema<'QuizQuestion'>;
/**
 * An answer: option ids (SINGLE: exactly one, MULTIPLE: any), `true`/`false` (TRUE_FALSE), a short
 * text (SHORT_ANSWER), or `null` (cleared / not answered).
 */
export type QuizAnswer = Schema<'QuizAnswer'>;
/** Per-question result after submission (`points` and `pointsAwarded` in the lesson's points). */
export type QuizFeedback = Schema<'QuizFeedback'>;
/**
 * An attempt (lesson, session, learner). `status` IN_PROGRESS → AUTOGRADED (quiz) or DONE (learning
 * path); `deadlineAt` = start + time limit (ISO instant, null = no limit); `answers` by question id;
 * `score`/`feedback` only after submission.
 */
export type QuizAttempt = Schema<'QuizAttempt'>;
/** QUIZ or LEARNING_PATH: also chooses the browser-storage key of the position. */
export type QuizKind = QuizAttempt['kind'];
