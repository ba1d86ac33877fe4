import { assign, emit, raise, setup } from 'xstate';
import { notProvided } from './support/actors';
import { failureOf, statusOf } from './support/errors';
import type { QuizAnswer, QuizAttempt } from './quiz.types';
import {
  SAVE_DEBOUNCE_MS,
  SAVE_RETRY_MS,
  MAX_AUTO_RETRIES,
  MAX_TIMER_MS,
  type QuizInput,
  type StartedAttempt,
  type SaveAnswerInput,
  type SubmitAttemptInput,
  type QuizFailureCode,
  type QuizContext,
  type QuizEvent,
  type QuizEmitted,
  type PositionParams,
  normalizeAnswer,
  answerFits,
  sameAnswer,
  hasUnsavedWork,
  nextSave,
  noAttempt,
  questionCount,
  clampIndex,
  attemptKind,
} from './quiz.context';

/**
 * What the quiz statechart (quiz.machine.ts) is built from: its actors (provided from quiz.actors.ts), actions,
 * guards and delays.
 */

export const quizSetup = setup({
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
    leaveAttempt: assign(() => noAttempt()),
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
});
