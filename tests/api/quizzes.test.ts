import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeExpiredAttempts } from '../../server/modules/quizzes/grading.js';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { enroll, insertCourse, lessonOutside } from './course-fixtures.js';
import type { LessonTypeCode } from '../../server/db/types.js';

/**
 * The quiz and learning-path calls (openapi tag Quizzes; docs/classroom.md "Rules": Who, Deadline,
 * Grading, Lesson status): startQuizAttempt, listQuizAttempts, saveQuizAnswer, submitQuizAttempt,
 * and the classroom's lesson status of quiz lessons.
 *
 * Fixture: a course of educator@halaqa.test with one ACTIVE session in America/Denver (MDT, UTC−6)
 * from Monday 2031-05-05 to Sunday 2031-06-01; week 1 ends (deadline) 2031-05-12 00:00 MDT = 06:00Z.
 * Week 1 holds `quiz` (10-minute limit; SINGLE 2 points, MULTIPLE 3, TRUE_FALSE 1, SHORT_ANSWER 2 →
 * 8), `open` (no limit, one TRUE_FALSE), `late` (allows late work), `path` (a learning path: two
 * STEPs and a TRUE_FALSE check; a time limit that a learning path ignores), `empty` (a quiz without
 * questions), a `reading` and `timed` (15-minute limit; SINGLE 2 points, TRUE_FALSE 2 → 4; graded by
 * the server once its time has run out). The app's clock is `now`.
 */

const WEEK1 = new Date('2031-05-07T12:00:00Z');
const AFTER_DEADLINE = new Date('2031-05-12T06:00:01Z');
let now = WEEK1;
let t: TestApp;

const EDUCATOR = 'educator@halaqa.test';
const ADMIN = 'admin@halaqa.test';
const LEARNER = 'learner@halaqa.test';
const LEARNER1 = 'learner1@halaqa.test';
const LEARNER2 = 'learner2@halaqa.test';
const LEARNER3 = 'learner@ncai.halaqa.test';
const CANCELLED = 'learner3@halaqa.test';
const OUTSIDER = 'learner@qad.halaqa.test';

let sessionId: number;
let otherCourseLessonId: number;
const L: Record<string, number> = {};
const Q: Record<string, number> = {};

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

const start = (lesson: string, email: string | null) =>
  call('POST', `/api/sessions/${sessionId}/lessons/${L[lesson]}/attempts`, email);
const list = (lesson: string, email: string | null) =>
  call('GET', `/api/sessions/${sessionId}/lessons/${L[lesson]}/attempts`, email);
const save = (attemptId: number, question: string | number, email: string | null, body: unknown) =>
  call(
    'PUT',
    `/api/quiz-attempts/${attemptId}/answers/${typeof question === 'number' ? question : Q[question]}`,
    email,
    body,
  );
const submit = (attemptId: number, email: string | null) =>
  call('POST', `/api/quiz-attempts/${attemptId}/submit`, email);
