import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { postCourseForm, uploadCoursePicture } from './course-form.js';
import { request as sessionRequest } from './moderation-setup.js';

/**
 * Course moderation (product.md#entities course statuses PENDING → APPROVED | REJECTED →
 * PUBLISHED ⇄ UNPUBLISHED): the admins' queue, the four decisions, their mails and audit entries,
 * the refusals (roles, wrong status, blank message: nothing written), the catalog without an
 * unpublished course while its running session goes on, and how session approval publishes.
 */
let t: TestApp;
// Cloning the seeded template (PGlite or a PostgreSQL schema) may take long on a busy machine.
beforeAll(async () => {
  t = await startTestApp();
}, 300_000);
afterAll(() => t.close());

async function call(method: 'GET' | 'POST', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}
const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const statusOf = async (id: number) =>
  (await t.db.selectFrom('courses').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const lastMail = () => t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const ids = (page: { items: Array<{ id: number }> }) => page.items.map((c) => c.id);
/** The message of the first audit entry of `action` on entity `id` (undefined when none). */
const auditOf = (id: number, action: string) =>
  t.db
    .selectFrom('audit_log')
    .select('message')
    .where('entity_id', '=', id)
    .where('action', '=', action)
    .executeTakeFirst();

async function uploadPicture(email: string): Promise<number> {
  return (await uploadCoursePicture(t, email)).json().data.id;
}

/** Sends a course for review without a session (no first-session fields), as the editor does. */
async function submitCourse(email: string, title: string, id?: number): Promise<number> {
  const res = await postCourseForm(
    t,
    email,
    {
      action: 'submit',
      title,
      about: 'Live classes.',
      description: 'A course sent without a session.',
      courseCategoryId: '1',
      languageId: '1',
      pictureId: String(await uploadPicture(email)),
      price: '40',
      numHours: '8',
      difficultyLevel: 'BEGINNER',
      recurring: 'true',
      weeks: '[]',
      'sections[1][0][name]': 'Start',
      'lessons[1][0][0][lessonTypeId]': '3',
      'lessons[1][0][0][name]': 'Read me',
      'lessons[1][0][0][duration]': '20',
    },
    id,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(id ? 200 : 201);
  expect(res.body.data.session).toBeNull();
  return res.body.data.course.id;
}

const exploreCourses = async (email: string | null) =>
  ids((await call('GET', '/api/courses/explore?pageSize=100', email)).body.data);

describe('a course sent for review without a session', () => {
  it("waits in the admins' queue, out of the catalog, seen only by admins and its educator", async () => {
    const id = await submitCourse('educator@halaqa.test', 'Interpreters from scratch, test edition');
    const queue = await call('GET', '/api/courses/moderation?pageSize=100', 'admin@halaqa.test');
    expect(queue.status).toBe(200);
    const item = queue.body.data.items.find((c: { id: number }) => c.id === id);
    expect(item).toMatchObject({
      status: 'PENDING',
      title: 'Interpreters from scratch, test edition',
      moderationMessage: null,
      pendingSessions: 0,
    });
    expect(Date.parse(item.submittedAt)).not.toBeNaN();
    expect(
      ids(
        (
          await call(
            'GET',
            '/api/courses/moderation?status=PENDING&query=interpreters%20from',
            'superadmin@halaqa.test',
          )
        ).body.data,
      ),
    ).toEqual([id]);
    expect(await exploreCourses(null)).not.toContain(id);
    expect((await call('GET', `/api/courses/${id}/info`, null)).status).toBe(404);
    expect((await call('GET', `/api/courses/${id}/info`, 'learner@halaqa.test')).status).toBe(404);
    expect((await call('GET', `/api/courses/${id}/info`, 'educator2@halaqa.test')).status).toBe(404);
    expect((await call('GET', `/api/courses/${id}/info`, 'educator@halaqa.test')).body.data.status).toBe('PENDING');
    expect((await call('GET', `/api/courses/${id}/info`, 'admin@halaqa.test')).body.data.status).toBe('PENDING');
  });

  it('refuses the queue to everyone but admins', async () => {
    expect((await call('GET', '/api/courses/moderation', null)).status).toBe(401);
    for (const email of [
      'learner@halaqa.test',
      'educator@halaqa.test',
      'partner@ncai.halaqa.test',
      'user@halaqa.test',
    ]) {
      expect((await call('GET', '/api/courses/moderation', email)).status, email).toBe(403);
    }
    expect((await call('GET', '/api/courses/moderation?status=LIVE', 'admin@halaqa.test')).status).toBe(400);
  });
});

describe('approve, then publish', () => {
  it('approves with a note: APPROVED (not yet in the catalog), mailed and audited; the educator publishes it', async () => {
    const id = await submitCourse('educator@halaqa.test', 'Approve me');
    expect((await call('POST', `/api/courses/${id}/approve`, 'educator@halaqa.test', {})).status).toBe(403);
    expect((await call('POST', `/api/courses/${id}/approve`, 'learner@halaqa.test', {})).status).toBe(403);
    const res = await call('POST', `/api/courses/${id}/approve`, 'admin@halaqa.test', {
      message: '  Clear syllabus.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'APPROVED', moderationMessage: 'Clear syllabus.' });
    const mail = await lastMail();
    expect(mail.to_addresses).toEqual(['educator@halaqa.test']);
    expect(mail.subject).toBe('Your course "Approve me" is approved');
    expect(mail.body).toContain('Clear syllabus.');
    const log = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'course')
      .where('entity_id', '=', id)
      .where('action', '=', 'course.approved')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: await idOf('admin@halaqa.test'), message: 'Clear syllabus.' });
    expect(await exploreCourses(null)).not.toContain(id);
    // Deciding again is a conflict, and writes nothing.
    const audits = await countRows(t.db, 'audit_log');
    expect((await call('POST', `/api/courses/${id}/approve`, 'admin@halaqa.test', {})).status).toBe(409);
    expect((await call('POST', `/api/courses/${id}/reject`, 'admin@halaqa.test', { message: 'Too late' })).status).toBe(
      409,
    );
    expect(
      (await call('POST', `/api/courses/${id}/unpublish`, 'admin@halaqa.test', { message: 'Not published' })).status,
    ).toBe(409);
    expect(await countRows(t.db, 'audit_log')).toBe(audits);
    // Only its own educator publishes it (another educator: 403), then it is in the catalog.
    expect((await call('POST', `/api/courses/${id}/publish`, 'educator2@halaqa.test', {})).status).toBe(403);
    await t.app.backgroundSettled(); // receipts of earlier payments, mailed after their answers
    const mails = await countRows(t.db, 'outbox');
    const published = await call('POST', `/api/courses/${id}/publish`, 'educator@halaqa.test', {});
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('PUBLISHED');
    expect(await countRows(t.db, 'outbox')).toBe(mails);
    expect(await exploreCourses(null)).toContain(id);
    expect((await call('GET', `/api/courses/${id}/info`, 'learner@halaqa.test')).status).toBe(200);
    expect((await call('POST', `/api/courses/${id}/publish`, 'admin@halaqa.test', {})).status).toBe(409);
  });

  it('answers 404 for an unknown course', async () => {
    expect((await call('POST', '/api/courses/999999/approve', 'admin@halaqa.test', {})).status).toBe(404);
    expect((await call('POST', '/api/courses/999999/publish', 'educator@halaqa.test', {})).status).toBe(404);
  });
});

describe('reject, edit and send again', () => {
  it("needs a message (400, nothing written), then rejects: mailed in the educator's language, shown on their courses page", async () => {
    await t.db.updateTable('users').set({ language: 'ar' }).where('email', '=', 'educator2@halaqa.test').execute();
    const id = await submitCourse('educator2@halaqa.test', 'Reject me');
    await t.app.backgroundSettled(); // receipts of earlier payments, mailed after their answers
    const before = { audits: await countRows(t.db, 'audit_log'), mails: await countRows(t.db, 'outbox') };
    for (const body of [{}, { message: '' }, { message: '   ' }]) {
      expect(
        (await call('POST', `/api/courses/${id}/reject`, 'admin@halaqa.test', body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(await statusOf(id)).toBe('PENDING');
    expect({ audits: await countRows(t.db, 'audit_log'), mails: await countRows(t.db, 'outbox') }).toEqual(before);

    const res = await call('POST', `/api/courses/${id}/reject`, 'admin@halaqa.test', {
      message: 'Week 1 needs a second lesson.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'REJECTED', moderationMessage: 'Week 1 needs a second lesson.' });
    const mail = await lastMail();
    expect(mail.to_addresses).toEqual(['educator2@halaqa.test']);
    expect(mail.subject).toBe('لم تتم الموافقة على دورتك «Reject me»');
    expect(mail.body).toContain('Week 1 needs a second lesson.');
    expect(await auditOf(id, 'course.rejected')).toEqual({ message: 'Week 1 needs a second lesson.' });

    const mine = (await call('GET', '/api/courses/to-teach?query=Reject%20me', 'educator2@halaqa.test')).body.data
      .items;
    expect(mine).toEqual([
      expect.objectContaining({ id, status: 'REJECTED', moderationMessage: 'Week 1 needs a second lesson.' }),
    ]);
    expect(
      ids((await call('GET', '/api/courses/moderation?status=REJECTED&pageSize=100', 'admin@halaqa.test')).body.data),
    ).toContain(id);

    // The educator edits it and sends it again: PENDING, back in the queue, a later submission time.
    const firstSent = (
      await t.db.selectFrom('courses').select('submitted_at').where('id', '=', id).executeTakeFirstOrThrow()
    ).submitted_at!;
    await submitCourse('educator2@halaqa.test', 'Reject me, fixed', id);
    expect(await statusOf(id)).toBe('PENDING');
    const again = (await call('GET', '/api/courses/moderation?query=fixed', 'admin@halaqa.test')).body.data.items[0];
    expect(again).toMatchObject({ id, status: 'PENDING' });
    expect(Date.parse(again.submittedAt)).toBeGreaterThanOrEqual(firstSent.getTime());
    await t.db.updateTable('users').set({ language: 'en' }).where('email', '=', 'educator2@halaqa.test').execute();
  });
});

describe('unpublish and publish again', () => {
  it('takes a published course out of explore while its running session goes on for its learners', async () => {
    // The demo's running Data Structures and Algorithms session, where learner@halaqa.test is enrolled.
    const running = await t.db
      .selectFrom('enrollments as e')
      .innerJoin('sessions as s', 's.id', 'e.session_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['s.id as sessionId', 's.course_id as courseId'])
      .where('u.email', '=', 'learner@halaqa.test')
      .where('e.status', '=', 'ACTIVE')
      .where('s.status', 'in', ['APPROVED', 'ACTIVE'])
      // not the demo's finished cohort (its last day is past)
      .where('s.end_date', '>=', new Date().toISOString().slice(0, 10))
      .orderBy('s.start_date')
      .executeTakeFirstOrThrow();
    const { sessionId, courseId } = running;
    const educator = (
      await t.db
        .selectFrom('courses as c')
        .innerJoin('users as u', 'u.id', 'c.educator_id')
        .select('u.email')
        .where('c.id', '=', courseId)
        .executeTakeFirstOrThrow()
    ).email;
    expect(await exploreCourses(null)).toContain(courseId);
    const sessionsBefore = ids((await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data);
    expect(sessionsBefore).toContain(sessionId);

    expect((await call('POST', `/api/courses/${courseId}/unpublish`, educator, { message: 'Mine' })).status).toBe(403);
    expect(
      (await call('POST', `/api/courses/${courseId}/unpublish`, 'admin@halaqa.test', { message: ' ' })).status,
    ).toBe(400);
    expect(await statusOf(courseId)).toBe('PUBLISHED');
    const res = await call('POST', `/api/courses/${courseId}/unpublish`, 'admin@halaqa.test', {
      message: 'Outdated material in week 2.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'UNPUBLISHED', moderationMessage: 'Outdated material in week 2.' });
    const mail = await lastMail();
    expect(mail.to_addresses).toEqual([educator]);
    expect(mail.body).toContain('Outdated material in week 2.');
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'course')
        .where('entity_id', '=', courseId)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    ).toEqual({ action: 'course.unpublished' });

    // Gone from the catalog for everyone, course info for non-staff, and no new enrollment.
    expect(await exploreCourses(null)).not.toContain(courseId);
    expect(await exploreCourses('admin@halaqa.test')).not.toContain(courseId);
    const sessionsAfter = (await call('GET', '/api/sessions/explore?pageSize=100', 'learner@halaqa.test')).body.data;
    expect(ids(sessionsAfter)).not.toContain(sessionId);
    expect((await call('GET', `/api/courses/${courseId}/info`, null)).status).toBe(404);
    expect((await call('GET', `/api/courses/${courseId}/info`, 'learner1@halaqa.test')).status).toBe(404);
    expect((await call('GET', `/api/courses/${courseId}/info`, 'admin@halaqa.test')).body.data.status).toBe(
      'UNPUBLISHED',
    );
    expect((await call('GET', `/api/sessions/${sessionId}/info`, 'user@halaqa.test')).status).toBe(404);
    expect((await call('POST', `/api/sessions/${sessionId}/enroll`, 'user@halaqa.test')).status).toBe(404);

    // The running session goes on for its enrolled learner and its educator.
    expect((await call('GET', `/api/sessions/${sessionId}/classroom`, 'learner@halaqa.test')).status).toBe(200);
    expect(
      (await call('GET', `/api/sessions/${sessionId}/info/secured`, 'learner@halaqa.test')).body.data.enrollment,
    ).toMatchObject({ status: 'ACTIVE' });
    expect((await call('GET', `/api/sessions/${sessionId}/syllabus/secured`, 'learner@halaqa.test')).status).toBe(200);
    expect((await call('GET', `/api/sessions/${sessionId}/info/secured`, educator)).status).toBe(200);

    // The educator cannot put it back (an admin took it out); an admin can, and the educator is told.
    expect((await call('POST', `/api/courses/${courseId}/publish`, educator, {})).status).toBe(403);
    expect(await statusOf(courseId)).toBe('UNPUBLISHED');
    const back = await call('POST', `/api/courses/${courseId}/publish`, 'admin@halaqa.test', {
      message: 'Thanks for the update.',
    });
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe('PUBLISHED');
    expect((await lastMail()).subject).toMatch(/is published$/);
    expect(await exploreCourses(null)).toContain(courseId);
    expect(ids((await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data)).toContain(sessionId);
  });
});

describe('how session approval and course moderation meet', () => {
  /** A free session request for `courseId`: Monday evenings, May to June 2031, 25 seats. */
  const request = (courseId: number) => sessionRequest(courseId, { schedule: MONDAY_EVENINGS, price: 0 });

  it('approving a session of an APPROVED course publishes it; of an UNPUBLISHED course leaves it out of the catalog', async () => {
    const approved = await submitCourse('educator@halaqa.test', 'Approved, then a session');
    await call('POST', `/api/courses/${approved}/approve`, 'admin@halaqa.test', {});
    const s1 = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(approved))).body.data.id;
    expect(
      (await call('GET', '/api/courses/moderation?status=APPROVED&query=then%20a%20session', 'admin@halaqa.test')).body
        .data.items[0].pendingSessions,
    ).toBe(1);
    expect((await call('POST', `/api/sessions/${s1}/approve`, 'admin@halaqa.test', {})).status).toBe(200);
    expect(await statusOf(approved)).toBe('PUBLISHED');
    expect(await auditOf(approved, 'course.published')).toEqual({ message: `with session #${s1}` });

    await call('POST', `/api/courses/${approved}/unpublish`, 'admin@halaqa.test', { message: 'Paused' });
    const s2 = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(approved))).body.data.id;
    expect((await call('POST', `/api/sessions/${s2}/approve`, 'admin@halaqa.test', {})).status).toBe(200);
    expect(await statusOf(approved)).toBe('UNPUBLISHED');
    expect(ids((await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data)).not.toContain(s2);
  });

  it('an unpublished course sent for review again is PENDING in the queue', async () => {
    const id = await submitCourse('educator@halaqa.test', 'Unpublished then resent');
    await call('POST', `/api/courses/${id}/approve`, 'admin@halaqa.test', {});
    await call('POST', `/api/courses/${id}/publish`, 'admin@halaqa.test', {});
    await call('POST', `/api/courses/${id}/unpublish`, 'admin@halaqa.test', { message: 'Fix the title' });
    await submitCourse('educator@halaqa.test', 'Unpublished then resent (fixed)', id);
    expect(ids((await call('GET', '/api/courses/moderation?query=resent', 'admin@halaqa.test')).body.data)).toEqual([
      id,
    ]);
  });
});
