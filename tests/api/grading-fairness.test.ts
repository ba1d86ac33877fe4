import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SUBMISSIONS_PER_MINUTE } from '../../server/modules/assignments/code.js';
import { SANDBOX_POOL_SIZE } from '../../server/platform/sandbox/index.js';
import { enroll, insertCourse } from './course-fixtures.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Issue "Nothing lost, nobody in", part 6 — grading fairness (docs/classroom.md "Grading"):
 * time waiting in the sandbox's queue does not count against a submission; the pool has at least
 * two workers; a learner has one code submission graded at a time and at most
 * CODE_SUBMISSIONS_PER_MINUTE a minute (429 + Retry-After); hidden tests show their learner
 * pass/fail only, never the expected value (the educator sees everything).
 *
 * Fixture: a course of educator@halaqa.test with a session from 2031-05-05 (America/Denver); the
 * app's clock is 2031-05-07, in week 1. Lesson `square` (100 points, 5 visible tests); lesson
 * `secret` (100 points: 2 visible tests, 2 hidden whose expected values are 'SECRET-…').
 */
const WEEK1 = new Date('2031-05-07T12:00:00Z');
const EDUCATOR = 'educator@halaqa.test';
const LEARNERS = [
  'learner@halaqa.test',
  'learner1@halaqa.test',
  'learner2@halaqa.test',
  'learner3@halaqa.test',
  'learner4@halaqa.test',
  'learner5@halaqa.test',
];
let t: TestApp;
let sessionId: number;
const L: Record<string, number> = {};

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
async function submitCode(lessonId: number, email: string, code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/assignments/${lessonId}/code`,
    headers: t.auth(await t.tokenFor(email)),
    payload: { sessionId, code },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
}
const get = async (url: string, email: string) =>
  (await t.app.inject({ method: 'GET', url, headers: t.auth(await t.tokenFor(email)) })).json();

beforeAll(async () => {
  t = await startTestApp({ now: () => WEEK1 });
  const course = await insertCourse(t.db, { educatorId: await idOf(EDUCATOR), title: 'Fair grading' });
  const section = await course.section(1, 'Practice', 0);
  L.square = await course.lesson(section, 0, 'square', 'programmingAssignment', {
    points: 100,
    programming: JSON.stringify({
      functionName: 'square',
      starterCode: '',
      tests: [1, 2, 3, 4, 5].map((n) => ({ name: `square(${n})`, args: [n], expected: n * n })),
    }),
  });
  L.secret = await course.lesson(section, 1, 'secret', 'programmingAssignment', {
    points: 100,
    programming: JSON.stringify({
      functionName: 'code',
      starterCode: '',
      tests: [
        { name: 'code(1)', args: [1], expected: 'OPEN-1' },
        { name: 'code(2)', args: [2], expected: 'OPEN-2' },
        { name: 'hidden a', args: [41], expected: 'SECRET-4141', hidden: true },
        { name: 'hidden b', args: [42], expected: 'SECRET-4242', hidden: true },
      ],
    }),
  });
  sessionId = await course.session();
  for (const email of LEARNERS) await enroll(t.db, sessionId, await idOf(email));
}, 120_000);
afterAll(() => t.close());

describe('grading time', () => {
  it('runs the sandbox on at least two worker threads', () => {
    expect(SANDBOX_POOL_SIZE).toBeGreaterThanOrEqual(2);
  });

  it("three looping submissions do not cost a fourth learner's correct solution its points: queue time is not counted", async () => {
    const loops = LEARNERS.slice(0, 3).map((email) =>
      submitCode(L.square!, email, 'function square(n) { while (true) {} }'),
    );
    await new Promise((r) => setTimeout(r, 200)); // the loops hold the workers and the queue
    const started = Date.now();
    const correct = await submitCode(L.square!, LEARNERS[3]!, 'function square(n) { return n * n; }');
    const waitedMs = Date.now() - started;
    const looped = await Promise.all(loops);
    console.log(
      `correct solution graded after ${waitedMs} ms behind 3 looping submissions (pool of ${SANDBOX_POOL_SIZE} workers)`,
    );
    expect(correct.status).toBe(201);
    expect(correct.body.data.results.map((r: { output: string }) => r.output)).toEqual(['', '', '', '', '']);
    expect(correct.body.data.grade).toBe(100);
    for (const l of looped) {
      expect(l.status).toBe(201);
      expect(l.body.data.grade).toBe(0);
    }
  }, 120_000);
});

describe('per-learner limits of code submissions', () => {
  it('grades one submission of a learner at a time: a second while the first runs is 429 with Retry-After', async () => {
    const email = LEARNERS[4]!;
    // A loop that runs until the sandbox's time limit: the first is surely still grading when the
    // second arrives, however fast the machine (a finite loop could end within the wait).
    const first = submitCode(L.square!, email, 'function square(n) { for (;;) {} }');
    await new Promise((r) => setTimeout(r, 300));
    const second = await submitCode(L.square!, email, 'function square(n) { return n * n; }');
    expect(second.status).toBe(429);
    expect(second.body.message).toBe('Your previous submission is still being graded: wait for its result');
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await first).status).toBe(201);
    expect((await submitCode(L.square!, email, 'function square(n) { return n * n; }')).status).toBe(201);
  }, 60_000);

  it(`accepts at most ${CODE_SUBMISSIONS_PER_MINUTE} submissions a minute (the database clock), then 429 until the oldest is a minute old`, async () => {
    const email = LEARNERS[5]!;
    const userId = await idOf(email);
    const rows = Array.from({ length: CODE_SUBMISSIONS_PER_MINUTE - 1 }, () => ({
      lesson_id: L.square!,
      session_id: sessionId,
      user_id: userId,
      kind: 'CODE' as const,
      code: 'x',
      results: '[]',
      status: 'AUTOGRADED' as const,
      grade: 0,
      submitted_at: WEEK1,
    }));
    await t.db.insertInto('submissions').values(rows).execute();
    expect((await submitCode(L.square!, email, 'function square(n) { return n * n; }')).status).toBe(201);
    const refused = await submitCode(L.square!, email, 'function square(n) { return n * n; }');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `At most ${CODE_SUBMISSIONS_PER_MINUTE} code submissions a minute: try again shortly`,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A minute later (moved back in the database), the learner submits again.
    await t.db
      .updateTable('submissions')
      .set({ created_at: new Date(Date.now() - 61_000) } as never)
      .where('user_id', '=', userId)
      .execute();
    expect((await submitCode(L.square!, email, 'function square(n) { return n * n; }')).status).toBe(201);
  }, 60_000);
});

describe('hidden tests', () => {
  it('show the learner pass/fail only: no expected value, output or error; a lookup table of the printed answers gets the visible points only', async () => {
    const email = LEARNERS[0]!;
    // Prints its arguments and throws on hidden ones: nothing of it may reach the learner.
    const probe = await submitCode(
      L.secret!,
      email,
      'function code(n) { console.log("arg", n); if (n > 40) throw new Error("arg was " + n); return "nope"; }',
    );
    expect(probe.status).toBe(201);
    const results = probe.body.data.results;
    expect(results[0]).toEqual({ name: 'code(1)', passed: false, output: 'Wrong value: expected "OPEN-1"\narg 1' });
    expect(results.slice(2)).toEqual([
      { name: 'hidden a', passed: false, output: 'Hidden test: failed', hidden: true },
      { name: 'hidden b', passed: false, output: 'Hidden test: failed', hidden: true },
    ]);
    expect(JSON.stringify(results)).not.toMatch(/SECRET|arg was|arg 4/);

    const table = await submitCode(
      L.secret!,
      email,
      'const T = { 1: "OPEN-1", 2: "OPEN-2" }; function code(n) { return T[n] ?? "?"; }',
    );
    expect(table.body.data.grade).toBe(50);
    const solved = await submitCode(
      L.secret!,
      email,
      'function code(n) { return (n > 40 ? "SECRET-" : "OPEN-") + (n > 40 ? String(n) + String(n) : n); }',
    );
    expect(solved.body.data.grade).toBe(100);
    expect(solved.body.data.results.slice(2)).toEqual([
      { name: 'hidden a', passed: true, output: 'Hidden test: passed', hidden: true },
      { name: 'hidden b', passed: true, output: 'Hidden test: passed', hidden: true },
    ]);

    const mine = await get(`/api/assignments/${L.secret}/submissions?sessionId=${sessionId}`, email);
    expect(JSON.stringify(mine.data.items.map((i: { results: unknown }) => i.results))).not.toMatch(
      /SECRET|arg was|arg 4/,
    );
    const educator = await get(`/api/sessions/${sessionId}/submissions?pageSize=100`, EDUCATOR);
    const probeSeenByEducator = educator.data.items.find((s: { id: number }) => s.id === probe.body.data.id);
    expect(probeSeenByEducator.results[2]).toEqual({
      name: 'hidden a',
      passed: false,
      output: 'Error: arg was 41\narg 41',
      hidden: true,
    });
  }, 60_000);

  it("are authored with `hidden: true` in the lesson's programming spec, and kept through a save", async () => {
    const token = await t.tokenFor(EDUCATOR);
    const spec = {
      functionName: 'code',
      starterCode: '',
      tests: [
        { name: 'open', args: [1], expected: 1 },
        { name: 'closed', args: [2], expected: 2, hidden: true },
      ],
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/lessons/${L.secret}/authoring`,
      headers: t.auth(token),
      payload: { programming: spec },
    });
    expect(put.statusCode).toBe(200);
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/lessons/${L.secret}/authoring`, headers: t.auth(token) })
    ).json().data.programming;
    expect(read.tests).toEqual([
      { name: 'open', args: [1], expected: 1 },
      { name: 'closed', args: [2], expected: 2, hidden: true },
    ]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/lessons/${L.secret}/authoring`,
      headers: t.auth(token),
      payload: { programming: { ...spec, tests: [{ name: 'x', args: [], expected: 1, hidden: 'yes' }] } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