const attemptRow = (id: number) =>
  t.db.selectFrom('quiz_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function fixture() {
  const course = await insertCourse(t.db, { educatorId: await idOf(EDUCATOR), title: 'JavaScript, quizzed' });
  const courseId = course.courseId;
  const sectionId = await course.section(1, 'Check', 0);
  let order = 0;
  const lesson = async (key: string, code: LessonTypeCode, extra: Record<string, unknown> = {}) => {
    L[key] = await course.lesson(sectionId, order++, key, code, extra);
  };
  await lesson('quiz', 'quiz', { time_limit_minutes: 10 });
  await lesson('open', 'quiz');
  await lesson('late', 'quiz', { allow_late: true });
  await lesson('path', 'learningObjective', { time_limit_minutes: 5 });
  await lesson('empty', 'quiz');
  await lesson('reading', 'reading', { content_html: '<p>Read</p>' });
  await lesson('timed', 'quiz', { time_limit_minutes: 15 });

  const question = async (
    key: string,
    lessonKey: string,
    sort: number,
    q: { kind: string; points?: number; options?: unknown[]; answer: unknown; explanation?: string | null },
  ) => {
    Q[key] = (
      await t.db
        .insertInto('quiz_questions')
        .values({
          lesson_id: L[lessonKey]!,
          sort_order: sort,
          kind: q.kind as 'SINGLE',
          prompt: `Prompt of ${key}`,
          picture_url: null,
          points: q.points ?? 1,
          explanation: q.explanation ?? null,
          options: JSON.stringify(q.options ?? []),
          answer: q.answer === null ? null : JSON.stringify(q.answer),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const abcd = [
    { id: 'a', text: 'Alpha' },
    { id: 'b', text: 'Bravo' },
    { id: 'c', text: 'Charlie' },
    { id: 'd', text: 'Delta' },
  ];
  await question('single', 'quiz', 0, {
    kind: 'SINGLE',
    points: 2,
    options: abcd.slice(0, 3),
    answer: ['b'],
    explanation: 'SECRET-EXPLANATION-1',
  });
  await question('multiple', 'quiz', 1, {
    kind: 'MULTIPLE',
    points: 3,
    options: abcd,
    answer: ['a', 'c'],
    explanation: 'SECRET-EXPLANATION-2',
  });
  await question('truefalse', 'quiz', 2, { kind: 'TRUE_FALSE', points: 1, answer: false, explanation: null });
  await question('short', 'quiz', 3, {
    kind: 'SHORT_ANSWER',
    points: 2,
    answer: ['Hoisting', 'hoisted'],
    explanation: 'SECRET-EXPLANATION-4',
  });
  await question('openTf', 'open', 0, { kind: 'TRUE_FALSE', answer: true });
  await question('lateTf', 'late', 0, { kind: 'TRUE_FALSE', answer: true });
  await question('step1', 'path', 0, { kind: 'STEP', points: 5, answer: null, explanation: 'Read this first' });
  await question('step2', 'path', 1, { kind: 'STEP', points: 0, answer: null });
  await question('timedSingle', 'timed', 0, { kind: 'SINGLE', points: 2, options: abcd.slice(0, 2), answer: ['a'] });
  await question('timedTf', 'timed', 1, { kind: 'TRUE_FALSE', points: 2, answer: true });
  await question('pathTf', 'path', 2, {
    kind: 'TRUE_FALSE',
    points: 1,
    answer: true,
    explanation: 'Closures keep their scope',
  });

  sessionId = await course.session();
  for (const [email, status] of [
    [LEARNER, 'ACTIVE'],
    [LEARNER1, 'ACTIVE'],
    [LEARNER2, 'ACTIVE'],
    [LEARNER3, 'ACTIVE'],
    [CANCELLED, 'CANCELLED'],
  ] as const) {
    await enroll(t.db, sessionId, await idOf(email), status);
  }
  otherCourseLessonId = await lessonOutside(t.db, courseId);
}

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  await fixture();
}, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
afterAll(() => t.close());

/** The texts of the key that must never reach a learner before submission. */
function expectNoKey(text: string) {
  expect(text).not.toMatch(/"answer"\s*:/);
  expect(text).not.toContain('explanation');
  expect(text).not.toContain('SECRET-EXPLANATION');
  expect(text).not.toContain('correctAnswer');
  expect(text).not.toMatch(/hoist/i);
}

let quizAttempt: number; // LEARNER's first attempt of `quiz`

describe('POST /sessions/{id}/lessons/{lessonId}/attempts', () => {
  it('starts an attempt (201) without the key, then resumes the open one (200)', async () => {
    now = WEEK1;
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
        options: [
          { id: 'a', text: 'Alpha' },
          { id: 'b', text: 'Bravo' },
          { id: 'c', text: 'Charlie' },
        ],
      },
      {
        id: Q.multiple,
        kind: 'MULTIPLE',
        prompt: 'Prompt of multiple',
        pictureUrl: null,
        points: 3,
        options: [
          { id: 'a', text: 'Alpha' },
          { id: 'b', text: 'Bravo' },
          { id: 'c', text: 'Charlie' },
          { id: 'd', text: 'Delta' },
        ],
      },
      { id: Q.truefalse, kind: 'TRUE_FALSE', prompt: 'Prompt of truefalse', pictureUrl: null, points: 1, options: [] },
      { id: Q.short, kind: 'SHORT_ANSWER', prompt: 'Prompt of short', pictureUrl: null, points: 2, options: [] },
    ]);
    expectNoKey(res.text);
    quizAttempt = res.body.data.id;

    now = new Date('2031-05-07T12:03:00Z');
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
    now = WEEK1;
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
    now = WEEK1;
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
    now = AFTER_DEADLINE;
    const before = await countRows(t.db, 'quiz_attempts');
    const refused = await start('open', LEARNER3);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The deadline for this lesson has passed');
    expect(await countRows(t.db, 'quiz_attempts')).toBe(before);
    expect((await start('late', LEARNER3)).status).toBe(201);
    const resumed = await start('open', LEARNER2); // started in week 1
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.status).toBe('IN_PROGRESS');
    now = WEEK1;
  });
});

