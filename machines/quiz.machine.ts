import { quizSetup } from './quiz.setup';
import { failTo, nextSave, noAttempt, type QuizContext } from './quiz.context';

export * from './quiz.context';

/**
 * A learner taking a quiz or a learning path (docs/classroom.md "Quiz attempts",
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
/** Keeps the question shown (per attempt, in the browser) so a reload comes back to it. */
const storePosition = {
  type: 'storePosition',
  params: ({ context }: { context: QuizContext }) => ({
    kind: context.kind,
    attemptId: context.attempt!.id,
    index: context.index,
  }),
} as const;

export const quizMachine = quizSetup.createMachine({
  id: 'quiz',
  initial: 'loadingAttempts',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    lessonId: input.lessonId,
    kind: input.kind,
    attempts: [],
    ...noAttempt(),
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
        onError: failTo('attemptsFailed', 'attempts.failed'),
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
        onError: failTo('startFailed', 'start.failed'),
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
                    storePosition,
                    'requestSync',
                  ],
                },
                'quiz.previous': {
                  guard: 'canGoPrevious',
                  actions: [
                    { type: 'setIndex', params: ({ context }) => ({ index: context.index - 1 }) },
                    storePosition,
                    'requestSync',
                  ],
                },
                'quiz.jumped': {
                  guard: { type: 'isOtherQuestion', params: ({ event }) => ({ index: event.index }) },
                  actions: [
                    { type: 'setIndex', params: ({ event }) => ({ index: event.index }) },
                    storePosition,
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
        onError: failTo('submitFailed', 'submit.failed'),
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
