import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PositionStorage } from '@machines/question-position';
import { createQuizActions, createQuizActors } from '@machines/quiz.actors';
import {
  MAX_AUTO_RETRIES,
  type QuizEmitted,
  SAVE_DEBOUNCE_MS,
  SAVE_RETRY_MS,
  quizMachine,
} from '@machines/quiz.machine';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { attemptOf, graded, quizAttempt, quizInput } from './quiz.machine-shared';

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
