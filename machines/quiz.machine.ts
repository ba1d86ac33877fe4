import { assign, emit, raise, setup } from 'xstate';
import { notProvided } from './support/actors';
import { failureOf, statusOf } from './support/errors';
import type { QuizAnswer, QuizAttempt, QuizKind, QuizQuestion } from './quiz.types';

/**
 * A learner taking a quiz or a learning path (issue #5; docs/classroom.md "Quiz attempts",
 * "Grading", "Browser storage"; openapi tag Quizzes). Pure: the calls are injected actors
 * (`quiz.actors.ts`: listQuizAttempts, startQuizAttempt, saveQuizAnswer, submitQuizAttempt) and
 * the browser-storage writes are injected actions (`createQuizActions`).
 *
 *   loadingAttempts ─done─▶ intro ; ─error─▶ attemptsFailed ─quiz.retried─▶ loadingAttempts
 *   intro ─quiz.started─▶ starting ─done─▶ answering (the open attempt resumed, or a new one)
 *                                  ─error─▶ startFailed (e.g. 409 "The deadline for this lesson has passed")
 *   startFailed ─quiz.started─▶ starting ; ─quiz.back─▶ intro
 *   answering (parallel):
 *     view:  browsing ─quiz.next | quiz.previous | quiz.jumped{index}─▶ browsing (position stored locally)
 *            browsing ─quiz.answered{questionId, answer}─▶ browsing (answer kept, save requested)
 *            browsing ─quiz.submitRequested─▶ confirming (quiz) | #submitting (learning path: "Finish")
 *            confirming ─quiz.submitConfirmed─▶ #submitting ; ─quiz.submitCancelled─▶ browsing
 *     sync:  (enters checking: a position restored from browser storage is saved at once)
 *            synced ─sync.requested─▶ pending ─after saveDebounce─▶ saving
 *            saving ─done─▶ checking ─always─▶ saving (more to save) | synced
 *                   ─error 409─▶ #submitting (the time limit has passed: grade what was saved)
 *                   ─error─▶ failed ─after saveRetry [retryable, < MAX_AUTO_RETRIES]─▶ saving
 *            failed ─quiz.saveRetried─▶ saving ; ─sync.requested─▶ pending
 *     ─after untilDeadline [hasDeadline]─▶ submitting (time is up: auto-submit)
 *   submitting ─done─▶ result ; ─error─▶ submitFailed (the server's message, e.g. 409)
 *   submitFailed ─quiz.submitRetried─▶ submitting ; ─quiz.back─▶ loadingAttempts
 *   result ─quiz.back─▶ loadingAttempts (the overview with every attempt and "Start again")
 *
 * Saving: each change marks its question dirty; the sync region saves one dirty question per
 * `PUT /quiz-attempts/{id}/answers/{questionId} {answer, currentIndex}` (the position rides along;
 * a position change alone is saved without `answer`). A question stays dirty until the answer the
 * server acknowledged equals the current one. Submitting first saves whatever is still dirty (in
 * the `submitAttempt` actor), then grades. The current-question position is also written to
 * `localStorage` at once (`storePosition`), and that copy wins when resuming (`startAttempt`
 * answers `storedIndex`; the server's `currentIndex` is the fallback).
 *
 * Tags: `loading` (loadingAttempts, starting), `saving` (sync.saving), `saveFailed` (sync.failed),
 * `submitting`. Emitted: `quiz.submitted` {attempt} (graded or DONE), `quiz.timeUp`.
 */

/** Quiet time after the last change before it is saved (ms): typing a short answer saves once. */
export const SAVE_DEBOUNCE_MS = 600;
/** Wait before the n-th automatic retry of a failed save: n × this (ms). */
export const SAVE_RETRY_MS = 3000;
/** Automatic retries of a failed save (network or 5xx) before waiting for "Retry". */
export const MAX_AUTO_RETRIES = 2;
/** Longest timer a browser keeps (ms, 2^31 − 1); a later deadline is re-checked on entry. */
const MAX_TIMER_MS = 2_147_483_647;
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