describe('PUT /quiz-attempts/{id}/answers/{questionId}', () => {
  it('saves an answer of each kind with the position, still without the key', async () => {
    now = new Date('2031-05-07T12:04:00Z');
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
    now = new Date('2031-05-07T12:06:00Z');
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
    now = new Date('2031-05-07T12:07:00Z');
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
    now = WEEK1;
    const started = await start('quiz', LEARNER3);
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    await save(id, 'truefalse', LEARNER3, { answer: false, currentIndex: 0 });
    const results = await Promise.all([submit(id, LEARNER3), submit(id, LEARNER3)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body.data.score).toBe(1);
  });

  it('MULTIPLE needs exactly the right set; wrong and missing answers score 0', async () => {
    now = new Date('2031-05-07T13:00:00Z');
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

describe('the time limit', () => {
  let timed: number;

  it('refuses saves once the limit has passed (409) and grades the answers saved before it', async () => {
    now = new Date('2031-05-08T09:00:00Z');
    const res = await start('quiz', LEARNER1);
    expect(res.status).toBe(201);
    timed = res.body.data.id;
    expect(res.body.data.deadlineAt).toBe('2031-05-08T09:10:00.000Z');
    now = new Date('2031-05-08T09:10:00Z'); // at the limit: still open
    expect((await save(timed, 'single', LEARNER1, { answer: ['b'], currentIndex: 1 })).status).toBe(200);
    now = new Date('2031-05-08T09:10:01Z');
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
    now = new Date('2031-05-08T10:00:00Z');
    const first = (await start('quiz', LEARNER1)).body.data.id;
    await save(first, 'truefalse', LEARNER1, { answer: false, currentIndex: 2 });
    now = new Date('2031-05-08T10:30:00Z');
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
    now = WEEK1;
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
    now = new Date('2031-05-09T08:00:00Z');
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
  type Lesson = { name: string; status: string | null; grade: number | null };
  const statusOf = async (email: string) => {
    const c = (await call('GET', `/api/sessions/${sessionId}/classroom`, email)).body.data;
    const lessons: Lesson[] = c.weeks.flatMap((w: { sections: { lessons: Lesson[] }[] }) =>
      w.sections.flatMap((s) => s.lessons),
    );
    return Object.fromEntries(lessons.map((l) => [l.name, [l.status, l.grade]]));
  };

  it('reflects open attempts (IN_PROGRESS), graded quizzes (AUTOGRADED, scaled grade) and finished learning paths (DONE)', async () => {
    now = new Date('2031-05-09T08:05:00Z');
    expect(await statusOf(LEARNER)).toMatchObject({
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
    expect(await statusOf(LEARNER)).toMatchObject({ quiz: ['AUTOGRADED', 100] }); // the best of 5/8 and 8/8 of 100 points
    expect(await statusOf(LEARNER2)).toMatchObject({ open: ['IN_PROGRESS', null], quiz: [null, null] });
  });
});

describe('an attempt whose time ran out while the learner was away', () => {
  const lessonStatusOf = async (email: string, lesson: string) => {
    const c = (await call('GET', `/api/sessions/${sessionId}/classroom`, email)).body.data;
    const lessons: { name: string; status: string | null; grade: number | null }[] = c.weeks.flatMap(
      (w: { sections: { lessons: unknown[] }[] }) => w.sections.flatMap((s) => s.lessons),
    );
    const l = lessons.find((x) => x.name === lesson)!;
    return [l.status, l.grade];
  };
  const openExpired = async () =>
    Number(
      (
        await t.db
          .selectFrom('quiz_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'IN_PROGRESS')
          .where('deadline_at', '<', now)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is graded on the answers saved before its deadline when the classroom is read; late saves and submits answer 409', async () => {
    now = new Date('2031-05-10T09:00:00Z');
    const started = await start('timed', LEARNER2);
    expect(started.status).toBe(201);
    const id = started.body.data.id;
    expect(started.body.data.deadlineAt).toBe('2031-05-10T09:15:00.000Z');
    await save(id, 'timedSingle', LEARNER2, { answer: ['a'], currentIndex: 0 });
    await save(id, 'timedTf', LEARNER2, { answer: false, currentIndex: 1 });
    expect(await lessonStatusOf(LEARNER2, 'timed')).toEqual(['IN_PROGRESS', null]);

    now = new Date('2031-05-10T09:15:01Z'); // the learner was away: nothing called since the deadline
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

    now = new Date('2031-05-10T09:20:00Z');
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
    now = new Date('2031-05-10T10:00:00Z');
    const mine = (await start('timed', LEARNER3)).body.data.id;
    await save(mine, 'timedTf', LEARNER3, { answer: true, currentIndex: 1 });
    const theirs = (await start('timed', LEARNER)).body.data.id;
    now = new Date('2031-05-10T10:15:01Z');
    const detail = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.timed}`, LEARNER3)).body.data;
    expect(detail.lesson).toMatchObject({ status: 'AUTOGRADED', grade: 50 });
    expect(await attemptRow(theirs)).toMatchObject({ status: 'IN_PROGRESS', score: null });
    expect((await list('timed', LEARNER)).body.data[0]).toMatchObject({ id: theirs, status: 'AUTOGRADED', score: 0 });
  });

  it('is graded by the sweep: it returns how many it graded, then 0; no-limit attempts, learning paths and running ones stay open', async () => {
    now = new Date('2031-05-11T09:00:00Z');
    const a = (await start('timed', LEARNER1)).body.data.id;
    const b = (await start('timed', LEARNER2)).body.data.id;
    await save(b, 'timedSingle', LEARNER2, { answer: ['a'], currentIndex: 0 });
    const path = (await start('path', LEARNER1)).body.data.id; // a learning path: no time limit
    const noLimit = (await start('open', LEARNER1)).body.data.id;
    now = new Date('2031-05-11T09:10:00Z');
    const running = (await start('timed', LEARNER3)).body.data.id; // until 09:25
    now = new Date('2031-05-11T09:16:00Z');
    const expected = await openExpired(); // a and b, plus any attempt an earlier test left open past its limit
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(await gradeExpiredAttempts(t.db, now)).toBe(expected);
    expect(await gradeExpiredAttempts(t.db, now)).toBe(0);
    expect(await attemptRow(a)).toMatchObject({ status: 'AUTOGRADED', score: 0 });
    expect(await attemptRow(b)).toMatchObject({ status: 'AUTOGRADED', score: 2 });
    for (const open of [path, noLimit, running]) expect((await attemptRow(open)).status).toBe('IN_PROGRESS');
  });

  it('grades once when the sweep races a submit', async () => {
    now = new Date('2031-05-11T09:25:01Z'); // LEARNER3's running attempt is now over, and the only one
    expect(await openExpired()).toBe(1);
    const attempt = (
      await t.db
        .selectFrom('quiz_attempts')
        .select('id')
        .where('status', '=', 'IN_PROGRESS')
        .where('deadline_at', '<', now)
        .executeTakeFirstOrThrow()
    ).id;
    const [swept, submitted] = await Promise.all([gradeExpiredAttempts(t.db, now), submit(attempt, LEARNER3)]);
    // Whoever locks the row first grades it; the submit answers the graded attempt either way.
    expect(swept).toBeLessThanOrEqual(1);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ id: attempt, status: 'AUTOGRADED', score: 0 });
    const row = await attemptRow(attempt);
    expect(row).toMatchObject({ status: 'AUTOGRADED', score: 0 });
    expect(await gradeExpiredAttempts(t.db, now)).toBe(0);
    expect(await attemptRow(attempt)).toEqual(row);
  });
});
