import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { enrollByEmail, insertCourse, lessonOutside, settableClock, userIdOf, WEEK1 } from './course-fixtures.js';
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
 * the server once its time has run out). The app's clock is `now()`.
 */

/** The app's clock: tests read it with `now()` and move it with `setNow(date)`. */
export const { now, set: setNow } = settableClock(WEEK1);
export let t: TestApp;

export const EDUCATOR = 'educator@halaqa.test';
export const ADMIN = 'admin@halaqa.test';
export const LEARNER = 'learner@halaqa.test';
export const LEARNER1 = 'learner1@halaqa.test';
export const LEARNER2 = 'learner2@halaqa.test';
export const LEARNER3 = 'learner@ncai.halaqa.test';
export const CANCELLED = 'learner3@halaqa.test';
export const OUTSIDER = 'learner@qad.halaqa.test';

export let sessionId: number;
export let otherCourseLessonId: number;
/** Lesson ids and question ids by their key in the fixture. */
export const L: Record<string, number> = {};
export const Q: Record<string, number> = {};
/** The options of the SINGLE (first three) and MULTIPLE (all four) questions of `quiz`. */
export const ABCD = [
  { id: 'a', text: 'Alpha' },
  { id: 'b', text: 'Bravo' },
  { id: 'c', text: 'Charlie' },
  { id: 'd', text: 'Delta' },
];

/** The id of the user with this e-mail. */
export const idOf = (email: string) => userIdOf(t.db, email);

/** Calls the API as `email` (anonymous when null): the status, the JSON body and the raw text. */
export async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** Starts (or resumes) an attempt of the fixture lesson `lesson` as `email`. */
export const start = (lesson: string, email: string | null) =>
  call('POST', `/api/sessions/${sessionId}/lessons/${L[lesson]}/attempts`, email);
/** Lists `email`'s attempts of the fixture lesson `lesson`. */
export const list = (lesson: string, email: string | null) =>
  call('GET', `/api/sessions/${sessionId}/lessons/${L[lesson]}/attempts`, email);
/** Saves `body` as the answer to `question` (a fixture key or a raw id) of attempt `attemptId`. */
export const save = (attemptId: number, question: string | number, email: string | null, body: unknown) =>
  call(
    'PUT',
    `/api/quiz-attempts/${attemptId}/answers/${typeof question === 'number' ? question : Q[question]}`,
    email,
    body,
  );
/** Submits attempt `attemptId` as `email`. */
export const submit = (attemptId: number, email: string | null) =>
  call('POST', `/api/quiz-attempts/${attemptId}/submit`, email);
/** The database row of attempt `id`. */
export const attemptRow = (id: number) =>
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
  await question('single', 'quiz', 0, {
    kind: 'SINGLE',
    points: 2,
    options: ABCD.slice(0, 3),
    answer: ['b'],
    explanation: 'SECRET-EXPLANATION-1',
  });
  await question('multiple', 'quiz', 1, {
    kind: 'MULTIPLE',
    points: 3,
    options: ABCD,
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
  await question('timedSingle', 'timed', 0, { kind: 'SINGLE', points: 2, options: ABCD.slice(0, 2), answer: ['a'] });
  await question('timedTf', 'timed', 1, { kind: 'TRUE_FALSE', points: 2, answer: true });
  await question('pathTf', 'path', 2, {
    kind: 'TRUE_FALSE',
    points: 1,
    answer: true,
    explanation: 'Closures keep their scope',
  });

  sessionId = await course.session();
  await enrollByEmail(t.db, sessionId, [LEARNER, LEARNER1, LEARNER2, LEARNER3]);
  await enrollByEmail(t.db, sessionId, [CANCELLED], 'CANCELLED');
  otherCourseLessonId = await lessonOutside(t.db, courseId);
}

/** Registers the file's hooks: a test app on the clock `now` with the fixture (above), closed after the tests. */
export function useQuizFixture(): void {
  beforeAll(async () => {
    t = await startTestApp({ now });
    await fixture();
  }, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
  afterAll(() => t.close());
}

/** The texts of the key that must never reach a learner before submission. */
export function expectNoKey(text: string) {
  expect(text).not.toMatch(/"answer"\s*:/);
  expect(text).not.toContain('explanation');
  expect(text).not.toContain('SECRET-EXPLANATION');
  expect(text).not.toContain('correctAnswer');
  expect(text).not.toMatch(/hoist/i);
}

/** `email`'s classroom: each lesson's name → [status, grade]. */
export async function lessonStatuses(email: string): Promise<Record<string, [string | null, number | null]>> {
  type Lesson = { name: string; status: string | null; grade: number | null };
  const c = (await call('GET', `/api/sessions/${sessionId}/classroom`, email)).body.data;
  const lessons: Lesson[] = c.weeks.flatMap((w: { sections: { lessons: Lesson[] }[] }) =>
    w.sections.flatMap((s) => s.lessons),
  );
  return Object.fromEntries(lessons.map((l) => [l.name, [l.status, l.grade]]));
}

/**
 * The week-1 work the later tests build on: LEARNER's attempt of `quiz` started at WEEK1, answered
 * (SINGLE right, MULTIPLE partly, TRUE_FALSE right, SHORT_ANSWER right) and submitted at 12:06 for
 * 5 of 8 points, and LEARNER2's open attempt of `open`. Leaves the clock at WEEK1; answers the quiz attempt's id.
 */
export async function weekOneWork(): Promise<number> {
  setNow(WEEK1);
  const started = await start('quiz', LEARNER);
  expect(started.status).toBe(201);
  const id: number = started.body.data.id;
  const answers: [string, unknown][] = [
    ['single', ['b']],
    ['multiple', ['a']],
    ['truefalse', false],
    ['short', '  HOISTING \n'],
  ];
  for (const [i, [question, answer]] of answers.entries()) {
    expect((await save(id, question, LEARNER, { answer, currentIndex: i })).status).toBe(200);
  }
  setNow(new Date('2031-05-07T12:06:00Z'));
  expect((await submit(id, LEARNER)).body.data).toMatchObject({ status: 'AUTOGRADED', score: 5 });
  setNow(WEEK1);
  expect((await start('open', LEARNER2)).status).toBe(201);
  return id;
}
