import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countRows, PNG_1PX } from './harness.js';
import { AFTER_WEEK1_DEADLINE, WEEK1 } from './course-fixtures.js';
import {
  call,
  EDUCATOR,
  idOf,
  L,
  LEARNER,
  LEARNER1,
  OTHER_COMPANY,
  OUTSIDER,
  pdf,
  PDF,
  secondSessionId,
  sessionId,
  setNow,
  submit,
  t,
  TWO_SESSIONS,
  useAssignmentFixture,
} from './assignments-setup.js';

/**
 * Submitting a document to an assignment (submitAssignment; docs/classroom.md "Rules"). The fixture
 * is in assignments-setup.ts.
 */

useAssignmentFixture();

describe('POST /assignments/{id}/submissions (submitAssignment)', () => {
  it('stores a PDF checked by content as a SUBMITTED submission of the enrolled learner, and serves the file', async () => {
    setNow(WEEK1);
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
    setNow(new Date(WEEK1.getTime() + 60_000));
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
    setNow(WEEK1);
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
    setNow(WEEK1);
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
    setNow(WEEK1);
    expect((await submit(L.reading!, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(L.code!, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(999_999, LEARNER, { document: pdf() })).status).toBe(404);
    expect((await submit(L.essay!, LEARNER, { document: pdf() }, { sessionId: '999999' })).status).toBe(404);
  });

  it('refuses anyone but an enrolled learner: anonymous 401, not enrolled 403, another company 403, the educator 403', async () => {
    setNow(WEEK1);
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
    setNow(AFTER_WEEK1_DEADLINE);
    const rows = await countRows(t.db, 'submissions');
    const closed = await submit(L.essay!, LEARNER, { document: pdf() });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('The deadline for this lesson has passed');
    expect(await countRows(t.db, 'submissions')).toBe(rows);
    const late = await submit(L.lateOk!, LEARNER, { document: pdf() });
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({ late: true, status: 'SUBMITTED', points: 10 });
    setNow(new Date('2031-05-12T05:59:59Z')); // one second before the deadline
    expect((await submit(L.essay!, LEARNER1, { document: pdf('on-time.pdf') })).body.data).toMatchObject({
      late: false,
    });
    setNow(WEEK1);
  });
});
