import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import {
  activeSessionOf,
  enrollByEmail,
  insertCourse,
  insertTrueFalseQuestion,
  settableClock,
  userIdOf,
  WEEK1,
} from './course-fixtures.js';

/**
 * Quiz results for the educator and the session gradebook (listSessionQuizAttempts, getGradebook,
 * setGradebookWeights, exportGradebook, getMyGrades; docs/classroom.md "Quiz results", "Gradebook").
 *
 * Fixture: a course of educator@halaqa.test, session 2031-05-05 … 2031-06-01 in America/Denver;
 * week 1 (deadline 2031-05-12 06:00Z): `quiz` (two TRUE_FALSE questions of 2 points → 4, late work
 * allowed) and `essay` (assignment, 20 points, late work allowed); week 2 (deadline 2031-05-19
 * 06:00Z): `lab` (programming assignment, 30 points). Learners: Lina (LEARNER), LEARNER1, LEARNER2.
 * The work, all hand-placed:
 * - LEARNER: quiz 2/4 (one right, one wrong, 5 minutes), essay 15/20 on time, lab 30/30;
 * - LEARNER1: quiz 4/4, then a retake after the deadline 0/4 (late; the best counts), essay 10/20 late;
 * - LEARNER2: nothing for the quiz (missing), essay handed in, not graded (pending).
 * The gradebook is read on 2031-05-15 (week 1 over, week 2 not): the lab is "not due" for the others.
 */

const { now, set: setNow } = settableClock(WEEK1);
let t: TestApp;
const EDUCATOR = 'educator@halaqa.test';
const OTHER_EDUCATOR = 'educator2@halaqa.test';
const ADMIN = 'admin@halaqa.test';
const LEARNER = 'learner@halaqa.test';
const LEARNER1 = 'learner1@halaqa.test';
const LEARNER2 = 'learner2@halaqa.test';
const OUTSIDER = 'learner@qad.halaqa.test';
const READ_AT = new Date('2031-05-15T12:00:00Z');

let sessionId: number;
const L: Record<string, number> = {};
const Q: number[] = [];
const U: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, text: res.body, headers: res.headers, json: () => res.json() };
}

/** Takes the quiz as `email`: starts at `at`, answers [q1, q2], submits 5 minutes later. */
async function takeQuiz(email: string, at: Date, answers: [boolean, boolean]) {
  setNow(at);
  const started = await call('POST', `/api/sessions/${sessionId}/lessons/${L.quiz}/attempts`, email);
  expect(started.status).toBe(201);
  const id: number = started.json().data.id;
  for (const [i, answer] of answers.entries())
    expect(
      (await call('PUT', `/api/quiz-attempts/${id}/answers/${Q[i]}`, email, { answer, currentIndex: i })).status,
    ).toBe(200);
  setNow(new Date(at.getTime() + 5 * 60_000));
  expect((await call('POST', `/api/quiz-attempts/${id}/submit`, email)).status).toBe(200);
}

