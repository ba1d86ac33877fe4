import type { QuizAnswer, QuizAttempt, QuizKind, QuizQuestion } from './quiz.types';

/**
 * The quiz statechart's own shapes and pure rules (quiz.machine.ts): its input, context, events and failures, the
 * save timings, and the functions over answers and positions its guards and actions use. The API's quiz shapes
 * are in quiz.types.ts.
 */

/** Quiet time after the last change before it is saved (ms): typing a short answer saves once. */
export const SAVE_DEBOUNCE_MS = 600;
/** Wait before the n-th automatic retry of a failed save: n × this (ms). */
export const SAVE_RETRY_MS = 3000;
/** Automatic retries of a failed save (network or 5xx) before waiting for "Retry". */
export const MAX_AUTO_RETRIES = 2;
/** Longest timer a browser keeps (ms, 2^31 − 1); a later deadline is re-checked on entry. */
export const MAX_TIMER_MS = 2_147_483_647;
/** Longest short answer (the contract's QuizAnswer maxLength). */
export const SHORT_ANSWER_MAX_CHARS = 500;

export interface QuizInput {
  sessionId: number;
  lessonId: number;
  /** QUIZ for a `quiz` lesson, LEARNING_PATH for a `learningObjective` one (until an attempt says). */
  kind: QuizKind;
}

/** What `startAttempt` resolves: the attempt and the position stored in the browser (null: none). */
export interface StartedAttempt {
  attempt: QuizAttempt;
  storedIndex: number | null;
}

/**
 * Input of `saveAnswer`: `PUT /quiz-attempts/{attemptId}/answers/{questionId}`; `answer` present
 * (null clears) = save the answer, absent = save only the position `currentIndex`.
 */
export interface SaveAnswerInput {
  attemptId: number;
  questionId: number;
  answer?: QuizAnswer;
  currentIndex: number;
}

/** Input of `submitAttempt`: save the `unsaved` answers first, then `POST /quiz-attempts/{id}/submit`. */
export interface SubmitAttemptInput {
  attemptId: number;
  unsaved: Array<{ questionId: number; answer: QuizAnswer }>;
  currentIndex: number;
}

export type QuizFailureCode = 'attempts.failed' | 'start.failed' | 'save.failed' | 'submit.failed';

export interface QuizFailure {
  code: QuizFailureCode;
  /** HTTP status (0 = no answer from the server). */
  status?: number;
  /** The server's message (e.g. 409 "The deadline for this lesson has passed"). */
  message?: string;
}

export interface QuizContext {
  sessionId: number;
  lessonId: number;
  kind: QuizKind;
  /** The learner's attempts of the lesson, newest first (listQuizAttempts). */
  attempts: QuizAttempt[];
  /** The attempt being taken, or the graded one shown in `result`. */
  attempt: QuizAttempt | null;
  /** The current question (0-based). */
  index: number;
  /** The learner's answers by question id (what the screen shows; ahead of the server while saving). */
  answers: Record<string, QuizAnswer>;
  /** Questions whose answer the server has not acknowledged yet, oldest change first. */
  dirty: number[];
  /** The position the server holds (its `currentIndex` after the last save). */
  serverIndex: number;
  /** The save in flight. */
  inFlight: SaveAnswerInput | null;
  /** Automatic retries of the failing save so far. */
  saveRetries: number;
  saveError: QuizFailure | null;
  /** Failure of the list, the start or the submission. */
  error: QuizFailure | null;
  /** The attempt was submitted because its time limit passed. */
  timeUp: boolean;
}

export type QuizEvent =
  | { type: 'quiz.retried' }
  | { type: 'quiz.started' }
  | { type: 'quiz.back' }
  | { type: 'quiz.next' }
  | { type: 'quiz.previous' }
  | { type: 'quiz.jumped'; index: number }
  | { type: 'quiz.answered'; questionId: number; answer: QuizAnswer }
  | { type: 'quiz.submitRequested' }
  | { type: 'quiz.submitConfirmed' }
  | { type: 'quiz.submitCancelled' }
  | { type: 'quiz.saveRetried' }
  | { type: 'quiz.submitRetried' }
  /** Internal: a change to save (raised by the view region). */
  | { type: 'sync.requested' };

export type QuizEmitted = { type: 'quiz.submitted'; attempt: QuizAttempt } | { type: 'quiz.timeUp' };

