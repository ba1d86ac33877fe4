import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../../server/modules/assignments/service.js';
import { countRows, multipart, PNG_1PX, startTestApp, type FilePart, type TestApp } from './harness.js';
import { enroll, insertCourse } from './course-fixtures.js';
import type { LessonTypeCode } from '../../server/db/types.js';

/**
 * The assignment calls (openapi tag Assignments; product.md#calls Assignments; docs/classroom.md "Rules",
 * "Grading"): submitAssignment, submitProgrammingAssignment, listAssignmentSubmissions,
 * listSessionSubmissions, gradeSubmission.
 *
 * Fixture: an NCAI course of educator@halaqa.test with a session in America/Denver (MDT, UTC−6)
 * from Monday 2031-05-05 to Sunday 2031-06-01, and a second session of the same course. Week 1
 * holds an assignment (20 points), an assignment that accepts late work, a programming assignment
 * `add(a, b)` with 3 tests (30 points), one without tests, and a reading. The week-1 deadline is
 * 2031-05-12 00:00 MDT = 06:00Z. The app's clock is `now`.
 */

const WEEK1 = new Date('2031-05-07T12:00:00Z');
const AFTER_DEADLINE = new Date('2031-05-12T06:00:01Z');
let now = WEEK1;
let t: TestApp;

const EDUCATOR = 'educator@halaqa.test';
const OTHER_EDUCATOR = 'educator2@halaqa.test';
const ADMIN = 'admin@halaqa.test';
const LEARNER = 'learner@halaqa.test'; // Lina Kassem, enrolled in the session
const LEARNER1 = 'learner1@halaqa.test'; // enrolled in the session
const TWO_SESSIONS = 'learner@ncai.halaqa.test'; // enrolled in both sessions of the course
const OUTSIDER = 'learner2@halaqa.test'; // not enrolled
const OTHER_COMPANY = 'learner@qad.halaqa.test'; // another company's learner, not enrolled
const PARTNER = 'partner@ncai.halaqa.test';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdf = (filename = 'essay.pdf'): FilePart => ({ filename, contentType: 'application/pdf', content: PDF });

let sessionId: number;
let secondSessionId: number;
const L: Record<string, number> = {};

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

