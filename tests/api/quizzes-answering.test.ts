import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { AFTER_WEEK1_DEADLINE, WEEK1 } from './course-fixtures.js';
import {
  ABCD,
  ADMIN,
  attemptRow,
  call,
  CANCELLED,
  EDUCATOR,
  expectNoKey,
  idOf,
  L,
  LEARNER,
  LEARNER1,
  LEARNER2,
  LEARNER3,
  list,
  otherCourseLessonId,
  OUTSIDER,
  Q,
  save,
  sessionId,
  setNow,
  start,
  submit,
  t,
  useQuizFixture,
} from './quizzes-setup.js';

/**
 * Starting, answering and submitting quiz attempts (startQuizAttempt, saveQuizAnswer,
 * submitQuizAttempt; docs/classroom.md "Rules": Who, Deadline, Grading). The fixture is in
 * quizzes-setup.ts; the describes below follow one attempt of LEARNER from start to grade.
 */

useQuizFixture();

let quizAttempt: number; // LEARNER's first attempt of `quiz`

describe('POST /sessions/{id}/lessons/{lessonId}/attempts', () => {
  it('starts an attempt (201) without the key, then resumes the open one (200)', async () => {
    setNow(WEEK1);
    const res = await start('quiz', LEARNER);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      lessonId: L.quiz,
      sessionId,
      kind: 'QUIZ',
      status: 'IN_PROGRESS',
      currentIndex: 0,
      startedAt: '2031-05-07T12:00:00.000Z',
      deadlineAt: '2031-05-07T12:10:00.000Z',
      submittedAt: null,
      score: null,
      maxScore: 8,
      answers: {},
      feedback: null,
    });
    expect(res.body.data.questions).toEqual([
      {
        id: Q.single,
        kind: 'SINGLE',
        prompt: 'Prompt of single',
        pictureUrl: null,
        points: 2,
        options: ABCD.slice(0, 3),
      },
      {
        id: Q.multiple,
        kind: 'MULTIPLE',
        prompt: 'Prompt of multiple',
        pictureUrl: null,
        points: 3,
        options: ABCD,
      },
      { id: Q.truefalse, kind: 'TRUE_FALSE', prompt: 'Prompt of truefalse', pictureUrl: null, points: 1, options: [] },
      { id: Q.short, kind: 'SHORT_ANSWER', prompt: 'Prompt of short', pictureUrl: null, points: 2, options: [] },
    ]);
    expectNoKey(res.text);
    quizAttempt = res.body.data.id;

    setNow(new Date('2031-05-07T12:03:00Z'));
    const again = await start('quiz', LEARNER);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      id: quizAttempt,
      startedAt: '2031-05-07T12:00:00.000Z',
      deadlineAt: '2031-05-07T12:10:00.000Z',
    });
    expectNoKey(again.text);
    const rows = await t.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('lesson_id', '=', L.quiz!)
      .where('user_id', '=', await idOf(LEARNER))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses staff, strangers and cancelled learners (403), unknown sessions and lessons (404), other lesson types and empty quizzes (409), creating nothing', async () => {
    setNow(WEEK1);
    const before = await countRows(t.db, 'quiz_attempts');
    const staff = await start('quiz', EDUCATOR);
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('Your role does not allow this'); // the contract's x-roles: [LEARNER]
    expect((await start('quiz', ADMIN)).status).toBe(403);
    for (const who of [OUTSIDER, CANCELLED]) {
      const res = await start('quiz', who);
      expect(res.status, who).toBe(403);
      expect(res.body.message, who).toBe("Only the session's learners and educator can open its classroom");
    }
    expect((await start('quiz', null)).status).toBe(401);
    expect((await call('POST', `/api/sessions/999999/lessons/${L.quiz}/attempts`, LEARNER)).status).toBe(404);
    expect((await call('POST', `/api/sessions/${sessionId}/lessons/999999/attempts`, LEARNER)).status).toBe(404);
    expect(
      (await call('POST', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}/attempts`, LEARNER)).status,
    ).toBe(404);
    const reading = await start('reading', LEARNER);
    expect(reading.status).toBe(409);
    expect(reading.body.message).toBe('This lesson is not a quiz or a learning path');
    const empty = await start('empty', LEARNER);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('This lesson has no questions yet');
    expect((await list('reading', LEARNER)).status).toBe(409);
    expect((await list('quiz', EDUCATOR)).status).toBe(403);
    expect((await list('quiz', OUTSIDER)).status).toBe(403);
    expect(await countRows(t.db, 'quiz_attempts')).toBe(before);
  });

  it('creates one attempt when the same learner starts twice at once', async () => {
    setNow(WEEK1);
    const [a, b] = await Promise.all([start('open', LEARNER2), start('open', LEARNER2)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(a.body.data.deadlineAt).toBeNull(); // no time limit
    const rows = await t.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('lesson_id', '=', L.open!)
      .where('user_id', '=', await idOf(LEARNER2))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("answers 409 after the lesson's deadline unless late work is allowed; an open attempt still resumes", async () => {
    setNow(AFTER_WEEK1_DEADLINE);
    const before = await countRows(t.db, 'quiz_attempts');
    const refused = await start('open', LEARNER3);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The deadline for this lesson has passed');
    expect(await countRows(t.db, 'quiz_attempts')).toBe(before);
    expect((await start('late', LEARNER3)).status).toBe(201);
    const resumed = await start('open', LEARNER2); // started in week 1
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.status).toBe('IN_PROGRESS');
    setNow(WEEK1);
  });
});

describe('PUT /quiz-attempts/{id}/answers/{questionId}', () => {
  it('saves an answer of each kind with the position, still without the key', async () => {
    setNow(new Date('2031-05-07T12:04:00Z'));
    const single = await save(quizAttempt, 'single', LEARNER, { answer: ['b'], currentIndex: 1 });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({
      id: quizAttempt,
      status: 'IN_PROGRESS',
      currentIndex: 1,
      answers: { [Q.single!]: ['b'] },
      feedback: null,
      score: null,
    });
    expectNoKey(single.text);
    expect((await save(quizAttempt, 'multiple', LEARNER, { answer: ['a'], currentIndex: 2 })).status).toBe(200); // partial: graded 0
    expect((await save(quizAttempt, 'truefalse', LEARNER, { answer: false, currentIndex: 3 })).status).toBe(200);
    const short = await save(quizAttempt, 'short', LEARNER, { answer: '  HOISTING \n', currentIndex: 3 });
    expect(short.status).toBe(200);
    expect(short.body.data.answers).toEqual({
      [Q.single!]: ['b'],
      [Q.multiple!]: ['a'],
      [Q.truefalse!]: false,
      [Q.short!]: '  HOISTING \n',
    });
    expect(short.body.data.currentIndex).toBe(3);
    const row = await attemptRow(quizAttempt);
    expect(row.answers).toEqual(short.body.data.answers);
    expect(row.current_index).toBe(3);
  });

  it('replaces an answer, clears one with null and saves the position alone when the answer is left out', async () => {
    expect(
      (await save(quizAttempt, 'multiple', LEARNER, { answer: ['c', 'a', 'd'], currentIndex: 1 })).body.data.answers[
        Q.multiple!
      ],
    ).toEqual(['c', 'a', 'd']);
    const cleared = await save(quizAttempt, 'multiple', LEARNER, { answer: null, currentIndex: 1 });
    expect(cleared.body.data.answers).not.toHaveProperty(String(Q.multiple));
    expect((await save(quizAttempt, 'multiple', LEARNER, { answer: ['a'], currentIndex: 2 })).status).toBe(200);
    const before = (await attemptRow(quizAttempt)).answers;
    const position = await save(quizAttempt, 'single', LEARNER, { currentIndex: 0 });
    expect(position.status).toBe(200);
    expect(position.body.data.currentIndex).toBe(0);
    expect(position.body.data.answers).toEqual(before);
    expect((await attemptRow(quizAttempt)).answers).toEqual(before);
  });

  it('refuses an answer of the wrong shape for its kind (400, field answer) and a position out of range, changing nothing', async () => {
    const before = await attemptRow(quizAttempt);
    const invalid: [string, unknown][] = [
      ['single', ['a', 'b']],
      ['single', ['z']],
      ['single', []],
      ['single', true],
      ['single', 'b'],
      ['multiple', ['a', 'a']],
      ['multiple', ['a', 'z']],
      ['multiple', false],
      ['multiple', 'a'],
      ['truefalse', 'true'],
      ['truefalse', ['a']],
      ['truefalse', 'false'],
      ['short', true],
      ['short', ['hoisting']],
      ['short', 'x'.repeat(501)],
    ];
    for (const [question, answer] of invalid) {
      const res = await save(quizAttempt, question, LEARNER, { answer, currentIndex: 1 });
      expect(res.status, `${question} ${JSON.stringify(answer).slice(0, 20)}`).toBe(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        `${question} ${JSON.stringify(answer).slice(0, 20)}`,
      ).toContain('answer');
    }
    const high = await save(quizAttempt, 'single', LEARNER, { answer: ['a'], currentIndex: 4 }); // 4 questions: 0 … 3
    expect(high.status).toBe(400);
    expect(high.body.errors).toEqual([{ path: 'currentIndex', message: 'must be between 0 and 3' }]);
    for (const body of [
      { answer: ['a'], currentIndex: -1 },
      { answer: ['a'] },
      { answer: ['a'], currentIndex: 0, extra: 1 },
      { answer: { a: 1 }, currentIndex: 0 },
    ]) {
      expect((await save(quizAttempt, 'single', LEARNER, body)).status, JSON.stringify(body)).toBe(400);
    }
    const after = await attemptRow(quizAttempt);
    expect(after.answers).toEqual(before.answers);
    expect(after.current_index).toBe(before.current_index);
  });

  it("refuses someone else's attempt (403), unknown attempts and questions of another lesson (404)", async () => {
    const before = await attemptRow(quizAttempt);
    for (const who of [LEARNER1, EDUCATOR, ADMIN, OUTSIDER]) {
      const res = await save(quizAttempt, 'single', who, { answer: ['a'], currentIndex: 0 });
      expect(res.status, who).toBe(403);
    }
    expect((await save(quizAttempt, 'single', LEARNER1, { answer: ['a'], currentIndex: 0 })).body.message).toBe(
      'Only the learner who started this attempt can answer or submit it',
    );
    expect((await save(quizAttempt, 'single', null, { answer: ['a'], currentIndex: 0 })).status).toBe(401);
    expect((await save(999999, 'single', LEARNER, { answer: ['a'], currentIndex: 0 })).status).toBe(404);
    expect((await save(quizAttempt, 'openTf', LEARNER, { answer: true, currentIndex: 0 })).status).toBe(404);
    expect((await save(quizAttempt, 999999, LEARNER, { answer: true, currentIndex: 0 })).status).toBe(404);
    expect((await submit(quizAttempt, LEARNER1)).status).toBe(403);
    expect((await submit(quizAttempt, EDUCATOR)).status).toBe(403);
    expect((await submit(999999, LEARNER)).status).toBe(404);
    const after = await attemptRow(quizAttempt);
    expect(after).toEqual(before);
  });
});

describe('POST /quiz-attempts/{id}/submit', () => {
  it('grades every kind on the server: exact SINGLE and TRUE_FALSE, all-or-nothing MULTIPLE, trimmed case-insensitive SHORT_ANSWER', async () => {
    setNow(new Date('2031-05-07T12:06:00Z'));
    const res = await submit(quizAttempt, LEARNER);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: quizAttempt,
      status: 'AUTOGRADED',
      submittedAt: '2031-05-07T12:06:00.000Z',
      score: 5,
      maxScore: 8,
    });
    expect(res.body.data.feedback).toEqual([
      {
        questionId: Q.single,
        correct: true,
        pointsAwarded: 2,
        points: 2,
        correctAnswer: ['b'],
        explanation: 'SECRET-EXPLANATION-1',
      },
      {
        questionId: Q.multiple,
        correct: false,
        pointsAwarded: 0,
        points: 3,
        correctAnswer: ['a', 'c'],
        explanation: 'SECRET-EXPLANATION-2',
      },
      { questionId: Q.truefalse, correct: true, pointsAwarded: 1, points: 1, correctAnswer: false, explanation: null },
      {
        questionId: Q.short,
        correct: true,
        pointsAwarded: 2,
        points: 2,
        correctAnswer: ['Hoisting', 'hoisted'],
        explanation: 'SECRET-EXPLANATION-4',
      },
    ]);
    // The questions themselves still carry no key; the key is in the feedback only.
    expect(res.text).not.toMatch(/"answer"\s*:/);
    expect(await attemptRow(quizAttempt)).toMatchObject({ status: 'AUTOGRADED', score: 5, max_score: 8 });
  });

  it('answers 409 to a second submit and to saves after submission, changing nothing', async () => {
    setNow(new Date('2031-05-07T12:07:00Z'));
    const before = await attemptRow(quizAttempt);
    const again = await submit(quizAttempt, LEARNER);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This attempt has already been submitted');
    const late = await save(quizAttempt, 'single', LEARNER, { answer: ['a'], currentIndex: 0 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This attempt has already been submitted');
    expect(await attemptRow(quizAttempt)).toEqual(before);
  });

  it('grades a concurrent double submit once', async () => {
    setNow(WEEK1);
    const started = await start('quiz', LEARNER3);
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    await save(id, 'truefalse', LEARNER3, { answer: false, currentIndex: 0 });
    const results = await Promise.all([submit(id, LEARNER3), submit(id, LEARNER3)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body.data.score).toBe(1);
  });

  it('MULTIPLE needs exactly the right set; wrong and missing answers score 0', async () => {
    setNow(new Date('2031-05-07T13:00:00Z'));
    const id = (await start('quiz', LEARNER3)).body.data.id; // the previous one was submitted: a new attempt
    await save(id, 'multiple', LEARNER3, { answer: ['c', 'a'], currentIndex: 1 });
    await save(id, 'single', LEARNER3, { answer: ['a'], currentIndex: 1 });
    await save(id, 'truefalse', LEARNER3, { answer: true, currentIndex: 2 });
    await save(id, 'short', LEARNER3, { answer: 'hoist', currentIndex: 3 });
    const graded = (await submit(id, LEARNER3)).body.data;
    expect(
      graded.feedback.map((f: { correct: boolean; pointsAwarded: number }) => [f.correct, f.pointsAwarded]),
    ).toEqual([
      [false, 0],
      [true, 3],
      [false, 0],
      [false, 0],
    ]);
    expect(graded.score).toBe(3);
    const superset = (await start('quiz', LEARNER3)).body.data.id;
    await save(superset, 'multiple', LEARNER3, { answer: ['a', 'b', 'c'], currentIndex: 1 });
    expect((await submit(superset, LEARNER3)).body.data).toMatchObject({ score: 0, maxScore: 8 });
  });
});