async function submission(
  email: string,
  lesson: string,
  at: string,
  grade: number | null,
  kind: 'DOCUMENT' | 'CODE' = 'DOCUMENT',
) {
  const late = new Date(at).getTime() > new Date('2031-05-12T06:00:00Z').getTime() && lesson !== 'lab';
  await t.db
    .insertInto('submissions')
    .values({
      lesson_id: L[lesson]!,
      session_id: sessionId,
      user_id: U[email]!,
      kind,
      document_url: kind === 'DOCUMENT' ? '/uploads/x.pdf' : null,
      document_name: kind === 'DOCUMENT' ? 'x.pdf' : null,
      code: kind === 'CODE' ? 'function add(a,b){return a+b}' : null,
      results: null,
      status: grade === null ? 'SUBMITTED' : kind === 'CODE' ? 'AUTOGRADED' : 'DONE',
      grade,
      comment: null,
      late,
      submitted_at: new Date(at),
      graded_at: grade === null ? null : new Date(at),
      graded_by: null,
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp({ now });
  for (const e of [EDUCATOR, LEARNER, LEARNER1, LEARNER2]) U[e] = await userIdOf(t.db, e);
  const course = await insertCourse(t.db, { educatorId: U[EDUCATOR]!, title: 'Graded JavaScript' });
  const week1 = await course.section(1, 'Types', 0);
  const week2 = await course.section(2, 'Functions', 0);
  L.quiz = await course.lesson(week1, 0, 'Types quiz', 'quiz', { allow_late: true });
  L.essay = await course.lesson(week1, 1, 'Essay', 'assignment', { points: 20, allow_late: true });
  L.reading = await course.lesson(week1, 2, 'Reading', 'reading');
  L.lab = await course.lesson(week2, 0, 'Add lab', 'programmingAssignment', { points: 30 });
  Q.push(await insertTrueFalseQuestion(t.db, L.quiz, { prompt: 'null is an object', answer: true, points: 2 }));
  Q.push(await insertTrueFalseQuestion(t.db, L.quiz, { prompt: 'NaN equals NaN', answer: false, points: 2 }));
  sessionId = await course.session();
  await enrollByEmail(t.db, sessionId, [LEARNER, LEARNER1, LEARNER2]);

  await takeQuiz(LEARNER, WEEK1, [true, true]); // 2/4
  await takeQuiz(LEARNER1, new Date('2031-05-08T09:00:00Z'), [true, false]); // 4/4
  await takeQuiz(LEARNER1, new Date('2031-05-13T09:00:00Z'), [false, true]); // 0/4, late
  await submission(LEARNER, 'essay', '2031-05-08T10:00:00Z', 15);
  await submission(LEARNER1, 'essay', '2031-05-13T10:00:00Z', 10);
  await submission(LEARNER2, 'essay', '2031-05-09T10:00:00Z', null);
  await submission(LEARNER, 'lab', '2031-05-14T10:00:00Z', 30, 'CODE');
  setNow(READ_AT);
}, 60_000);
afterAll(() => t.close());

const book = async (email = EDUCATOR) => call('GET', `/api/sessions/${sessionId}/gradebook`, email);
type Row = { learner: { id: number }; cells: { status: string; score: number | null; late: boolean }[]; total: number };
const rowOf = (data: { rows: Row[] }, email: string): Row => data.rows.find((r) => r.learner.id === U[email])!;
const putWeights = (weights: unknown, email = EDUCATOR) =>
  call('PUT', `/api/sessions/${sessionId}/gradebook/weights`, email, { weights });

describe('quiz attempts for the educator', () => {
  it("lists every learner's attempt with score, each answer right or wrong, time taken, submitted at and late mark", async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/quiz-attempts`, EDUCATOR);
    expect(res.status).toBe(200);
    const { items, total } = res.json().data;
    expect(total).toBe(3);
    const lina = items.find((a: { learner: { id: number } }) => a.learner.id === U[LEARNER]);
    expect(lina).toMatchObject({
      lessonName: 'Types quiz',
      status: 'AUTOGRADED',
      score: 2,
      maxScore: 4,
      durationSeconds: 300,
      late: false,
      submittedAt: '2031-05-07T12:05:00.000Z',
      answers: [
        {
          questionId: Q[0],
          prompt: 'null is an object',
          answer: true,
          correct: true,
          pointsAwarded: 2,
          correctAnswer: true,
        },
        {
          questionId: Q[1],
          prompt: 'NaN equals NaN',
          answer: true,
          correct: false,
          pointsAwarded: 0,
          correctAnswer: false,
        },
      ],
    });
    // Newest first: LEARNER1's retake after the deadline is late.
    expect(items[0]).toMatchObject({ learner: { id: U[LEARNER1] }, score: 0, late: true });
  });

  it('is refused to learners (their role) and to another educator (not their session), and answered to admins', async () => {
    expect((await call('GET', `/api/sessions/${sessionId}/quiz-attempts`, LEARNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/quiz-attempts`, OTHER_EDUCATOR)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/quiz-attempts`, null)).status).toBe(401);
    expect((await call('GET', `/api/sessions/${sessionId}/quiz-attempts`, ADMIN)).status).toBe(200);
    expect((await call('GET', `/api/sessions/999999/quiz-attempts`, EDUCATOR)).status).toBe(404);
  });
});

describe('the gradebook', () => {
  it('shows the graded items in syllabus order with equal weights by default, and the hand-computed totals', async () => {
    const res = await book();
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(data.weighting).toBe('EQUAL');
    expect(data.items).toEqual([
      expect.objectContaining({
        lessonId: L.quiz,
        kind: 'QUIZ',
        points: 4,
        weight: 33.34,
        deadline: '2031-05-12T06:00:00.000Z',
      }),
      expect.objectContaining({ lessonId: L.essay, kind: 'ASSIGNMENT', points: 20, weight: 33.33 }),
      expect.objectContaining({
        lessonId: L.lab,
        kind: 'LAB',
        points: 30,
        weight: 33.33,
        deadline: '2031-05-19T06:00:00.000Z',
      }),
    ]);
    expect(data.rows).toHaveLength(3);
    // Lina: 33.34 × 2/4 + 33.33 × 15/20 + 33.33 × 30/30 = 16.67 + 24.9975 + 33.33 = 74.9975 → 75
    expect(rowOf(data, LEARNER)).toEqual({
      learner: expect.objectContaining({ id: U[LEARNER] }),
      cells: [
        { lessonId: L.quiz, status: 'GRADED', score: 2, late: false },
        { lessonId: L.essay, status: 'GRADED', score: 15, late: false },
        { lessonId: L.lab, status: 'GRADED', score: 30, late: false },
      ],
      total: 75,
    });
    // LEARNER1: the best attempt (4/4, on time) counts; the essay is late; the lab not due yet.
    // 33.34 × 1 + 33.33 × 10/20 + 0 = 50.005 → 50.01
    expect(rowOf(data, LEARNER1)).toMatchObject({
      cells: [
        { status: 'GRADED', score: 4, late: false },
        { status: 'GRADED', score: 10, late: true },
        { status: 'NOT_DUE', score: null, late: false },
      ],
      total: 50.01,
    });
    // LEARNER2: quiz missing (deadline passed), essay pending: both count 0.
    expect(rowOf(data, LEARNER2)).toMatchObject({
      cells: [
        { status: 'MISSING', score: null },
        { status: 'PENDING', score: null, late: false },
        { status: 'NOT_DUE', score: null },
      ],
      total: 0,
    });
  });

  it("takes the educator's weights and recomputes the totals (20 / 30 / 50)", async () => {
    const res = await putWeights([
      { lessonId: L.quiz, weight: 20 },
      { lessonId: L.essay, weight: 30 },
      { lessonId: L.lab, weight: 50 },
    ]);
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(data.weighting).toBe('CUSTOM');
    expect(data.items.map((i: { weight: number }) => i.weight)).toEqual([20, 30, 50]);
    // Lina: 20 × 0.5 + 30 × 0.75 + 50 × 1 = 82.5; LEARNER1: 20 × 1 + 30 × 0.5 = 35; LEARNER2: 0.
    expect(rowOf(data, LEARNER).total).toBe(82.5);
    expect(rowOf(data, LEARNER1).total).toBe(35);
    expect(rowOf(data, LEARNER2).total).toBe(0);
    expect(rowOf((await book()).json().data, LEARNER).total).toBe(82.5);
  });

  it('refuses weights that do not add up to 100, leave an item out, name another lesson, repeat one, are negative or too precise; nothing changes', async () => {
    const before = (await book()).json().data;
    const refusals: [unknown, number, RegExp][] = [
      [
        [
          { lessonId: L.quiz, weight: 20 },
          { lessonId: L.essay, weight: 30 },
          { lessonId: L.lab, weight: 40 },
        ],
        422,
        /add up to 100/,
      ],
      [
        [
          { lessonId: L.quiz, weight: 50 },
          { lessonId: L.essay, weight: 50 },
        ],
        422,
        /Every graded item needs a weight/,
      ],
      [
        [
          { lessonId: L.quiz, weight: 20 },
          { lessonId: L.essay, weight: 30 },
          { lessonId: L.reading, weight: 50 },
        ],
        422,
        /invalid/,
      ],
      [
        [
          { lessonId: L.quiz, weight: 20 },
          { lessonId: L.quiz, weight: 30 },
          { lessonId: L.lab, weight: 50 },
        ],
        422,
        /invalid/,
      ],
      [
        [
          { lessonId: L.quiz, weight: -10 },
          { lessonId: L.essay, weight: 60 },
          { lessonId: L.lab, weight: 50 },
        ],
        400,
        /./,
      ],
      [
        [
          { lessonId: L.quiz, weight: 20.005 },
          { lessonId: L.essay, weight: 29.995 },
          { lessonId: L.lab, weight: 50 },
        ],
        400,
        /./,
      ],
    ];
    for (const [weights, status, message] of refusals) {
      const res = await putWeights(weights);
      expect(res.status, JSON.stringify(weights)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (
        await putWeights(
          [
            { lessonId: L.quiz, weight: 100 },
            { lessonId: L.essay, weight: 0 },
            { lessonId: L.lab, weight: 0 },
          ],
          OTHER_EDUCATOR,
        )
      ).status,
    ).toBe(403);
    expect((await putWeights([], LEARNER)).status).toBe(403);
    expect((await book()).json().data).toEqual(before);
  });

  it('goes back to equal weights with an empty list', async () => {
    const data = (await putWeights([])).json().data;
    expect(data.weighting).toBe('EQUAL');
    expect(rowOf(data, LEARNER).total).toBe(75);
    await putWeights([
      { lessonId: L.quiz, weight: 20 },
      { lessonId: L.essay, weight: 30 },
      { lessonId: L.lab, weight: 50 },
    ]);
  });

  it('is refused to learners, another educator and strangers', async () => {
    expect((await book(LEARNER)).status).toBe(403);
    expect((await book(OTHER_EDUCATOR)).status).toBe(403);
    expect((await book(ADMIN)).status).toBe(200);
  });
});

describe('the CSV export', () => {
  it('has the byte-order mark, a header, one row per learner, and neutralises formulas', async () => {
    await t.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://x","y")' })
      .where('id', '=', U[LEARNER2]!)
      .execute();
    const res = await call('GET', `/api/sessions/${sessionId}/gradebook.csv`, EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`gradebook-session-${sessionId}.csv`);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Learner,E-mail,Types quiz (Quiz · 4 pts · 20%),Essay (Assignment · 20 pts · 30%),Add lab (Lab · 30 pts · 50%),Total (%),Late',
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://x"",""y"") ${(await t.db.selectFrom('users').select('last_name').where('id', '=', U[LEARNER2]!).executeTakeFirstOrThrow()).last_name}",${LEARNER2},Missing,Pending,Not due,0,`,
    );
    expect(lines.some((l) => l.endsWith(`,${LEARNER1},4,10,Not due,35,Essay`))).toBe(true);
    expect(lines.some((l) => l.includes(`,${LEARNER},2,15,30,82.5,`))).toBe(true);
    expect(lines.every((l) => !/(^|,)[=+\-@]/.test(l))).toBe(true);
  });

  it('writes Arabic column titles with ?lang=ar, and is refused to learners and other educators', async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/gradebook.csv?lang=ar`, EDUCATOR);
    expect(res.text.slice(1).split('\r\n')[0]).toMatch(/^المتعلّم,البريد الإلكتروني,/);
    expect((await call('GET', `/api/sessions/${sessionId}/gradebook.csv`, LEARNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/gradebook.csv`, OTHER_EDUCATOR)).status).toBe(403);
  });
});

