import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { AFTER_WEEK1_DEADLINE, WEEK1 } from './course-fixtures.js';
import {
  ADMIN,
  call,
  EDUCATOR,
  L,
  LEARNER,
  LEARNER1,
  OTHER_EDUCATOR,
  OUTSIDER,
  secondSessionId,
  sessionId,
  setNow,
  t,
  TWO_SESSIONS,
  useAssignmentFixture,
} from './assignments-setup.js';

/**
 * Labs keep the learner's code (docs/classroom.md "Labs"): drafts saved on the server and read back,
 * private to their learner; Run runs the visible tests and records nothing; Submit grades every test
 * and keeps the code, which the session's educator reads and another session's educator does not.
 */

useAssignmentFixture();

const draftUrl = (lessonId: number, session = sessionId) => `/api/assignments/${lessonId}/draft?sessionId=${session}`;
const putDraft = async (lessonId: number, email: string, code: string, session = sessionId) => {
  const headers = t.auth(await t.tokenFor(email));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/assignments/${lessonId}/draft`,
    headers,
    payload: { sessionId: session, code },
  });
  return { status: res.statusCode, body: res.json() };
};
const runCode = (lessonId: number, email: string, code: string, session = sessionId) =>
  call('POST', `/api/assignments/${lessonId}/run`, email, { sessionId: session, code });

describe('drafts (getCodeDraft, saveCodeDraft)', () => {
  it('has no draft at first, saves one, reads it back (another device: a new token), and overwrites it', async () => {
    setNow(WEEK1);
    const submissionsBefore = await countRows(t.db, 'submissions'); // the demo data has some
    expect(await call('GET', draftUrl(L.code!), LEARNER)).toEqual({ status: 200, body: { data: null } });
    const saved = await putDraft(L.code!, LEARNER, 'function add(a, b) {\n  return a;\n}');
    expect(saved).toEqual({
      status: 200,
      body: { data: { code: 'function add(a, b) {\n  return a;\n}', savedAt: WEEK1.toISOString() } },
    });
    const later = new Date(WEEK1.getTime() + 5000);
    setNow(later);
    await putDraft(L.code!, LEARNER, 'function add(a, b) { return a + b; }');
    const read = await call('GET', draftUrl(L.code!), LEARNER);
    expect(read.body.data).toEqual({ code: 'function add(a, b) { return a + b; }', savedAt: later.toISOString() });
    // an empty editor is a draft too (the learner cleared it on purpose)
    expect((await putDraft(L.code!, LEARNER1, '')).body.data.code).toBe('');
    expect((await call('GET', draftUrl(L.code!), LEARNER1)).body.data.code).toBe('');
    expect(await countRows(t.db, 'submissions')).toBe(submissionsBefore); // saving never submits
  });

  it('keeps drafts apart per learner and per session: another learner reads only their own', async () => {
    setNow(WEEK1);
    await putDraft(L.code!, LEARNER, 'mine');
    const other = await call('GET', draftUrl(L.code!), TWO_SESSIONS);
    expect(other).toEqual({ status: 200, body: { data: null } });
    await putDraft(L.code!, TWO_SESSIONS, 'second session', secondSessionId);
    expect((await call('GET', draftUrl(L.code!, secondSessionId), TWO_SESSIONS)).body.data.code).toBe('second session');
    expect((await call('GET', draftUrl(L.code!), TWO_SESSIONS)).body.data).toBeNull();
    expect((await call('GET', draftUrl(L.code!), LEARNER)).body.data.code).toBe('mine');
  });

  it('refuses anyone who is not an enrolled learner of the session, and changes nothing', async () => {
    setNow(WEEK1);
    const before = await t.db.selectFrom('code_drafts').selectAll().execute();
    for (const email of [OUTSIDER, EDUCATOR, OTHER_EDUCATOR, ADMIN]) {
      expect((await call('GET', draftUrl(L.code!), email)).status).toBe(403);
      expect((await putDraft(L.code!, email, 'x')).status).toBe(403);
    }
    // a learner of another session cannot name this one
    expect((await putDraft(L.code!, LEARNER, 'x', secondSessionId)).status).toBe(403);
    expect((await call('GET', draftUrl(L.code!, secondSessionId), LEARNER)).status).toBe(403);
    expect((await call('GET', `/api/assignments/${L.code}/draft?sessionId=${sessionId}`, null)).status).toBe(401);
    // not a programming assignment; too long a draft
    expect((await putDraft(L.essay!, LEARNER, 'x')).status).toBe(404);
    const long = await putDraft(L.code!, LEARNER, 'x'.repeat(20_001));
    expect(long.status).toBe(400);
    expect(await t.db.selectFrom('code_drafts').selectAll().execute()).toEqual(before);
  });

  it('saves after the deadline (only submitting closes)', async () => {
    setNow(AFTER_WEEK1_DEADLINE);
    expect((await putDraft(L.code!, LEARNER1, 'late thoughts')).status).toBe(200);
  });
});

describe('run (runProgrammingAssignment) versus submit', () => {
  it('runs only the visible tests and records nothing', async () => {
    setNow(WEEK1);
    await t.db
      .updateTable('lessons')
      .set({
        programming: JSON.stringify({
          functionName: 'add',
          starterCode: 'function add(a, b) {}',
          tests: [
            { name: 'add(1, 2)', args: [1, 2], expected: 3 },
            { name: 'add(-1, 1)', args: [-1, 1], expected: 0 },
            { name: 'secret', args: [2, 2], expected: 4, hidden: true },
          ],
        }),
      })
      .where('id', '=', L.code!)
      .execute();
    const before = await countRows(t.db, 'submissions');
    const res = await runCode(
      L.code!,
      LEARNER,
      'function add(a, b) { console.log("a is", a); return a === 1 ? a + b : 7; }',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      language: 'javascript',
      passed: 1,
      total: 2,
      results: [
        { name: 'add(1, 2)', passed: true, output: 'a is 1' },
        { name: 'add(-1, 1)', passed: false, output: 'Wrong value: expected 0\na is -1' },
      ],
    });
    expect(await countRows(t.db, 'submissions')).toBe(before);
    // runs are allowed after the deadline too, and still record nothing
    setNow(AFTER_WEEK1_DEADLINE);
    expect((await runCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }')).body.data.passed).toBe(2);
    expect(await countRows(t.db, 'submissions')).toBe(before);
  });

  it('submits on visible + hidden tests and keeps the code; the educator reads it, another educator cannot', async () => {
    setNow(WEEK1);
    const code = 'function add(a, b) { return a + b; }';
    const res = await call('POST', `/api/assignments/${L.code}/code`, LEARNER1, { sessionId, code });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code, language: 'javascript', grade: 30, status: 'AUTOGRADED' });
    expect(res.body.data.results).toHaveLength(3);
    const own = await call('GET', `/api/assignments/${L.code}/submissions?sessionId=${sessionId}`, LEARNER1);
    expect(own.body.data.items.map((s: { code: string }) => s.code)).toEqual([code]);
    const staff = await call('GET', `/api/sessions/${sessionId}/submissions`, EDUCATOR);
    expect(staff.body.data.items.find((s: { id: number }) => s.id === res.body.data.id)).toMatchObject({ code });
    // another learner of the session sees none of it; another session's educator is refused
    const other = await call('GET', `/api/assignments/${L.code}/submissions?sessionId=${sessionId}`, LEARNER);
    expect(other.body.data.items.some((s: { id: number }) => s.id === res.body.data.id)).toBe(false);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, OTHER_EDUCATOR)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/submissions`, LEARNER)).status).toBe(403);
    const byLesson = await call('GET', `/api/assignments/${L.code}/submissions`, OTHER_EDUCATOR);
    expect(byLesson.body.data.items).toEqual([]);
  });

  it('refuses runs of non-learners, unknown lessons and a lab without visible tests (409), recording nothing', async () => {
    setNow(WEEK1);
    for (const email of [OUTSIDER, EDUCATOR, ADMIN]) expect((await runCode(L.code!, email, 'x')).status).toBe(403);
    expect((await runCode(L.noTests!, LEARNER, 'x')).status).toBe(409);
    expect((await runCode(L.essay!, LEARNER, 'x')).status).toBe(404);
    expect((await runCode(L.code!, LEARNER, '')).status).toBe(400);
  });
});
