import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  POSITION_KEYS,
  type PositionStorage,
  forgetPosition,
  readPosition,
  readPositions,
  writePosition,
} from '@machines/question-position';
import { createQuizActions, createQuizActors } from '@machines/quiz.actors';
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
  type QuizEmitted,
  type QuizInput,
  type SaveAnswerInput,
  SAVE_DEBOUNCE_MS,
  SAVE_RETRY_MS,
  answerFits,
  normalizeAnswer,
  quizMachine,
  unansweredCount,
} from '@machines/quiz.machine';
import type { QuizAttempt, QuizQuestion } from '@machines/quiz.types';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { describeModelBased } from './model';

const options = [
  { id: 'a', text: "''" },
  { id: 'b', text: '0' },
  { id: 'c', text: 'NaN' },
];

function question(id: number, kind: QuizQuestion['kind'], patch: Partial<QuizQuestion> = {}): QuizQuestion {
  return {
    id,
    kind,
    prompt: `Question ${id}`,
    pictureUrl: null,
    points: kind === 'STEP' ? 0 : 1,
    options: kind === 'SINGLE' || kind === 'MULTIPLE' ? options : [],
    ...patch,
  };
}

function attemptOf(patch: Partial<QuizAttempt> = {}): QuizAttempt {
  return {
    id: 9,
    lessonId: 503,
    sessionId: 41,
    kind: 'QUIZ',
    status: 'IN_PROGRESS',
    currentIndex: 0,
    startedAt: '2031-03-05T10:00:00Z',
    deadlineAt: '2031-03-05T10:10:00Z',
    submittedAt: null,
    score: null,
    maxScore: 3,
    questions: [question(31, 'TRUE_FALSE'), question(32, 'SINGLE'), question(33, 'MULTIPLE')],
    answers: {},
    feedback: null,
    ...patch,
  };
}

const quizAttempt = attemptOf();
const graded = attemptOf({
  status: 'AUTOGRADED',
  submittedAt: '2031-03-05T10:04:00Z',
  score: 1,
  answers: { '31': true },
  feedback: [
    { questionId: 31, correct: true, pointsAwarded: 1, points: 1, correctAnswer: true, explanation: null },
    {
      questionId: 32,
      correct: false,
      pointsAwarded: 0,
      points: 1,
      correctAnswer: ['a'],
      explanation: 'Both become empty strings.',
    },
    { questionId: 33, correct: false, pointsAwarded: 0, points: 1, correctAnswer: ['b', 'c'], explanation: null },
  ],
});
const pathAttempt = attemptOf({
  id: 12,
  lessonId: 506,
  kind: 'LEARNING_PATH',
  deadlineAt: null,
  maxScore: 1,
  questions: [question(41, 'STEP'), question(42, 'SINGLE'), question(43, 'STEP')],
});
const pathDone = { ...pathAttempt, status: 'DONE' as const, submittedAt: '2031-03-05T10:20:00Z', feedback: [] };

const quizInput: QuizInput = { sessionId: 41, lessonId: 503, kind: 'QUIZ' };
const pathInput: QuizInput = { sessionId: 41, lessonId: 506, kind: 'LEARNING_PATH' };

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

describe('quiz rules', () => {
  it('normalises answers: blank text and empty lists are no answer, duplicates go', () => {
    expect(normalizeAnswer('  ')).toBeNull();
    expect(normalizeAnswer([])).toBeNull();
    expect(normalizeAnswer(['b', 'b', 'c'])).toEqual(['b', 'c']);
    expect(normalizeAnswer('x'.repeat(600))).toHaveLength(500);
    expect(normalizeAnswer(false)).toBe(false);
  });

  it('checks the answer shape of each kind; a STEP takes none', () => {
    expect(answerFits(question(1, 'SINGLE'), ['a'])).toBe(true);
    expect(answerFits(question(1, 'SINGLE'), ['a', 'b'])).toBe(false);
    expect(answerFits(question(1, 'SINGLE'), ['z'])).toBe(false);
    expect(answerFits(question(1, 'MULTIPLE'), ['a', 'c'])).toBe(true);
    expect(answerFits(question(1, 'TRUE_FALSE'), false)).toBe(true);
    expect(answerFits(question(1, 'TRUE_FALSE'), 'true')).toBe(false);
    expect(answerFits(question(1, 'SHORT_ANSWER'), 'null')).toBe(true);
    expect(answerFits(question(1, 'SHORT_ANSWER'), null)).toBe(true);
    expect(answerFits(question(1, 'STEP'), null)).toBe(false);
  });

  it('counts unanswered questions, STEP excluded', () => {
    expect(unansweredCount({ attempt: quizAttempt, answers: { '31': false, '32': null, '33': [] } })).toBe(2);
    expect(unansweredCount({ attempt: pathAttempt, answers: {} })).toBe(1);
  });
});

