import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { WEEK1 } from './course-fixtures.js';
import {
  ADMIN,
  call,
  EDUCATOR,
  idOf,
  L,
  LEARNER,
  LEARNER1,
  now,
  OTHER_COMPANY,
  OTHER_EDUCATOR,
  OUTSIDER,
  PARTNER,
  sessionId,
  setNow,
  submittedWork,
  t,
  useAssignmentFixture,
} from './assignments-setup.js';

/**
 * Listing and grading submissions (listAssignmentSubmissions, listSessionSubmissions,
 * gradeSubmission; docs/classroom.md "Grading"). The fixture is in assignments-setup.ts; on top of
 * it, the submissions of {@link submittedWork}.
 */

useAssignmentFixture();
beforeAll(submittedWork);

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
    setNow(new Date('2031-05-13T09:00:00Z'));
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
      gradedAt: now().toISOString(),
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
    setNow(WEEK1);
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
