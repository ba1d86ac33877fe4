import { beforeAll, describe, expect, it } from 'vitest';
import { gradeExpiredAttempts } from '../../server/modules/quizzes/grading.js';
import { WEEK1 } from './course-fixtures.js';
import {
  attemptRow,
  call,
  L,
  LEARNER,
  LEARNER1,
  LEARNER2,
  LEARNER3,
  lessonStatuses,
  list,
  now,
  Q,
  save,
  sessionId,
  setNow,
  start,
  submit,
  t,
  useQuizFixture,
  weekOneWork,
} from './quizzes-setup.js';

/**
 * Time limits, learning paths, the attempts list and the classroom's lesson status of quiz lessons
 * (listQuizAttempts; docs/classroom.md "Rules": Grading, Lesson status). The fixture is in
 * quizzes-setup.ts; on top of it, LEARNER's graded week-1 attempt of `quiz` and LEARNER2's open
 * attempt of `open` ({@link weekOneWork}).
 */

useQuizFixture();
let quizAttempt: number; // LEARNER's graded week-1 attempt of `quiz`: 5 of 8
beforeAll(async () => {
  quizAttempt = await weekOneWork();
});

describe('the time limit', () => {
  let timed: number;

  it('refuses saves once the limit has passed (409) and grades the answers saved before it', async () => {
    setNow(new Date('2031-05-08T09:00:00Z'));
    const res = await start('quiz', LEARNER1);
    expect(res.status).toBe(201);
    timed = res.body.data.id;
    expect(res.body.data.deadlineAt).toBe('2031-05-08T09:10:00.000Z');
    setNow(new Date('2031-05-08T09:10:00Z')); // at the limit: still open
    expect((await save(timed, 'single', LEARNER1, { answer: ['b'], currentIndex: 1 })).status).toBe(200);
    setNow(new Date('2031-05-08T09:10:01Z'));
    const before = await attemptRow(timed);
    const late = await save(timed, 'truefalse', LEARNER1, { answer: false, currentIndex: 2 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The time limit of this attempt has passed');
    expect(await attemptRow(timed)).toEqual(before);
    const graded = await submit(timed, LEARNER1);
    expect(graded.status).toBe(200);
    expect(graded.body.data).toMatchObject({
      status: 'AUTOGRADED',
      score: 2,
      maxScore: 8,
      submittedAt: '2031-05-08T09:10:01.000Z',
    });
  });

  it('on start, grades an open attempt whose limit has passed and starts a fresh one', async () => {
    setNow(new Date('2031-05-08T10:00:00Z'));
    const first = (await start('quiz', LEARNER1)).body.data.id;
    await save(first, 'truefalse', LEARNER1, { answer: false, currentIndex: 2 });
    setNow(new Date('2031-05-08T10:30:00Z'));
    const next = await start('quiz', LEARNER1);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(first);
    expect(next.body.data).toMatchObject({
      status: 'IN_PROGRESS',
      answers: {},
      deadlineAt: '2031-05-08T10:40:00.000Z',
    });
    expect(await attemptRow(first)).toMatchObject({ status: 'AUTOGRADED', score: 1 });
    const attempts = (await list('quiz', LEARNER1)).body.data;
    expect(attempts.map((a: { id: number }) => a.id)).toEqual([next.body.data.id, first, timed]);
  });
});

describe('a learning path', () => {
  it('has no time limit, steps worth 0 points without answers, and becomes DONE when submitted', async () => {
    setNow(WEEK1);
    const res = await start('path', LEARNER);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'LEARNING_PATH', deadlineAt: null, maxScore: 1 });
    expect(res.body.data.questions.map((q: { kind: string; points: number }) => [q.kind, q.points])).toEqual([
      ['STEP', 0],
      ['STEP', 0],
      ['TRUE_FALSE', 1],
    ]);
    expect(res.text).not.toContain('Read this first');
    expect(res.text).not.toContain('Closures keep their scope');
    const id = res.body.data.id;
    const step = await save(id, 'step1', LEARNER, { answer: 'done', currentIndex: 0 });
    expect(step.status).toBe(400);
    expect(step.body.errors).toEqual([{ path: 'answer', message: 'must be left out: a step takes no answer' }]);
    expect((await save(id, 'step2', LEARNER, { currentIndex: 1 })).body.data.currentIndex).toBe(1);
    expect((await save(id, 'pathTf', LEARNER, { answer: true, currentIndex: 2 })).status).toBe(200);
    const done = await submit(id, LEARNER);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'DONE', score: null, maxScore: 1 });
    expect(done.body.data.feedback).toEqual([
      {
        questionId: Q.pathTf,
        correct: true,
        pointsAwarded: 1,
        points: 1,
        correctAnswer: true,
        explanation: 'Closures keep their scope',
      },
    ]);
  });
});