describe('question-position (browser storage)', () => {
  function memory(initial: Record<string, string> = {}): PositionStorage & { data: Record<string, string> } {
    const data = { ...initial };
    return {
      data,
      getItem: (k) => data[k] ?? null,
      setItem: (k, v) => void (data[k] = v),
      removeItem: (k) => void delete data[k],
    };
  }

  it('keeps a JSON map attemptId → index under one key per kind', () => {
    const storage = memory();
    writePosition('QUIZ', 9, 2, storage);
    writePosition('QUIZ', 10, 0, storage);
    writePosition('LEARNING_PATH', 12, 1, storage);
    expect(POSITION_KEYS).toEqual({ QUIZ: 'halaqa.quiz.position', LEARNING_PATH: 'halaqa.learningPath.position' });
    expect(JSON.parse(storage.data['halaqa.quiz.position']!)).toEqual({ '9': 2, '10': 0 });
    expect(JSON.parse(storage.data['halaqa.learningPath.position']!)).toEqual({ '12': 1 });
    expect(readPosition('QUIZ', 9, storage)).toBe(2);
    expect(readPosition('QUIZ', 12, storage)).toBeNull();
    forgetPosition('QUIZ', 9, storage);
    forgetPosition('QUIZ', 10, storage);
    expect(storage.data['halaqa.quiz.position']).toBeUndefined();
  });

  it('tolerates corrupt JSON, odd values, no storage and a storage that throws', () => {
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '{not json' }))).toEqual({});
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '[1,2]' }))).toEqual({});
    expect(readPositions('QUIZ', memory({ 'halaqa.quiz.position': '{"9":-1,"10":1.5,"11":"2","12":3}' }))).toEqual({
      '12': 3,
    });
    const corrupt = memory({ 'halaqa.quiz.position': 'oops' });
    writePosition('QUIZ', 9, 1, corrupt);
    expect(JSON.parse(corrupt.data['halaqa.quiz.position']!)).toEqual({ '9': 1 });
    writePosition('QUIZ', 9, -3, corrupt);
    expect(readPosition('QUIZ', 9, corrupt)).toBe(1);
    expect(readPosition('QUIZ', 9, null)).toBeNull();
    expect(() => writePosition('QUIZ', 9, 1, null)).not.toThrow();
    const broken: PositionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readPosition('QUIZ', 9, broken)).toBeNull();
    expect(() => writePosition('QUIZ', 9, 1, broken)).not.toThrow();
    expect(() => forgetPosition('QUIZ', 9, broken)).not.toThrow();
    // Node has no localStorage: the default storage is absent and nothing throws.
    expect(readPosition('QUIZ', 9)).toBeNull();
  });
});

