import { afterAll, beforeAll, expect } from 'vitest';
import { multipart, startTestApp, type FilePart, type TestApp } from './harness.js';
import {
  AFTER_WEEK1_DEADLINE,
  companyIdOfUser,
  enrollByEmail,
  insertCourse,
  settableClock,
  userIdOf,
  WEEK1,
} from './course-fixtures.js';
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
 * 2031-05-12 00:00 MDT = 06:00Z. The app's clock is `now()`.
 */

/** The app's clock: tests read it with `now()` and move it with `setNow(date)`. */
export const { now, set: setNow } = settableClock(WEEK1);
export let t: TestApp;

export const EDUCATOR = 'educator@halaqa.test';
export const OTHER_EDUCATOR = 'educator2@halaqa.test';
export const ADMIN = 'admin@halaqa.test';
export const LEARNER = 'learner@halaqa.test'; // Lina Kassem, enrolled in the session
export const LEARNER1 = 'learner1@halaqa.test'; // enrolled in the session
export const TWO_SESSIONS = 'learner@ncai.halaqa.test'; // enrolled in both sessions of the course
export const OUTSIDER = 'learner2@halaqa.test'; // not enrolled
export const OTHER_COMPANY = 'learner@qad.halaqa.test'; // another company's learner, not enrolled
export const PARTNER = 'partner@ncai.halaqa.test';

/** A minimal PDF, and a file part carrying it. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const pdf = (filename = 'essay.pdf'): FilePart => ({ filename, contentType: 'application/pdf', content: PDF });

export let sessionId: number;
export let secondSessionId: number;
/** Lesson ids by their key in the fixture. */
export const L: Record<string, number> = {};

/** The id of the user with this e-mail. */
export const idOf = (email: string) => userIdOf(t.db, email);

/** Calls the API as `email` (anonymous when null): the status and the JSON body. */
export async function call(method: 'GET' | 'POST' | 'PATCH', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

/** Submits `files` (and form `fields`) to assignment `lessonId` as `email`: the status and the JSON body. */
export async function submit(
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

/** Submits `code` to programming assignment `lessonId` in `session` as `email`. */
export const submitCode = (lessonId: number, email: string | null, code: string, session = sessionId) =>
  call('POST', `/api/assignments/${lessonId}/code`, email, { sessionId: session, code });

async function fixture() {
  const course = await insertCourse(t.db, {
    educatorId: await idOf(EDUCATOR),
    title: 'JavaScript, graded',
    companyId: await companyIdOfUser(t.db, PARTNER),
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
  await enrollByEmail(t.db, sessionId, [LEARNER, LEARNER1, TWO_SESSIONS]);
  await enrollByEmail(t.db, secondSessionId, [TWO_SESSIONS]);
}

/** Registers the file's hooks: a test app on the clock `now` with the fixture (above), closed after the tests. */
export function useAssignmentFixture(): void {
  beforeAll(async () => {
    t = await startTestApp({ now });
    await fixture();
  });
  afterAll(() => t.close());
}

/**
 * The submissions the listing and grading tests read, made as the submission tests make them:
 * Lina's essay twice in week 1 (`todo-report.pdf`, then `todo-report-v2.pdf` a minute later), the
 * two-session learner's in the second session, learner1's `on-time.pdf` one second before the
 * deadline, and Lina's correct code after the deadline while the lesson allowed late work (late).
 * Leaves the clock at WEEK1.
 */
export async function submittedWork(): Promise<void> {
  const expectCreated = (res: { status: number }) => expect(res.status).toBe(201);
  setNow(WEEK1);
  expectCreated(await submit(L.essay!, LEARNER, { document: pdf('todo-report.pdf') }));
  setNow(new Date(WEEK1.getTime() + 60_000));
  expectCreated(
    await submit(L.essay!, LEARNER, { document: pdf('todo-report-v2.pdf') }, { sessionId: String(sessionId) }),
  );
  setNow(WEEK1);
  expectCreated(await submit(L.essay!, TWO_SESSIONS, { document: pdf() }, { sessionId: String(secondSessionId) }));
  setNow(new Date('2031-05-12T05:59:59Z'));
  expectCreated(await submit(L.essay!, LEARNER1, { document: pdf('on-time.pdf') }));
  setNow(AFTER_WEEK1_DEADLINE);
  await t.db.updateTable('lessons').set({ allow_late: true }).where('id', '=', L.code!).execute();
  expectCreated(await submitCode(L.code!, LEARNER, 'function add(a, b) { return a + b; }'));
  await t.db.updateTable('lessons').set({ allow_late: false }).where('id', '=', L.code!).execute();
  setNow(WEEK1);
}
