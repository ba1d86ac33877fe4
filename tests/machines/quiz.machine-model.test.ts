import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import {} from '@machines/question-position';
import {
  type QuizSnapshot,
  attemptsFailed,
  hasUnsavedAnswers,
  isConfirmingSubmit,
  isLoading,
  isLoadingAttempts,
  isSaving,
  isStarting,
  isSubmitting,
  saveFailed,
  selectQuizView,
  startFailed,
} from '@machines/quiz.selectors';
import {
  MAX_AUTO_RETRIES,
  type PositionParams,
  type QuizContext,
  type QuizInput,
  type SaveAnswerInput,
  quizMachine,
} from '@machines/quiz.machine';
import { describeModelBased } from './model';
import { graded, pathAttempt, pathDone, pathInput, quizAttempt, quizInput } from './quiz.machine-shared';

const common: AnyEventObject[] = [
  { type: 'quiz.retried' },
  { type: 'quiz.started' },
  { type: 'quiz.back' },
  { type: 'quiz.next' },
  { type: 'quiz.previous' },
  { type: 'quiz.jumped', index: 2 },
  { type: 'quiz.jumped', index: 7 },
  { type: 'quiz.submitRequested' },
  { type: 'quiz.submitConfirmed' },
  { type: 'quiz.submitCancelled' },
  { type: 'quiz.saveRetried' },
  { type: 'quiz.submitRetried' },
  { type: 'xstate.error.actor.listAttempts', error: { status: 500, serverMessage: 'Boom' } },
  {
    type: 'xstate.error.actor.startAttempt',
    error: { status: 409, serverMessage: 'The deadline for this lesson has passed' },
  },
  { type: 'xstate.error.actor.saveAnswer', error: { status: 503 } },
  {
    type: 'xstate.error.actor.saveAnswer',
    error: { status: 409, serverMessage: 'The time limit of this attempt has passed' },
  },
  {
    type: 'xstate.error.actor.submitAttempt',
    error: { status: 409, serverMessage: 'This attempt has already been submitted' },
  },
];

const quizEvents: AnyEventObject[] = [
  ...common,
  { type: 'xstate.done.actor.listAttempts', output: [graded] },
  { type: 'xstate.done.actor.startAttempt', output: { attempt: quizAttempt, storedIndex: 1 } },
  { type: 'quiz.answered', questionId: 31, answer: true },
  { type: 'quiz.answered', questionId: 33, answer: ['b', 'c'] },
  { type: 'quiz.answered', questionId: 32, answer: true }, // wrong shape: refused
  { type: 'xstate.done.actor.saveAnswer', output: quizAttempt },
  { type: 'xstate.done.actor.submitAttempt', output: graded },
];

const pathEvents: AnyEventObject[] = [
  ...common,
  { type: 'xstate.done.actor.listAttempts', output: [] },
  { type: 'xstate.done.actor.startAttempt', output: { attempt: pathAttempt, storedIndex: null } },
  { type: 'quiz.answered', questionId: 41, answer: null }, // a STEP takes no answer
  { type: 'xstate.done.actor.saveAnswer', output: pathAttempt },
  { type: 'xstate.done.actor.submitAttempt', output: pathDone },
];

/** Graph identity: the state and what the guards look at (not every answer combination). */
function serializeState(s: AnyMachineSnapshot) {
  const c = s.context as QuizContext;
  return JSON.stringify({
    value: s.value,
    index: c.index,
    unsaved: c.dirty.length > 0 || c.index !== c.serverIndex,
    autoRetry: c.saveRetries < MAX_AUTO_RETRIES,
  });
}