describe('GET /sessions/{id}/lessons/{lessonId}/attempts', () => {
  it("lists the caller's own attempts newest first, submitted ones with score and feedback, open ones without the key", async () => {
    setNow(new Date('2031-05-09T08:00:00Z'));
    const open = await start('quiz', LEARNER);
    expect(open.status).toBe(201);
    const res = await list('quiz', LEARNER);
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((a: { id: number; status: string; score: number | null }) => [a.id, a.status, a.score]),
    ).toEqual([
      [open.body.data.id, 'IN_PROGRESS', null],
      [quizAttempt, 'AUTOGRADED', 5],
    ]);
    expect(res.body.data[0].feedback).toBeNull();
    expect(res.body.data[1].feedback).toHaveLength(4);
    expect((await list('quiz', LEARNER2)).body.data).toEqual([]);
    const fresh = await list('open', LEARNER);
    expect(fresh.body.data).toEqual([]);
  });
});

describe('the classroom lesson status', () => {
  it('reflects open attempts (IN_PROGRESS), graded quizzes (AUTOGRADED, scaled grade) and finished learning paths (DONE)', async () => {
    setNow(new Date('2031-05-09T08:05:00Z'));
    expect(await lessonStatuses(LEARNER)).toMatchObject({
      quiz: ['IN_PROGRESS', 62.5],
      path: ['DONE', null],
      open: [null, null],
    });
    const attempts = (await list('quiz', LEARNER)).body.data;
    await save(attempts[0].id, 'single', LEARNER, { answer: ['b'], currentIndex: 0 });
    await save(attempts[0].id, 'multiple', LEARNER, { answer: ['a', 'c'], currentIndex: 1 });
    await save(attempts[0].id, 'truefalse', LEARNER, { answer: false, currentIndex: 2 });
    await save(attempts[0].id, 'short', LEARNER, { answer: 'Hoisted', currentIndex: 3 });
    expect((await submit(attempts[0].id, LEARNER)).body.data.score).toBe(8);
    expect(await lessonStatuses(LEARNER)).toMatchObject({ quiz: ['AUTOGRADED', 100] }); // the best of 5/8 and 8/8 of 100 points
    expect(await lessonStatuses(LEARNER2)).toMatchObject({ open: ['IN_PROGRESS', null], quiz: [null, null] });
  });
});

