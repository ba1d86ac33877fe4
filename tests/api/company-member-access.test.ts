import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApp, type TestApp } from './harness.js';
import { enroll, insertCourse, insertTrueFalseQuestion } from './course-fixtures.js';

/**
 * A member removed from a company (DELETE /companies/{id}/members/{userId}) loses the company's
 * private courses everywhere, not only in the catalog: the classroom, its lessons, the calendar,
 * the chat (reading and posting), assignment submissions and quiz attempts all refuse them, as
 * they refuse another company's members who never belonged. Their enrollment stays ACTIVE, so
 * joining the company again gives everything back (docs/decisions.md "Company members and private
 * courses").
 *
 * Fixture: a private NCAI course of educator@halaqa.test, an ACTIVE session (2031-05-05 to
 * 2031-06-01, America/Denver) with an assignment, a quiz of one question and a reading, and
 * learner@ncai.halaqa.test enrolled. The app's clock is in the first week.
 */

const PARTNER = 'partner@ncai.halaqa.test';
const MEMBER = 'learner@ncai.halaqa.test';
const STRANGER = 'learner@morocco.halaqa.test';
const EDUCATOR = 'educator@halaqa.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let ncai: number;
let memberId: number;
let sessionId: number;
const L: Record<string, number> = {};

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, email: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: t.auth(await t.tokenFor(email)), payload });
  return res.statusCode;
}

async function submitEssay(email: string) {
  const form = multipart(
    { sessionId: String(sessionId) },
    { document: { filename: 'essay.pdf', contentType: 'application/pdf', content: PDF } },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/assignments/${L.essay}/submissions`,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
  return res.statusCode;
}

/** The status of every read and write of the classroom for `email`, by name. */
async function classroomStatuses(email: string): Promise<Record<string, number>> {
  return {
    classroom: await call('GET', `/api/sessions/${sessionId}/classroom`, email),
    lesson: await call('GET', `/api/sessions/${sessionId}/lessons/${L.reading}`, email),
    calendar: await call('GET', `/api/sessions/${sessionId}/calendar.ics`, email),
    chatHistory: await call('GET', `/api/sessions/${sessionId}/chat/messages`, email),
    chatPost: await call('POST', `/api/sessions/${sessionId}/chat/messages`, email, { text: 'still here?' }),
    assignmentSubmit: await submitEssay(email),
    quizStart: await call('POST', `/api/sessions/${sessionId}/lessons/${L.quiz}/attempts`, email),
    sessionInfo: await call('GET', `/api/sessions/${sessionId}/info/secured`, email),
  };
}

const refused = (statuses: Record<string, number>) =>
  Object.fromEntries(Object.entries(statuses).map(([k, s]) => [k, s === 403 || s === 404]));
const allRefused = (statuses: Record<string, number>) =>
  Object.fromEntries(Object.keys(statuses).map((k) => [k, true]));

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date('2031-05-07T12:00:00Z') });
  ncai = (await t.db.selectFrom('companies').select('id').where('acronym', '=', 'NCAI').executeTakeFirstOrThrow()).id;
  memberId = await idOf(MEMBER);
  const course = await insertCourse(t.db, { educatorId: await idOf(EDUCATOR), title: 'NCAI only', companyId: ncai });
  await t.db.updateTable('courses').set({ is_private: true }).where('id', '=', course.courseId).execute();
  const sectionId = await course.section(1, 'Week one', 0);
  L.essay = await course.lesson(sectionId, 0, 'Essay', 'assignment', { points: 10 });
  L.quiz = await course.lesson(sectionId, 1, 'Quiz', 'quiz');
  L.reading = await course.lesson(sectionId, 2, 'Reading', 'reading', { content_html: '<p>Read</p>' });
  await insertTrueFalseQuestion(t.db, L.quiz, { prompt: 'True?', answer: true, points: 1 });
  sessionId = await course.session();
  await enroll(t.db, sessionId, memberId);
  await enroll(t.db, sessionId, await idOf(STRANGER));
}, 120_000);
afterAll(() => t.close());

describe("a private course's classroom follows company membership", () => {
  it('is open to an enrolled member of the company', async () => {
    const statuses = await classroomStatuses(MEMBER);
    expect(statuses).toEqual({
      classroom: 200,
      lesson: 200,
      calendar: 200,
      chatHistory: 200,
      chatPost: 201,
      assignmentSubmit: 201,
      quizStart: 201,
      sessionInfo: 200,
    });
  });

  it("is closed to another company's learner, even with an enrollment row", async () => {
    const statuses = await classroomStatuses(STRANGER);
    expect(refused(statuses)).toEqual(allRefused(statuses));
  });

  it('is closed to the member once removed from the company (enrollment kept), and open again when they rejoin', async () => {
    expect(await call('DELETE', `/api/companies/${ncai}/members/${memberId}`, PARTNER)).toBe(200);
    expect(
      await call(
        'GET',
        `/api/courses/${(await t.db.selectFrom('sessions').select('course_id').where('id', '=', sessionId).executeTakeFirstOrThrow()).course_id}/info`,
        MEMBER,
      ),
    ).toBe(404);
    const messagesBefore = await t.db
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();

    const statuses = await classroomStatuses(MEMBER);
    expect(refused(statuses)).toEqual(allRefused(statuses));
    expect(await t.db.selectFrom('chat_messages').select('id').where('session_id', '=', sessionId).execute()).toEqual(
      messagesBefore,
    );
    const enrollment = await t.db
      .selectFrom('enrollments')
      .select('status')
      .where('session_id', '=', sessionId)
      .where('user_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(enrollment.status).toBe('ACTIVE');

    // Rejoining (an accepted invitation sets the company again) restores access.
    await t.db.updateTable('users').set({ company_id: ncai }).where('id', '=', memberId).execute();
    expect(await call('GET', `/api/sessions/${sessionId}/classroom`, MEMBER)).toBe(200);
    expect(await call('GET', `/api/sessions/${sessionId}/chat/messages`, MEMBER)).toBe(200);
    expect(await call('POST', `/api/sessions/${sessionId}/lessons/${L.quiz}/attempts`, MEMBER)).toBe(200);
  });

  it("keeps the course's educator and admins in, company or not", async () => {
    expect(await call('GET', `/api/sessions/${sessionId}/classroom`, EDUCATOR)).toBe(200);
    expect(await call('GET', `/api/sessions/${sessionId}/classroom`, 'admin@halaqa.test')).toBe(200);
  });
});