function checkState(s: AnyMachineSnapshot, input: QuizInput) {
  // Selectors (machines/quiz.selectors.ts): one screen per state; "saving" also while the debounce runs.
  const snap = s as QuizSnapshot;
  const view =
    s.matches('answering') || s.matches('submitting')
      ? 'answering'
      : s.matches('result')
        ? 'result'
        : s.matches('submitFailed')
          ? 'submitFailed'
          : 'overview';
  expect(selectQuizView(snap)).toBe(view);
  expect(isSaving(snap)).toBe(
    s.matches({ answering: { sync: 'saving' } }) || s.matches({ answering: { sync: 'pending' } }),
  );
  expect(saveFailed(snap)).toBe(s.matches({ answering: { sync: 'failed' } }));
  expect(hasUnsavedAnswers(snap)).toBe(s.matches('answering') && (s.context as QuizContext).dirty.length > 0);
  expect(isConfirmingSubmit(snap)).toBe(s.matches({ answering: { view: 'confirming' } }));
  expect(isLoading(snap)).toBe(isLoadingAttempts(snap) || isStarting(snap));
  expect(attemptsFailed(snap)).toBe(s.matches('attemptsFailed'));
  expect(startFailed(snap)).toBe(s.matches('startFailed'));
  expect(isSubmitting(snap)).toBe(s.matches('submitting'));
  const c = s.context as QuizContext;
  expect(s.hasTag('loading')).toBe(s.matches('loadingAttempts') || s.matches('starting'));
  expect(s.hasTag('submitting')).toBe(s.matches('submitting'));
  expect(s.hasTag('saving')).toBe(s.matches({ answering: { sync: 'saving' } }));
  expect(s.hasTag('saveFailed')).toBe(s.matches({ answering: { sync: 'failed' } }));
  if (s.matches('attemptsFailed')) expect(c.error).toEqual({ code: 'attempts.failed', status: 500, message: 'Boom' });
  if (s.matches('startFailed'))
    expect(c.error).toEqual({ code: 'start.failed', status: 409, message: 'The deadline for this lesson has passed' });
  if (s.matches('submitFailed'))
    expect(c.error).toEqual({ code: 'submit.failed', status: 409, message: 'This attempt has already been submitted' });
  if (s.matches('intro')) expect(c.attempt).toBeNull();
  if (s.matches('answering') || s.matches('submitting')) {
    expect(c.attempt?.status).toBe('IN_PROGRESS');
    expect(c.index).toBeGreaterThanOrEqual(0);
    expect(c.index).toBeLessThan(c.attempt!.questions.length);
    // Only answerable questions are ever answered or dirty.
    for (const id of c.dirty) expect(c.attempt!.questions.find((q) => q.id === id)?.kind).not.toBe('STEP');
    expect(c.kind).toBe(input.kind);
  }
  if (s.matches({ answering: { sync: 'synced' } })) {
    expect(c.dirty).toEqual([]);
    expect(c.serverIndex).toBe(c.index);
  }
  if (s.matches({ answering: { sync: 'saving' } })) expect(c.inFlight?.attemptId).toBe(c.attempt!.id);
  if (s.matches({ answering: { sync: 'failed' } })) expect(c.saveError).toEqual({ code: 'save.failed', status: 503 });
  if (s.matches({ answering: { view: 'confirming' } })) expect(c.attempt!.kind).toBe('QUIZ');
  if (s.matches('result')) {
    expect(['AUTOGRADED', 'DONE']).toContain(c.attempt!.status);
    expect(c.attempts[0]).toEqual(c.attempt);
    expect(c.dirty).toEqual([]);
  }
}

describeModelBased(quizMachine, {
  name: 'quiz.machine',
  inputs: [
    { name: 'quiz', input: quizInput, events: quizEvents },
    { name: 'learning path', input: pathInput, events: pathEvents },
  ],
  serialize: serializeState,
  actors: ['listAttempts', 'startAttempt', 'saveAnswer', 'submitAttempt'],
  check: ({ snapshot, started, path }) => {
    const input = path.input as QuizInput;
    const c = snapshot.context as QuizContext;
    checkState(snapshot, input);
    for (const [name, got] of started) {
      if (name === 'listAttempts') expect(got).toEqual({ sessionId: 41, lessonId: input.lessonId });
      if (name === 'startAttempt') expect(got).toEqual(input);
      if (name === 'saveAnswer') {
        const save = got as SaveAnswerInput;
        expect(save).toEqual(c.inFlight);
        if ('answer' in save) expect(c.dirty).toContain(save.questionId);
        else expect(save.questionId).toBe(c.attempt!.questions[c.index]!.id);
      }
      if (name === 'submitAttempt') {
        expect(got).toEqual({
          attemptId: c.attempt!.id,
          unsaved: c.dirty.map((questionId) => ({ questionId, answer: c.answers[String(questionId)] })),
          currentIndex: c.index,
        });
      }
    }
  },
  setup: ({ provide, path }) => {
    const input = path.input as QuizInput;
    const stored: PositionParams[] = [];
    const forgotten: Array<Omit<PositionParams, 'index'>> = [];
    let storedSeen = 0;
    return {
      machine: provide({
        actions: {
          storePosition: (_, params) => stored.push(params),
          forgetPosition: (_, params) => forgotten.push(params),
        },
      }),
      check: ({ snapshot, event }) => {
        const c = snapshot.context as QuizContext;
        // Every move writes the new position to browser storage at once.
        for (const p of stored.slice(storedSeen))
          expect(p).toEqual({ kind: input.kind, attemptId: c.attempt!.id, index: c.index });
        storedSeen = stored.length;
        if (event.type === 'xstate.done.actor.submitAttempt')
          expect(forgotten.at(-1)).toEqual({ kind: input.kind, attemptId: c.attempt!.id });
      },
      done: ({ starts }) => expect(starts[0]?.[0]).toBe('listAttempts'),
    };
  },
});