describe('an attempt whose time ran out while the learner was away', () => {
  const lessonStatusOf = async (email: string, lesson: string) => (await lessonStatuses(email))[lesson];
  const openExpired = async () =>
    Number(
      (
        await t.db
          .selectFrom('quiz_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'IN_PROGRESS')
          .where('deadline_at', '<', now())
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is graded on the answers saved before its deadline when the classroom is read; late saves and submits answer 409', async () => {
    setNow(new Date('2031-05-10T09:00:00Z'));
    const started = await start('timed', LEARNER2);
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    expect(started.body.data.deadlineAt).toBe('2031-05-10T09:15:00.000Z');
    await save(id, 'timedSingle', LEARNER2, { answer: ['a'], currentIndex: 0 });
    await save(id, 'timedTf', LEARNER2, { answer: false, currentIndex: 1 });
    expect(await lessonStatusOf(LEARNER2, 'timed')).toEqual(['IN_PROGRESS', null]);

    setNow(new Date('2031-05-10T09:15:01Z')); // the learner was away: nothing called since the deadline
    expect(await lessonStatusOf(LEARNER2, 'timed')).toEqual(['AUTOGRADED', 50]); // 2 of 4 points, of 100
    expect(await attemptRow(id)).toMatchObject({ status: 'AUTOGRADED', score: 2, max_score: 4 });
    const listed = (await list('timed', LEARNER2)).body.data;
    expect(listed.map((a: { id: number; status: string; score: number | null }) => [a.id, a.status, a.score])).toEqual([
      [id, 'AUTOGRADED', 2],
    ]);
    expect(listed[0]).toMatchObject({
      submittedAt: '2031-05-10T09:15:01.000Z',
      answers: { [Q.timedSingle]: ['a'], [Q.timedTf]: false },
    });
    expect(listed[0].feedback.map((f: { correct: boolean }) => f.correct)).toEqual([true, false]);

    setNow(new Date('2031-05-10T09:20:00Z'));
    const before = await attemptRow(id);
    const late = await save(id, 'timedTf', LEARNER2, { answer: true, currentIndex: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The time limit of this attempt has passed'); // as while it was open
    // The screen's own time-up submit arriving after the server graded it: the result, not an error.
    const again = await submit(id, LEARNER2);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      id,
      status: 'AUTOGRADED',
      score: 2,
      maxScore: 4,
      submittedAt: '2031-05-10T09:15:01.000Z',
    });
    expect(await attemptRow(id)).toEqual(before);
  });

  it('is graded when the lesson or the attempts list is read, for the caller only', async () => {
    setNow(new Date('2031-05-10T10:00:00Z'));
    const mine = (await start('timed', LEARNER3)).body.data.id;
    await save(mine, 'timedTf', LEARNER3, { answer: true, currentIndex: 1 });
    const theirs = (await start('timed', LEARNER)).body.data.id;
    setNow(new Date('2031-05-10T10:15:01Z'));
    const detail = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.timed}`, LEARNER3)).body.data;
    expect(detail.lesson).toMatchObject({ status: 'AUTOGRADED', grade: 50 });
    expect(await attemptRow(theirs)).toMatchObject({ status: 'IN_PROGRESS', score: null });
    expect((await list('timed', LEARNER)).body.data[0]).toMatchObject({ id: theirs, status: 'AUTOGRADED', score: 0 });
  });

  it('is graded by the sweep: it returns how many it graded, then 0; no-limit attempts, learning paths and running ones stay open', async () => {
    setNow(new Date('2031-05-11T09:00:00Z'));
    const a = (await start('timed', LEARNER1)).body.data.id;
    const b = (await start('timed', LEARNER2)).body.data.id;
    await save(b, 'timedSingle', LEARNER2, { answer: ['a'], currentIndex: 0 });
    const path = (await start('path', LEARNER1)).body.data.id; // a learning path: no time limit
    const noLimit = (await start('open', LEARNER1)).body.data.id;
    setNow(new Date('2031-05-11T09:10:00Z'));
    const running = (await start('timed', LEARNER3)).body.data.id; // until 09:25
    setNow(new Date('2031-05-11T09:16:00Z'));
    const expected = await openExpired(); // a and b, plus any attempt an earlier test left open past its limit
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(await gradeExpiredAttempts(t.db, now())).toBe(expected);
    expect(await gradeExpiredAttempts(t.db, now())).toBe(0);
    expect(await attemptRow(a)).toMatchObject({ status: 'AUTOGRADED', score: 0 });
    expect(await attemptRow(b)).toMatchObject({ status: 'AUTOGRADED', score: 2 });
    for (const open of [path, noLimit, running]) expect((await attemptRow(open)).status).toBe('IN_PROGRESS');
  });

  it('grades once when the sweep races a submit', async () => {
    setNow(new Date('2031-05-11T09:25:01Z')); // LEARNER3's running attempt is now over, and the only one
    expect(await openExpired()).toBe(1);
    const attempt = (
      await t.db
        .selectFrom('quiz_attempts')
        .select('id')
        .where('status', '=', 'IN_PROGRESS')
        .where('deadline_at', '<', now())
        .executeTakeFirstOrThrow()
    ).id;
    const [swept, submitted] = await Promise.all([gradeExpiredAttempts(t.db, now()), submit(attempt, LEARNER3)]);
    // Whoever locks the row first grades it; the submit answers the graded attempt either way.
    expect(swept).toBeLessThanOrEqual(1);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ id: attempt, status: 'AUTOGRADED', score: 0 });
    const row = await attemptRow(attempt);
    expect(row).toMatchObject({ status: 'AUTOGRADED', score: 0 });
    expect(await gradeExpiredAttempts(t.db, now())).toBe(0);
    expect(await attemptRow(attempt)).toEqual(row);
  });
});