export function sameAnswer(a: QuizAnswer | undefined, b: QuizAnswer | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Questions of the attempt that take an answer (not STEP) and have none. */
export function unansweredCount(context: Pick<QuizContext, 'attempt' | 'answers'>): number {
  const questions = context.attempt?.questions ?? [];
  return questions.filter((q) => q.kind !== 'STEP' && !isAnswered(context.answers[String(q.id)])).length;
}

function hasUnsavedWork(context: QuizContext): boolean {
  return context.dirty.length > 0 || context.index !== context.serverIndex;
}

/** The next save: the oldest dirty answer (with the position), or the position alone. */
function nextSave(context: QuizContext): SaveAnswerInput {
  const attemptId = context.attempt!.id;
  const questionId = context.dirty[0];
  if (questionId !== undefined) {
    return { attemptId, questionId, answer: context.answers[String(questionId)] ?? null, currentIndex: context.index };
  }
  const current = context.attempt!.questions[context.index] ?? context.attempt!.questions[0];
  return { attemptId, questionId: current!.id, currentIndex: context.index };
}

const questionCount = (context: QuizContext) => context.attempt?.questions.length ?? 0;

const clampIndex = (index: number, count: number) =>
  Math.min(Math.max(0, Math.trunc(index) || 0), Math.max(0, count - 1));

function attemptKind(context: QuizContext): QuizKind {
  return context.attempt?.kind ?? context.kind;
}

export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as QuizInput,
    emitted: {} as QuizEmitted,
    tags: {} as 'loading' | 'saving' | 'saveFailed' | 'submitting',
  },
  actors: {
    /** GET /sessions/{id}/lessons/{lessonId}/attempts → the learner's attempts, newest first. */
    listAttempts: notProvided<QuizAttempt[], { sessionId: number; lessonId: number }>(
      'quiz',
      'listAttempts',
      'createQuizActors',
    ),
    /** POST /sessions/{id}/lessons/{lessonId}/attempts (start or resume) + the stored position. */
    startAttempt: notProvided<StartedAttempt, QuizInput>('quiz', 'startAttempt', 'createQuizActors'),
    /** PUT /quiz-attempts/{id}/answers/{questionId} {answer?, currentIndex} → the attempt. */
    saveAnswer: notProvided<QuizAttempt, SaveAnswerInput>('quiz', 'saveAnswer', 'createQuizActors'),
    /** The unsaved answers, then POST /quiz-attempts/{id}/submit → the graded (or DONE) attempt. */
    submitAttempt: notProvided<QuizAttempt, SubmitAttemptInput>('quiz', 'submitAttempt', 'createQuizActors'),
  },
  actions: {
    /** Writes the position to browser storage (provided by `createQuizActions`). */
    storePosition: (_, _params: PositionParams) => {},
    /** Removes the attempt's position from browser storage once submitted (provided by `createQuizActions`). */
    forgetPosition: (_, _params: Omit<PositionParams, 'index'>) => {},
    assignAttempts: assign((_, params: { attempts: QuizAttempt[] }) => ({ attempts: params.attempts, error: null })),
    assignFailure: assign((_, params: { code: QuizFailureCode; error: unknown }) => ({
      error: failureOf(params.code, params.error),
    })),
    clearFailure: assign({ error: null }),
    assignStarted: assign((_, params: StartedAttempt) => {
      const { attempt, storedIndex } = params;
      const index = clampIndex(storedIndex ?? attempt.currentIndex, attempt.questions.length);
      return {
        attempt,
        kind: attempt.kind,
        index,
        answers: { ...attempt.answers },
        dirty: [],
        serverIndex: attempt.currentIndex,
        inFlight: null,
        saveRetries: 0,
        saveError: null,
        error: null,
        timeUp: false,
      };
    }),
    setIndex: assign((_, params: { index: number }) => ({ index: params.index })),
    assignAnswer: assign(({ context }, params: { questionId: number; answer: QuizAnswer }) => {
      const key = String(params.questionId);
      return {
        answers: { ...context.answers, [key]: normalizeAnswer(params.answer) },
        dirty: [...context.dirty.filter((id) => id !== params.questionId), params.questionId],
      };
    }),
    requestSync: raise({ type: 'sync.requested' as const }),
    startSave: assign(({ context }) => ({ inFlight: nextSave(context) })),
    markSaved: assign(({ context }) => {
      const sent = context.inFlight;
      if (!sent) return {};
      const acknowledged = (id: number) =>
        id === sent.questionId && 'answer' in sent && sameAnswer(context.answers[String(id)], sent.answer);
      return {
        dirty: context.dirty.filter((id) => !acknowledged(id)),
        serverIndex: sent.currentIndex,
        inFlight: null,
        saveRetries: 0,
        saveError: null,
      };
    }),
    assignSaveFailure: assign((_, params: { error: unknown }) => ({
      inFlight: null,
      saveError: failureOf('save.failed', params.error),
    })),
    countRetry: assign(({ context }) => ({ saveRetries: context.saveRetries + 1 })),
    resetRetries: assign({ saveRetries: 0 }),
    markTimeUp: assign({ timeUp: true }),
    emitTimeUp: emit({ type: 'quiz.timeUp' as const }),
    assignSubmitted: assign(({ context }, params: { attempt: QuizAttempt }) => ({
      attempt: params.attempt,
      answers: { ...params.attempt.answers },
      dirty: [],
      inFlight: null,
      saveError: null,
      error: null,
      attempts: [params.attempt, ...context.attempts.filter((a) => a.id !== params.attempt.id)],
    })),
    emitSubmitted: emit((_, params: { attempt: QuizAttempt }) => ({
      type: 'quiz.submitted' as const,
      attempt: params.attempt,
    })),
    leaveAttempt: assign({
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
    }),
  },
  guards: {
    canGoNext: ({ context }) => context.index < questionCount(context) - 1,
    canGoPrevious: ({ context }) => context.index > 0,
    isOtherQuestion: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < questionCount(context) &&
      params.index !== context.index,
    answerFits: ({ context }, params: { questionId: number; answer: QuizAnswer }) => {
      const question = context.attempt?.questions.find((q) => q.id === params.questionId);
      return (
        Boolean(question) &&
        answerFits(question!, normalizeAnswer(params.answer)) &&
        !sameAnswer(context.answers[String(params.questionId)], normalizeAnswer(params.answer))
      );
    },
    isLearningPath: ({ context }) => attemptKind(context) === 'LEARNING_PATH',
    hasUnsaved: ({ context }) => hasUnsavedWork(context),
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    retryable: ({ context }) => {
      const status = context.saveError?.status;
      return (status === undefined || status === 0 || status >= 500) && context.saveRetries < MAX_AUTO_RETRIES;
    },
    hasDeadline: ({ context }) => Boolean(context.attempt?.deadlineAt),
  },
  delays: {
    saveDebounce: SAVE_DEBOUNCE_MS,
    saveRetry: ({ context }) => SAVE_RETRY_MS * (context.saveRetries + 1),
    /** ms until the attempt's `deadlineAt` (0 when passed; the longest timer when there is none). */
    untilDeadline: ({ context }) => {
      const deadline = context.attempt?.deadlineAt ? Date.parse(context.attempt.deadlineAt) : Number.NaN;
      if (!Number.isFinite(deadline)) return MAX_TIMER_MS;
      return Math.min(MAX_TIMER_MS, Math.max(0, deadline - Date.now()));
    },
  },
}).createMachine({
  id: 'quiz',
  initial: 'loadingAttempts',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    lessonId: input.lessonId,
    kind: input.kind,
    attempts: [],
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
  }),
  states: {
    loadingAttempts: {
      tags: ['loading'],
      invoke: {
        id: 'listAttempts',
        src: 'listAttempts',
        input: ({ context }) => ({ sessionId: context.sessionId, lessonId: context.lessonId }),
        onDone: {
          target: 'intro',
          actions: { type: 'assignAttempts', params: ({ event }) => ({ attempts: event.output }) },
        },
        onError: {
          target: 'attemptsFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'attempts.failed', error: event.error }) },
        },
      },
    },
    attemptsFailed: {
      on: { 'quiz.retried': { target: 'loadingAttempts', actions: 'clearFailure' } },
    },
    intro: {
      on: { 'quiz.started': { target: 'starting' } },
    },
    starting: {
      tags: ['loading'],
      invoke: {
        id: 'startAttempt',
        src: 'startAttempt',
        input: ({ context }) => ({ sessionId: context.sessionId, lessonId: context.lessonId, kind: context.kind }),
        onDone: { target: 'answering', actions: { type: 'assignStarted', params: ({ event }) => event.output } },
        onError: {
          target: 'startFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'start.failed', error: event.error }) },
        },
      },
    },
    startFailed: {
      on: {
        'quiz.started': { target: 'starting', actions: 'clearFailure' },
        'quiz.back': { target: 'intro', actions: 'clearFailure' },
      },
    },
    answering: {
      type: 'parallel',
      after: {
        untilDeadline: { guard: 'hasDeadline', target: 'submitting', actions: ['markTimeUp', 'emitTimeUp'] },
      },
      states: {
        view: {
          initial: 'browsing',
          states: {
            browsing: {
              on: {
                'quiz.next': {
                  guard: 'canGoNext',
                  actions: [
                    { type: 'setIndex', params: ({ context }) => ({ index: context.index + 1 }) },
                    {
                      type: 'storePosition',
                      params: ({ context }) => ({
                        kind: context.kind,
                        attemptId: context.attempt!.id,
                        index: context.index,
                      }),
                    },
                    'requestSync',
                  ],
                },
                'quiz.previous': {
                  guard: 'canGoPrevious',
                  actions: [
                    { type: 'setIndex', params: ({ context }) => ({ index: context.index - 1 }) },
                    {
                      type: 'storePosition',
                      params: ({ context }) => ({
                        kind: context.kind,
                        attemptId: context.attempt!.id,
                        index: context.index,
                      }),
                    },
                    'requestSync',
                  ],
                },
                'quiz.jumped': {
                  guard: { type: 'isOtherQuestion', params: ({ event }) => ({ index: event.index }) },
                  actions: [
                    { type: 'setIndex', params: ({ event }) => ({ index: event.index }) },
                    {
                      type: 'storePosition',
                      params: ({ context }) => ({
                        kind: context.kind,
                        attemptId: context.attempt!.id,
                        index: context.index,
                      }),
                    },
                    'requestSync',
                  ],
                },
                'quiz.answered': {
                  guard: {
                    type: 'answerFits',
                    params: ({ event }) => ({ questionId: event.questionId, answer: event.answer }),
                  },
                  actions: [
                    {
                      type: 'assignAnswer',
                      params: ({ event }) => ({ questionId: event.questionId, answer: event.answer }),
                    },
                    'requestSync',
                  ],
                },
                'quiz.submitRequested': [
                  { guard: 'isLearningPath', target: '#quiz.submitting' },
                  { target: 'confirming' },
                ],
              },
            },
            confirming: {
              on: {
                'quiz.submitConfirmed': { target: '#quiz.submitting' },
                'quiz.submitCancelled': { target: 'browsing' },
              },
            },
          },
        },
        sync: {
          // Entering checks first: a position restored from browser storage is sent to the server.
          initial: 'checking',
          states: {
            synced: {
              on: { 'sync.requested': { target: 'pending' } },
            },
            pending: {
              after: { saveDebounce: { target: 'saving' } },
              on: { 'sync.requested': { target: 'pending', reenter: true } },
            },
            saving: {
              tags: ['saving'],
              entry: 'startSave',
              invoke: {
                id: 'saveAnswer',
                src: 'saveAnswer',
                input: ({ context }) => nextSave(context),
                onDone: { target: 'checking', actions: 'markSaved' },
                onError: [
                  {
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#quiz.submitting',
                    actions: [
                      { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
                      'markTimeUp',
                      'emitTimeUp',
                    ],
                  },
                  {
                    target: 'failed',
                    actions: { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            checking: {
              always: [{ guard: 'hasUnsaved', target: 'saving' }, { target: 'synced' }],
            },
            failed: {
              tags: ['saveFailed'],
              after: { saveRetry: { guard: 'retryable', target: 'saving', actions: 'countRetry' } },
              on: {
                'quiz.saveRetried': { target: 'saving', actions: 'resetRetries' },
                'sync.requested': { target: 'pending', actions: 'resetRetries' },
              },
            },
          },
        },
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        id: 'submitAttempt',
        src: 'submitAttempt',
        input: ({ context }) => ({
          attemptId: context.attempt!.id,
          unsaved: context.dirty.map((questionId) => ({
            questionId,
            answer: context.answers[String(questionId)] ?? null,
          })),
          currentIndex: context.index,
        }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'assignSubmitted', params: ({ event }) => ({ attempt: event.output }) },
            {
              type: 'forgetPosition',
              params: ({ event }) => ({ kind: event.output.kind, attemptId: event.output.id }),
            },
            { type: 'emitSubmitted', params: ({ event }) => ({ attempt: event.output }) },
          ],
        },
        onError: {
          target: 'submitFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'submit.failed', error: event.error }) },
        },
      },
    },
    submitFailed: {
      on: {
        'quiz.submitRetried': { target: 'submitting', actions: 'clearFailure' },
        'quiz.back': { target: 'loadingAttempts', actions: 'leaveAttempt' },
      },
    },
    result: {
      on: { 'quiz.back': { target: 'loadingAttempts', actions: 'leaveAttempt' } },
    },
  },
});