describe('quiz.machine with the real actors (fake fetch)', () => {
  afterEach(() => vi.useRealTimers());

  function storageWith(map: Record<string, number> = {}) {
    const data: Record<string, string> = Object.keys(map).length ? { 'halaqa.quiz.position': JSON.stringify(map) } : {};
    const storage: PositionStorage = {
      getItem: (k) => data[k] ?? null,
      setItem: (k, v) => void (data[k] = v),
      removeItem: (k) => void delete data[k],
    };
    return { data, storage };
  }

  it('resumes at the stored position, saves answers and position in the background, submits', async () => {
    vi.useFakeTimers({ now: new Date('2031-03-05T10:01:00Z') });
    const { data, storage } = storageWith({ 9: 2 });
    const resumed = attemptOf({ currentIndex: 1, answers: { '31': true } });
    const mock = mockFetch({
      'GET /api/sessions/41/lessons/503/attempts': () => json(200, { data: [resumed] }),
      'POST /api/sessions/41/lessons/503/attempts': () => json(200, { data: resumed }),
      'PUT /api/quiz-attempts/9/answers/33': () => json(200, { data: resumed }),
      'PUT /api/quiz-attempts/9/answers/32': () => json(200, { data: resumed }),
      'POST /api/quiz-attempts/9/submit': () => json(200, { data: graded }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(
      quizMachine.provide({ actors: createQuizActors(api, storage), actions: createQuizActions(storage) }),
      { input: quizInput },
    );
    const emitted: QuizEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as QuizEmitted));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('intro')).toBe(true);
    expect(actor.getSnapshot().context.attempts).toEqual([resumed]);

    actor.send({ type: 'quiz.started' });
    await vi.advanceTimersByTimeAsync(0);
    // Browser storage (2) wins over the server's currentIndex (1).
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(actor.getSnapshot().context.answers).toEqual({ '31': true });

    // The restored position differs from the server's: it is sent at once.
    const puts = () => mock.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, JSON.parse(c.body!)]);
    expect(puts()).toEqual([['/api/quiz-attempts/9/answers/33', { currentIndex: 2 }]]);

    actor.send({ type: 'quiz.answered', questionId: 33, answer: ['b'] });
    actor.send({ type: 'quiz.answered', questionId: 33, answer: ['b', 'c'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 10);
    expect(puts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    // One save for the two quick changes, with the position.
    expect(puts().at(-1)).toEqual(['/api/quiz-attempts/9/answers/33', { answer: ['b', 'c'], currentIndex: 2 }]);
    expect(actor.getSnapshot().matches({ answering: { sync: 'synced' } })).toBe(true);

    actor.send({ type: 'quiz.previous' });
    expect(JSON.parse(data['halaqa.quiz.position']!)).toEqual({ '9': 1 });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    // A move alone saves the position without an answer.
    expect(puts().at(-1)).toEqual(['/api/quiz-attempts/9/answers/32', { currentIndex: 1 }]);

    actor.send({ type: 'quiz.answered', questionId: 32, answer: ['a'] });
    actor.send({ type: 'quiz.submitRequested' });
    expect(actor.getSnapshot().matches({ answering: { view: 'confirming' } })).toBe(true);
    actor.send({ type: 'quiz.submitConfirmed' });
    await vi.advanceTimersByTimeAsync(0);
    // The unsaved answer is saved before grading.
    expect(mock.calls.slice(-2).map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/quiz-attempts/9/answers/32',
      'POST /api/quiz-attempts/9/submit',
    ]);
    expect(JSON.parse(mock.calls.at(-2)!.body!)).toEqual({ answer: ['a'], currentIndex: 1 });
    expect(actor.getSnapshot().matches('result')).toBe(true);
    expect(actor.getSnapshot().context.attempt).toEqual(graded);
    expect(data['halaqa.quiz.position']).toBeUndefined();
    expect(emitted).toEqual([{ type: 'quiz.submitted', attempt: graded }]);
  });

  it('retries a failed save on its own, then waits for "Retry"', async () => {
    vi.useFakeTimers({ now: new Date('2031-03-05T10:01:00Z') });
    let fail = true;
    const mock = mockFetch({
      'GET /api/sessions/41/lessons/503/attempts': () => json(200, { data: [] }),
      'POST /api/sessions/41/lessons/503/attempts': () => json(201, { data: attemptOf({ deadlineAt: null }) }),
      'PUT /api/quiz-attempts/9/answers/31': () =>
        fail ? json(503, { message: 'Unavailable' }) : json(200, { data: quizAttempt }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(
      quizMachine.provide({ actors: createQuizActors(api, null), actions: createQuizActions(null) }),
      { input: quizInput },
    );
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quiz.started' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quiz.answered', questionId: 31, answer: false });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(actor.getSnapshot().context.saveError).toEqual({ code: 'save.failed', status: 503, message: 'Unavailable' });
    // Retries after 1 × then 2 × SAVE_RETRY_MS.
    for (let n = 1; n <= MAX_AUTO_RETRIES; n++) await vi.advanceTimersByTimeAsync(SAVE_RETRY_MS * n + 10);
    const puts = () => mock.calls.filter((c) => c.method === 'PUT').length;
    expect(puts()).toBe(1 + MAX_AUTO_RETRIES);
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MS * 10);
    expect(puts()).toBe(1 + MAX_AUTO_RETRIES);
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    fail = false;
    actor.send({ type: 'quiz.saveRetried' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ answering: { sync: 'synced' } })).toBe(true);
    expect(actor.getSnapshot().context.dirty).toEqual([]);
  });

  it('submits by itself when the time limit passes; a late save skips to grading', async () => {
    vi.useFakeTimers({ now: new Date('2031-03-05T10:09:00Z') });
    const mock = mockFetch({
      'GET /api/sessions/41/lessons/503/attempts': () => json(200, { data: [] }),
      'POST /api/sessions/41/lessons/503/attempts': () => json(200, { data: quizAttempt }),
      'PUT /api/quiz-attempts/9/answers/31': () =>
        Date.now() > Date.parse(quizAttempt.deadlineAt!)
          ? json(409, { message: 'The time limit of this attempt has passed' })
          : json(200, { data: quizAttempt }),
      'POST /api/quiz-attempts/9/submit': () => json(200, { data: graded }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(
      quizMachine.provide({ actors: createQuizActors(api, null), actions: createQuizActions(null) }),
      { input: quizInput },
    );
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quiz.started' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'quiz.answered', questionId: 31, answer: true });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    await vi.advanceTimersByTimeAsync(59_800 - SAVE_DEBOUNCE_MS - 10);
    // 200 ms before the limit: this answer is still waiting for its save when the time is up.
    actor.send({ type: 'quiz.answered', questionId: 31, answer: false });
    await vi.advanceTimersByTimeAsync(150);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().matches('result')).toBe(true);
    expect(actor.getSnapshot().context.timeUp).toBe(true);
    expect(emitted).toEqual(['quiz.timeUp', 'quiz.submitted']);
    // The first answer was saved in time; the submit's re-save of the second got the 409 and grading went ahead.
    expect(mock.calls.map((c) => `${c.method} ${c.path} ${c.body ?? ''}`).slice(2)).toEqual([
      'PUT /api/quiz-attempts/9/answers/31 {"answer":true,"currentIndex":0}',
      'PUT /api/quiz-attempts/9/answers/31 {"answer":false,"currentIndex":0}',
      'POST /api/quiz-attempts/9/submit ',
    ]);
  });
});