async function submit(
  lessonId: number,
  email: string | null,
  files: Record<string, FilePart>,
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, files);
  const headers = { ...form.headers, ...(email ? t.auth(await t.tokenFor(email)) : {}) };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/assignments/${lessonId}/submissions`,
    payload: form.payload,
    headers,
  });
  return { status: res.statusCode, body: res.json() };
}

const submitCode = (lessonId: number, email: string | null, code: string, session = sessionId) =>
  call('POST', `/api/assignments/${lessonId}/code`, email, { sessionId: session, code });

async function fixture() {
  const ncai = (
    await t.db.selectFrom('users').select('company_id').where('email', '=', PARTNER).executeTakeFirstOrThrow()
  ).company_id;
  const course = await insertCourse(t.db, {
    educatorId: await idOf(EDUCATOR),
    title: 'JavaScript, graded',
    companyId: ncai,
  });
  const sectionId = await course.section(1, 'Practice', 0);
  let order = 0;
  const lesson = async (key: string, code: LessonTypeCode, extra: Record<string, unknown> = {}) => {
    L[key] = await course.lesson(sectionId, order++, key, code, extra);
  };
  await lesson('essay', 'assignment', { points: 20 });
  await lesson('lateOk', 'assignment', { points: 10, allow_late: true });
  await lesson('code', 'programmingAssignment', {
    points: 30,
    programming: JSON.stringify({
      functionName: 'add',
      starterCode: 'function add(a, b) {}',
      tests: [
        { name: 'add(1, 2)', args: [1, 2], expected: 3 },
        { name: 'add(-1, 1)', args: [-1, 1], expected: 0 },
        { name: 'add(2, 2)', args: [2, 2], expected: 4 },
      ],
    }),
  });
  await lesson('noTests', 'programmingAssignment', { programming: null });
  await lesson('reading', 'reading', { content_html: '<p>Read me</p>' });

  sessionId = await course.session();
  secondSessionId = await course.session();
  for (const [email, sid] of [
    [LEARNER, sessionId],
    [LEARNER1, sessionId],
    [TWO_SESSIONS, sessionId],
    [TWO_SESSIONS, secondSessionId],
  ] as const) {
    await enroll(t.db, sid, await idOf(email));
  }
}

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  await fixture();
});
afterAll(() => t.close());

describe('POST /assignments/{id}/submissions (submitAssignment)', () => {
  it('stores a PDF checked by content as a SUBMITTED submission of the enrolled learner, and serves the file', async () => {
    now = WEEK1;
    const res = await submit(L.essay!, LEARNER, { document: pdf('todo-report.pdf') });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({
      assignmentId: L.essay,
      sessionId,
      kind: 'DOCUMENT',
      learner: { id: await idOf(LEARNER), name: 'Lina Kassem' },
      document: { fileName: 'todo-report.pdf' },
      code: null,
      results: null,
      status: 'SUBMITTED',
      grade: null,
      points: 20,
      late: false,
      comment: null,
      gradedAt: null,
      submittedAt: WEEK1.toISOString(),
    });
    // A private file: the answer carries a short-lived signed link (docs/storage.md "Private files").
    expect(s.document.url).toMatch(/^\/uploads\/submissions\/[^?]+\.pdf\?exp=\d+&sig=[\w-]+$/);
    expect(existsSync(join(t.config.dataDir, s.document.url.split('?')[0]))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: s.document.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps every submission: a resubmission is a new row and both are listed, newest first', async () => {
    now = new Date(WEEK1.getTime() + 60_000);
    const again = await submit(
      L.essay!,
      LEARNER,
      { document: pdf('todo-report-v2.pdf') },
      { sessionId: String(sessionId) },
    );
    expect(again.status).toBe(201);
    const list = await call('GET', `/api/assignments/${L.essay}/submissions?sessionId=${sessionId}`, LEARNER);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items.map((i: { document: { fileName: string } }) => i.document.fileName)).toEqual([
      'todo-report-v2.pdf',
      'todo-report.pdf',
    ]);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 12 });
  });

  it('asks which session when the learner is enrolled in several sessions of the course (400 sessionId), then accepts it', async () => {
    now = WEEK1;
    const before = await countRows(t.db, 'submissions');
    const ambiguous = await submit(L.essay!, TWO_SESSIONS, { document: pdf() });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors).toEqual([expect.objectContaining({ path: 'sessionId' })]);
    expect(await countRows(t.db, 'submissions')).toBe(before);
    const ok = await submit(L.essay!, TWO_SESSIONS, { document: pdf() }, { sessionId: String(secondSessionId) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.sessionId).toBe(secondSessionId);
  });

  it('refuses bad files, stores nothing: none (400), empty (400), a PNG named .pdf (415), over 20 MB (413)', async () => {
    now = WEEK1;
    const rows = await countRows(t.db, 'submissions');
    const none = await submit(L.essay!, LEARNER, {});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([expect.objectContaining({ path: 'document' })]);
    expect(
      (
        await submit(L.essay!, LEARNER, {
          document: { filename: 'empty.pdf', contentType: 'application/pdf', content: Buffer.alloc(0) },
        })
      ).status,
    ).toBe(400);
    const png = await submit(L.essay!, LEARNER, {
      document: { filename: 'essay.pdf', contentType: 'application/pdf', content: PNG_1PX },
    });
    expect(png.status).toBe(415);
    expect(png.body.message).toBe('File type must be pdf, doc, docx, xls, xlsx, ppt, pptx, zip');
    const big = await submit(L.essay!, LEARNER, {
      document: {
        filename: 'big.pdf',
        contentType: 'application/pdf',
        content: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]),
      },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 20 MB');
    const badSession = await submit(L.essay!, LEARNER, { document: pdf() }, { sessionId: 'abc' });
    expect(badSession.status).toBe(400);
    expect(await countRows(t.db, 'submissions')).toBe(rows);
  });

  it('answers 404 for a lesson that is not an assignment, an unknown lesson, or a programming assignment', async () => {
    now = WEEK1;
    expect((await submit(L.reading!, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(L.code!, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(999_999, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(L.essay!, LEARNER, { document: pdf() }, { sessionId: '999999' })).status).toBe(404);
  });

  it('refuses anyone but an enrolled learner: anonymous 401, not enrolled 403, another company 403, the educator 403', async () => {
    now = WEEK1;
    const rows = await countRows(t.db, 'submissions');
    expect((await submit(L.essay!, null, { document: pdf() })).status).toBe(401);
    const outsider = await submit(L.essay!, OUTSIDER, { document: pdf() });
    expect(outsider.status).toBe(403);
    expect((await submit(L.essay!, OUTSIDER, { document: pdf() }, { sessionId: String(sessionId) })).status).toBe(403);
    expect((await submit(L.essay!, OTHER_COMPANY, { document: pdf() })).status).toBe(403);
    expect((await submit(L.essay!, EDUCATOR, { document: pdf() }, { sessionId: String(sessionId) })).status).toBe(403);
    // enrolled, but not in the session named
    expect((await submit(L.essay!, LEARNER, { document: pdf() }, { sessionId: String(secondSessionId) })).status).toBe(
      403,
    );
    expect(await countRows(t.db, 'submissions')).toBe(rows);
  });

  it('closes at the deadline (409) unless the lesson allows late work, which is then marked late', async () => {
    now = AFTER_DEADLINE;
    const rows = await countRows(t.db, 'submissions');
    const closed = await submit(L.essay!, LEARNER, { document: pdf() });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('The deadline for this lesson has passed');
    expect(await countRows(t.db, 'submissions')).toBe(rows);
    const late = await submit(L.lateOk!, LEARNER, { document: pdf() });
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({ late: true, status: 'SUBMITTED', points: 10 });
    now = new Date('2031-05-12T05:59:59Z'); // one second before the deadline
    expect((await submit(L.essay!, LEARNER1, { document: pdf('on-time.pdf') })).body.data).toMatchObject({
      late: false,
    });
    now = WEEK1;
  });
});

describe('POST /assignments/{id}/code (submitProgrammingAssignment)', () => {
  it('grades correct code in the sandbox: AUTOGRADED, every test passed, full points', async () => {
    now = WEEK1;
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
    now = WEEK1;
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
    now = WEEK1;
    const started = Date.now();
    const res = await submitCode(L.code!, LEARNER, 'function add(a, b) { while (true) {} }');
    expect(Date.now() - started).toBeLessThan(8000);
    expect(res.status).toBe(201);
    expect(res.body.data.grade).toBe(0);
    for (const r of res.body.data.results)
      expect(r).toMatchObject({ passed: false, output: expect.stringMatching(/Time limit exceeded/) });
  }, 20_000);

  it('keeps answering other requests while a submission loops: /api/health answers before the submission does', async () => {
    now = WEEK1;
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
    now = WEEK1;
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
    now = WEEK1;
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
    now = AFTER_DEADLINE;
    const closed = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }');
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('The deadline for this lesson has passed');
    await t.db.updateTable('lessons').set({ allow_late: true }).where('id', '=', L.code!).execute();
    const late = await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }');
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({ late: true, grade: 30 });
    await t.db.updateTable('lessons').set({ allow_late: false }).where('id', '=', L.code!).execute();
    now = WEEK1;
  });
});

describe('GET /assignments/{id}/submissions and GET /sessions/{id}/submissions', () => {
  it("shows a learner only their own submissions, never another learner's", async () => {
    const mine = await call('GET', `/api/assignments/${L.essay}/submissions`, LEARNER);
    expect(mine.status).toBe(200);
    const learnerId = await idOf(LEARNER);
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.items.every((i: { learner: { id: number } }) => i.learner.id === learnerId)).toBe(true);
    const other = await call('GET', `/api/assignments/${L.essay}/submissions?sessionId=${sessionId}`, LEARNER1);
    expect(other.body.data.items.map((i: { document: { fileName: string } }) => i.document.fileName)).toEqual([
      'on-time.pdf',
    ]);
  });

  it('shows the educator and admins every submission of the assignment, paged', async () => {
    const all = await call('GET', `/api/assignments/${L.essay}/submissions?sessionId=${sessionId}`, EDUCATOR);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3); // Lina ×2 and learner1 (the two-session learner submitted in session 2)
    const page2 = await call('GET', `/api/assignments/${L.essay}/submissions?pageSize=2&page=2`, ADMIN);
    expect(page2.body.data).toMatchObject({ total: 4, page: 2, pageSize: 2 }); // every session
    expect(page2.body.data.items).toHaveLength(2);
    const code = await call('GET', `/api/assignments/${L.code}/submissions`, EDUCATOR);
    expect(code.body.data.items[0]).toMatchObject({ kind: 'CODE', late: true });
  });

  it('refuses outsiders: 403 for a session they have no part in, nothing listed without one; 404 not an assignment', async () => {
    expect((await call('GET', `/api/assignments/${L.essay}/submissions?sessionId=${sessionId}`, OUTSIDER)).status).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/assignments/${L.essay}/submissions?sessionId=${sessionId}`, OTHER_EDUCATOR)).status,
    ).toBe(403);
    expect((await call('GET', `/api/assignments/${L.essay}/submissions`, OTHER_EDUCATOR)).body.data).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await call('GET', `/api/assignments/${L.essay}/submissions`, OTHER_COMPANY)).body.data).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await call('GET', `/api/assignments/${L.essay}/submissions`, PARTNER)).status).toBe(403);
    expect((await call('GET', `/api/assignments/${L.essay}/submissions`, null)).status).toBe(401);
    expect((await call('GET', `/api/assignments/${L.reading}/submissions`, EDUCATOR)).status).toBe(404);
  });

  it("lists a session's submissions, newest first, for its educator and admins only", async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/submissions?pageSize=3`, EDUCATOR);
    expect(res.status).toBe(200);
    const total = await t.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(res.body.data).toMatchObject({ total: Number(total.n), page: 1, pageSize: 3 });
    expect(res.body.data.items).toHaveLength(3);
    const times = res.body.data.items.map((i: { submittedAt: string }) => i.submittedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, ADMIN)).status).toBe(200);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, LEARNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, OTHER_EDUCATOR)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, PARTNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, null)).status).toBe(401);
    expect((await call('GET', '/api/sessions/999999/submissions', EDUCATOR)).status).toBe(404);
  });
});

describe('PATCH /submissions/{id} (gradeSubmission)', () => {
  let submissionId: number;
  beforeAll(async () => {
    submissionId = (
      await t.db
        .selectFrom('submissions')
        .select('id')
        .where('user_id', '=', await idOf(LEARNER1))
        .where('lesson_id', '=', L.essay!)
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('lets the educator grade within the points: DONE, graded at and by, audited; the learner sees it', async () => {
    now = new Date('2031-05-13T09:00:00Z');
    const res = await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, {
      grade: 18.5,
      comment: '  Well structured.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: submissionId,
      status: 'DONE',
      grade: 18.5,
      comment: 'Well structured.',
      gradedAt: now.toISOString(),
      points: 20,
    });
    const row = await t.db
      .selectFrom('submissions')
      .select(['graded_by', 'status'])
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ graded_by: await idOf(EDUCATOR), status: 'DONE' });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'submission.graded')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: await idOf(EDUCATOR), entity_type: 'session', entity_id: sessionId });
    expect(entry.message).toContain(`Submission ${submissionId}`);
    const seen = await call('GET', `/api/assignments/${L.essay}/submissions`, LEARNER1);
    expect(seen.body.data.items[0]).toMatchObject({ grade: 18.5, status: 'DONE', comment: 'Well structured.' });
    // an admin may edit it; an empty comment clears it; the full points are allowed
    const edited = await call('PATCH', `/api/submissions/${submissionId}`, ADMIN, { grade: 20, comment: '' });
    expect(edited.body.data).toMatchObject({ grade: 20, comment: null });
    now = WEEK1;
  });

  it("refuses a grade above the assignment's points (422) or negative (400), changing nothing", async () => {
    const before = await t.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    const audits = await countRows(t.db, 'audit_log');
    const over = await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade: 20.5 });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe("The grade cannot exceed the assignment's points (20)");
    expect((await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade: -1 })).status).toBe(400);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { comment: 'no grade' })).status).toBe(
      400,
    );
    // Two decimals at most ("Nothing lost, nobody in" #states): 50.555 and 1e-7 are not grades.
    for (const grade of [10.555, 1e-7, 0.001]) {
      const res = await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade });
      expect(res.status, String(grade)).toBe(400);
      expect(res.body.errors, String(grade)).toEqual([{ path: 'grade', message: 'must be multiple of 0.01' }]);
    }
    // No coercion of a JSON body: a string or null is not a number.
    expect((await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade: '10' })).status).toBe(400);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade: null })).status).toBe(400);
    expect(
      await t.db.selectFrom('submissions').selectAll().where('id', '=', submissionId).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
  });

  it('accepts any grade with two decimals, however binary floating point writes it (0.29, 19.99)', async () => {
    for (const grade of [0.29, 19.99, 20]) {
      const res = await call('PATCH', `/api/submissions/${submissionId}`, EDUCATOR, { grade });
      expect(res.status, String(grade)).toBe(200);
      expect(res.body.data.grade).toBe(grade);
    }
  });

  it('refuses anyone but the session educator or an admin: learners, another educator, another company; 404 unknown', async () => {
    const before = await t.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    expect((await call('PATCH', `/api/submissions/${submissionId}`, LEARNER1, { grade: 20 })).status).toBe(403);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, LEARNER, { grade: 20 })).status).toBe(403);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, OTHER_EDUCATOR, { grade: 1 })).status).toBe(403);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, PARTNER, { grade: 1 })).status).toBe(403);
    expect((await call('PATCH', `/api/submissions/${submissionId}`, null, { grade: 1 })).status).toBe(401);
    expect((await call('PATCH', '/api/submissions/999999', EDUCATOR, { grade: 1 })).status).toBe(404);
    expect(
      await t.db.selectFrom('submissions').selectAll().where('id', '=', submissionId).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