describe("a learner's own row", () => {
  it('answers the items, the weights and only their own row', async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/gradebook/mine`, LEARNER);
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(data.items.map((i: { weight: number }) => i.weight)).toEqual([20, 30, 50]);
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({ learner: { id: U[LEARNER] }, total: 82.5 });
    expect(res.text).not.toContain(LEARNER1);
  });

  it('is refused to a learner not enrolled, and to the educator (who reads the whole book)', async () => {
    expect((await call('GET', `/api/sessions/${sessionId}/gradebook/mine`, OUTSIDER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/gradebook/mine`, EDUCATOR)).status).toBe(403);
  });
});

describe('the demo data', () => {
  it("gives the demo session's educator quiz attempts and a gradebook with values, and the demo learner their own grades", async () => {
    const demo = await activeSessionOf(t.db, LEARNER);
    const educator = (
      await t.db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.educator_id')
        .select('u.email')
        .where('s.id', '=', demo)
        .executeTakeFirstOrThrow()
    ).email;
    const attempts = (await call('GET', `/api/sessions/${demo}/quiz-attempts`, educator)).json().data;
    expect(attempts.total).toBeGreaterThan(0);
    expect(attempts.items[0].answers.some((a: { correct: boolean }) => a.correct === false)).toBe(true);
    const data = (await call('GET', `/api/sessions/${demo}/gradebook`, educator)).json().data;
    expect(data.items.map((i: { kind: string }) => i.kind)).toEqual(
      expect.arrayContaining(['QUIZ', 'ASSIGNMENT', 'LAB']),
    );
    expect(data.rows.length).toBeGreaterThan(1);
    const statuses = data.rows.flatMap((r: Row) => r.cells.map((c) => c.status));
    expect(statuses).toEqual(expect.arrayContaining(['GRADED', 'PENDING']));
    expect(data.rows.some((r: Row) => r.total > 0)).toBe(true);
    const mine = (await call('GET', `/api/sessions/${demo}/gradebook/mine`, LEARNER)).json().data;
    expect(mine.rows[0].cells.filter((c: { status: string }) => c.status === 'GRADED').length).toBeGreaterThan(0);
  });
});