/** Parameters of the injected storage actions. */
export interface PositionParams {
  kind: QuizKind;
  attemptId: number;
  index: number;
}

/**
 * The answer as stored: a blank short answer and an empty choice list become `null` (not
 * answered); short answers are cut to {@link SHORT_ANSWER_MAX_CHARS}.
 */
export function normalizeAnswer(answer: QuizAnswer): QuizAnswer {
  if (Array.isArray(answer)) return answer.length ? [...new Set(answer)] : null;
  if (typeof answer === 'string') return answer.trim() ? answer.slice(0, SHORT_ANSWER_MAX_CHARS) : null;
  return answer;
}

/** Whether `answer` has the shape of `question`'s kind (docs/classroom.md "Quiz attempts"); null always fits but a STEP takes none. */
export function answerFits(question: QuizQuestion, answer: QuizAnswer): boolean {
  if (question.kind === 'STEP') return false;
  if (answer === null) return true;
  const ids = new Set(question.options.map((o) => o.id));
  switch (question.kind) {
    case 'SINGLE':
      return Array.isArray(answer) && answer.length === 1 && ids.has(answer[0]!);
    case 'MULTIPLE':
      return Array.isArray(answer) && answer.every((id) => ids.has(id));
    case 'TRUE_FALSE':
      return typeof answer === 'boolean';
    case 'SHORT_ANSWER':
      return typeof answer === 'string';
  }
}

/** Whether `answer` counts as answered (for "unanswered" counts and the question list). */
export function isAnswered(answer: QuizAnswer | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  if (Array.isArray(answer)) return answer.length > 0;
  if (typeof answer === 'string') return answer.trim().length > 0;
  return true;
}

/** Whether two answers are the same (compared by value; a missing answer is null). */
export function sameAnswer(a: QuizAnswer | undefined, b: QuizAnswer | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Questions of the attempt that take an answer (not STEP) and have none. */
export function unansweredCount(context: Pick<QuizContext, 'attempt' | 'answers'>): number {
  const questions = context.attempt?.questions ?? [];
  return questions.filter((q) => q.kind !== 'STEP' && !isAnswered(context.answers[String(q.id)])).length;
}

/** Whether answers or the position have not reached the server yet. */
export function hasUnsavedWork(context: QuizContext): boolean {
  return context.dirty.length > 0 || context.index !== context.serverIndex;
}

/** The next save: the oldest dirty answer (with the position), or the position alone. */
export function nextSave(context: QuizContext): SaveAnswerInput {
  const attemptId = context.attempt!.id;
  const questionId = context.dirty[0];
  if (questionId !== undefined) {
    return { attemptId, questionId, answer: context.answers[String(questionId)] ?? null, currentIndex: context.index };
  }
  const current = context.attempt!.questions[context.index] ?? context.attempt!.questions[0];
  return { attemptId, questionId: current!.id, currentIndex: context.index };
}

/** How many questions the started attempt has (0 before it starts). */
export const questionCount = (context: QuizContext) => context.attempt?.questions.length ?? 0;

/** A question index made whole and kept within 0…count − 1. */
export const clampIndex = (index: number, count: number) =>
  Math.min(Math.max(0, Math.trunc(index) || 0), Math.max(0, count - 1));

/** Quiz or learning path: the started attempt's kind, else the one the machine was started for. */
export function attemptKind(context: QuizContext): QuizKind {
  return context.attempt?.kind ?? context.kind;
}

/** The context of no attempt in progress: no answers, nothing to save, no failure (the attempts list is kept). */
export function noAttempt(): Pick<
  QuizContext,
  | 'attempt'
  | 'index'
  | 'answers'
  | 'dirty'
  | 'serverIndex'
  | 'inFlight'
  | 'saveRetries'
  | 'saveError'
  | 'error'
  | 'timeUp'
> {
  return {
    attempt: null,
    index: 0,
    answers: {},
    dirty: [],
    serverIndex: 0,
    inFlight: null,
    saveRetries: 0,
    saveError: null,
    error: null,
    timeUp: false,
  };
}

/** An `onError` that keeps the failure as `code` and goes to `target`, where the learner retries or goes back. */
export function failTo<Target extends string>(target: Target, code: QuizFailureCode) {
  return {
    target,
    actions: {
      type: 'assignFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ code, error: event.error }),
    },
  } as const;
}
