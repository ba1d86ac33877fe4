import { describe, expect, it } from 'vitest';
import { runTests } from '../../server/modules/assignments/code.js';
import { countRows } from './harness.js';
import { AFTER_WEEK1_DEADLINE, WEEK1 } from './course-fixtures.js';
import {
  call,
  EDUCATOR,
  L,
  LEARNER,
  OTHER_COMPANY,
  OUTSIDER,
  sessionId,
  setNow,
  submitCode,
  t,
  useAssignmentFixture,
} from './assignments-setup.js';

/**
 * Submitting code to a programming assignment, graded in the sandbox (submitProgrammingAssignment;
 * docs/classroom.md "Grading"). The fixture is in assignments-setup.ts.
 */

useAssignmentFixture();

describe('POST /assignments/{id}/code (submitProgrammingAssignment)', () => {
  it('grades correct code in the sandbox: AUTOGRADED, every test passed, full points', async () => {
    setNow(WEEK1);
    const res = await submitCode(L.code!, LEARNER, 'function add(a, b) { console.log("adding", a, b); return a + b; }');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      assignmentId: L.code,
      sessionId,
      kind: 'CODE',
      document: null,
      status: 'AUTOGRADED',
      grade: 30,
      points: 30,
      late: false,
      code: 'function add(a, b) { console.log("adding", a, b); return a + b; }',
      gradedAt: WEEK1.toISOString(),
    });
    expect(res.body.data.results).toEqual([
      { name: 'add(1, 2)', passed: true, output: 'adding 1 2' },
      { name: 'add(-1, 1)', passed: true, output: 'adding -1 1' },
      { name: 'add(2, 2)', passed: true, output: 'adding 2 2' },
    ]);
  });

  it('gives partial points for partly wrong code (points × passed / total) and says what was expected', async () => {
    setNow(WEEK1);
    const res = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a === 2 ? 5 : a + b; }');
    expect(res.status).toBe(201);
    expect(res.body.data.grade).toBe(20);
    expect(res.body.data.results.map((r: { passed: boolean }) => r.passed)).toEqual([true, true, false]);
    expect(res.body.data.results[2].output).toBe('Wrong value: expected 4');
    const thrown = await submitCode(
      L.code!,
      LEARNER,
      'function add(a, b) { if (a < 0) throw new TypeError("no negatives"); return a + b; }',
    );
    expect(thrown.body.data.grade).toBe(20);
    expect(thrown.body.data.results[1]).toMatchObject({
      passed: false,
      output: expect.stringContaining('no negatives'),
    });
  });

  it('reports an infinite loop as failed tests with a time-limit message, and answers within a few seconds', async () => {
    setNow(WEEK1);
    const started = Date.now();
    const res = await submitCode(L.code!, LEARNER, 'function add(a, b) { while (true) {} }');
    expect(Date.now() - started).toBeLessThan(8000);
    expect(res.status).toBe(201);
    expect(res.body.data.grade).toBe(0);
    for (const r of res.body.data.results)
      expect(r).toMatchObject({ passed: false, output: expect.stringMatching(/Time limit exceeded/) });
  }, 20_000);

  it('keeps answering other requests while a submission loops: /api/health answers before the submission does', async () => {
    setNow(WEEK1);
    const order: string[] = [];
    const submission = submitCode(L.code!, LEARNER, 'function add(a, b) { while (true) {} }').then((res) => {
      order.push('submission');
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first test is running in the sandbox
    const started = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const healthMs = Date.now() - started;
    order.push('health');
    expect(health.statusCode).toBe(200);
    const res = await submission;
    console.log(`/api/health answered in ${healthMs} ms while a looping submission ran`);
    expect(order).toEqual(['health', 'submission']);
    expect(healthMs).toBeLessThan(500);
    expect(res.body.data.results.every((r: { passed: boolean }) => !r.passed)).toBe(true);
  }, 20_000);

  it('stops running tests once the submission has used its time budget: the rest fail as not run', async () => {
    const tests = Array.from({ length: 5 }, (_, i) => ({ name: `t${i}`, args: [i, i], expected: 2 * i }));
    const started = Date.now();
    const results = await runTests(
      'function add(a, b) { while (true) {} }',
      { functionName: 'add', starterCode: '', tests },
      1500,
    );
    expect(Date.now() - started).toBeLessThan(4000);
    expect(results.map((r) => r.output)).toEqual([
      'Time limit exceeded (1000 ms)',
      'Time limit exceeded (1000 ms)',
      ...Array(3).fill('Not run: the submission used up its time budget (1.5 s)'),
    ]);
    expect(results.every((r) => !r.passed)).toBe(true);
  }, 20_000);

  it('reports a memory bomb as a failed test, and a syntax error', async () => {
    setNow(WEEK1);
    // A bomb that doubles a string: over the memory limit in a few ms, so a busy machine cannot
    // turn it into a time-limit failure (an array of small objects can take ~1 s to get there).
    const bomb = await submitCode(
      L.code!,
      LEARNER,
      'function add(a, b) { if (a !== 1) return a + b; let n = 1, s = ""; for (;;) { s = "x".repeat(n); n *= 2; } }',
    );
    expect(bomb.status).toBe(201);
    expect(bomb.body.data.grade).toBe(20);
    expect(bomb.body.data.results[0]).toMatchObject({ passed: false, output: 'Memory limit exceeded (32 MiB)' });
    const syntax = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + ; }');
    expect(syntax.body.data.grade).toBe(0);
    expect(syntax.body.data.results[0].output).toMatch(/SyntaxError/);
  }, 20_000);

  it('refuses: missing code (400), not a programming assignment or no tests (404/409), not enrolled (403), the educator (403), anonymous (401)', async () => {
    setNow(WEEK1);
    const rows = await countRows(t.db, 'submissions');
    expect((await call('POST', `/api/assignments/${L.code}/code`, LEARNER, { sessionId })).status).toBe(400);
    expect((await submitCode(L.code!, LEARNER, '')).status).toBe(400);
    expect((await submitCode(L.essay!, LEARNER, 'function add() {}')).status).toBe(404);
    const noTests = await submitCode(L.noTests!, LEARNER, 'function add() {}');
    expect(noTests.status).toBe(409);
    expect(noTests.body.message).toBe('This programming assignment has no tests yet');
    expect((await submitCode(L.code!, OUTSIDER, 'function add(a, b) { return a + b; }')).status).toBe(403);
    expect((await submitCode(L.code!, OTHER_COMPANY, 'function add(a, b) { return a + b; }')).status).toBe(403);
    expect((await submitCode(L.code!, EDUCATOR, 'function add(a, b) { return a + b; }')).status).toBe(403);
    expect((await submitCode(L.code!, null, 'function add(a, b) { return a + b; }')).status).toBe(401);
    expect(await countRows(t.db, 'submissions')).toBe(rows);
  });

  it('closes at the deadline (409) unless late work is allowed, then marks it late', async () => {
    setNow(AFTER_WEEK1_DEADLINE);
    const closed = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('The deadline for this lesson has passed');
    await t.db.updateTable('lessons').set({ allow_late: true }).where('id', '=', L.code!).execute();
    const late = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }');
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({ late: true, grade: 30 });
    await t.db.updateTable('lessons').set({ allow_late: false }).where('id', '=', L.code!).execute();
    setNow(WEEK1);
  });
});
