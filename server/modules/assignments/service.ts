import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ProgrammingSpecJson } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import { runProgrammingTests } from '../../platform/sandbox/index.js';
import {
  classroomAccess,
  loadCourseLesson,
  loadSessionLesson,
  requireLearner,
  type ClassroomAccess,
  type ClassroomLessonRow,
} from '../sessions/access.js';
import { lessonDeadline } from '../sessions/schedule.js';
import { DOCUMENTS } from '../uploads/policy.js';
import { detectType, isTempFile } from '../uploads/service.js';
import {
  activeSessionsOfLearner,
  findSubmission,
  insertSubmission,
  type SubmissionViewer,
  type SubmissionView,
  type TestResultView,
} from './queries.js';

/**
 * The assignment rules (product.md#calls Assignments; docs/classroom.md "Rules" and "Grading"): who may
 * submit, list and grade; deadlines and late work; running a programming assignment's tests.
 */

/**
 * Running-time budget of one programming submission, in milliseconds. Each test has its own
 * sandbox limit (1000 ms, and a hard kill of the sandbox worker thread at 2500 ms); once the tests
 * already run have used this budget, the remaining ones are reported as failed without running, so
 * a submission of many looping tests still ends quickly. Only the time the tests ran counts (each
 * test's `durationMs`, measured from the moment a worker took it): time spent waiting in the
 * sandbox's queue behind other learners' submissions does not, so a busy pool never costs a
 * correct solution its points. The budget is checked before each test, so the last one started may
 * end past it (by one test's hard kill, 2.5 s, at most). The tests run in the sandbox's worker
 * threads, so the server keeps answering other requests meanwhile.
 */
export const CODE_SUBMISSION_BUDGET_MS = 8000;

/**
 * Per-learner limits of code submissions (docs/classroom.md "Grading"): at most
 * {@link CODE_SUBMISSIONS_IN_FLIGHT} being graded at a time (per server instance: the set below),
 * and at most {@link CODE_SUBMISSIONS_PER_MINUTE} stored in any 60 s (counted in the database by
 * `submissions.created_at`, so across instances). Beyond either: 429 with `Retry-After`.
 */
export const CODE_SUBMISSIONS_IN_FLIGHT = 1;
export const CODE_SUBMISSIONS_PER_MINUTE = 20;
const gradingNow = new Map<number, number>();

export const ADMIN_ROLES = new Set(['ADMIN', 'SUPER_ADMIN']);

/** The caller as a reader of submissions (hidden test results in full for staff only). */
export const viewerOf = (caller: Caller): SubmissionViewer => ({
  userId: caller.userId,
  admin: ADMIN_ROLES.has(caller.role),
});

/** A lesson type code that takes submissions, or 404 'Assignment not found' for any other lesson. */
export function requireAssignmentType(
  lesson: ClassroomLessonRow,
  accepted: ReadonlyArray<ClassroomLessonRow['typeCode']>,
): void {
  if (!accepted.includes(lesson.typeCode)) throw notFound('Assignment');
}

/**
 * Whether a submission made `now` is late (docs/classroom.md "Deadline"): after the end of the
 * lesson's week of the session. @returns false before the deadline, true after it when the lesson
 * allows late work. @throws 409 'The deadline for this lesson has passed' otherwise.
 */
export function lateness(access: ClassroomAccess, lesson: ClassroomLessonRow, now: Date): boolean {
  const deadline = lessonDeadline(access.session, lesson.week);
  if (now.getTime() < deadline.getTime()) return false;
  if (!lesson.allowLate) throw conflict('The deadline for this lesson has passed');
  return true;
}

/**
 * The session a learner submits an assignment for, and the lesson in it. With `sessionId`: that
 * session (the caller must be one of its enrolled learners). Without: the only live session of the
 * lesson's course the caller is actively enrolled in.
 * @throws 404 unknown lesson or session, or a lesson not in the session's course; 403 not an
 *   enrolled learner; 400 (field `sessionId`) enrolled in several sessions of the course.
 */
async function learnerSessionOf(app: AppContext, caller: Caller, lessonId: number, sessionId: number | null) {
  if (sessionId === null) {
    const lesson = await loadCourseLesson(app.db, null, lessonId);
    const sessions = await activeSessionsOfLearner(app.db, caller.userId, lesson.courseId);
    if (sessions.length === 0) throw forbidden("Only the session's enrolled learners can do this");
    if (sessions.length > 1) {
      throw badRequest('Some fields are invalid', [
        { path: 'sessionId', message: 'is required: you are enrolled in several sessions of this course' },
      ]);
    }
    sessionId = sessions[0]!;
  }
  const access = await classroomAccess(app.db, caller, sessionId);
  requireLearner(access);
  const lesson = await loadSessionLesson(app.db, access.session, lessonId);
  return { access, lesson };
}

/** The multipart body of submitAssignment: the file (a TempFile from the parser) and an optional session id (coerced to an integer by the route). */
export interface SubmitAssignmentForm {
  document?: unknown;
  sessionId?: number;
}

/**
 * POST /assignments/{id}/submissions (multipart `document`, optional `sessionId`): an enrolled
 * learner submits a document for an `assignment` lesson. The file is checked by content (product.md#validation
 * documents: pdf, doc, docx, xls, xlsx, ppt, pptx, zip; at most 20 MB), stored under
 * `submissions/…`, and recorded as a new SUBMITTED submission (earlier ones are kept).
 * @returns the new submission.
 * @throws 400 no file or an empty one, or `sessionId` missing while enrolled in several sessions;
 *   403 not an enrolled learner; 404 unknown lesson/session or not an assignment; 409 after the
 *   deadline unless the lesson allows late work (then `late: true`); 413 'File size must be less
 *   than 20 MB'; 415 'File type must be pdf, …'. Nothing is stored when refused.
 */
export async function submitAssignment(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  form: SubmitAssignmentForm,
): Promise<SubmissionView> {
  const file = form.document;
  if (!isTempFile(file))
    throw badRequest('Some fields are invalid', [{ path: 'document', message: 'is required (a file)' }]);
  if (file.sizeBytes === 0)
    throw badRequest('Some fields are invalid', [{ path: 'document', message: 'is an empty file' }]);
  const { access, lesson } = await learnerSessionOf(app, caller, lessonId, form.sessionId ?? null);
  requireAssignmentType(lesson, ['assignment']);
  const now = app.now();
  const late = lateness(access, lesson, now);
  if (file.sizeBytes > DOCUMENTS.maxBytes)
    throw new HttpError(413, `File size must be less than ${DOCUMENTS.maxLabel}`);
  const type = await detectType(file.tempPath);
  if (!type || !DOCUMENTS.detected.includes(type.ext)) throw new HttpError(415, `File type must be ${DOCUMENTS.label}`);

  const ext = type.ext === 'cfb' ? 'bin' : type.ext;
  const key = `submissions/${lesson.id}-${caller.userId}-${now.getTime().toString(36)}-${randomBytes(8).toString('hex')}.${ext}`;
  const { url } = await app.storage.putFile(key, file.tempPath, type.mime);
  let id: number;
  try {
    id = await insertSubmission(app.db, {
      kind: 'DOCUMENT',
      lessonId: lesson.id,
      sessionId: access.session.id,
      userId: caller.userId,
      late,
      submittedAt: now,
      documentUrl: url,
      documentName: file.filename.slice(0, 255) || `submission.${ext}`,
    });
  } catch (err) {
    await app.storage.remove(key); // no orphan file when the row could not be written
    throw err;
  }
  return (await findSubmission(app.db, id, viewerOf(caller)))!.view;
}

/**
 * Runs `code` against the lesson's tests in the sandbox, one test at a time, within `budgetMs`
 * milliseconds of running time in all (default {@link CODE_SUBMISSION_BUDGET_MS}; queue time does
 * not count): tests not started before the budget is used are failed with "Not run: …". Each
 * result's `output` is what the test printed when it passed, or why it failed: the sandbox's error
 * ("Time limit exceeded (1000 ms)", "Memory limit exceeded (32 MiB)", a thrown error…) or the
 * expected value, followed by anything printed; a hidden test's result is marked `hidden` (what its
 * learner sees of it: queries.ts `hiddenResult`).
 * @throws RangeError when the spec itself is invalid (function name, more than 50 tests).
 */
export async function runTests(
  code: string,
  spec: ProgrammingSpecJson,
  budgetMs = CODE_SUBMISSION_BUDGET_MS,
): Promise<TestResultView[]> {
  let usedMs = 0;
  const results: TestResultView[] = [];
  for (const test of spec.tests) {
    const hidden = test.hidden === true ? { hidden: true } : {};
    if (usedMs >= budgetMs) {
      results.push({
        name: test.name,
        passed: false,
        output: `Not run: the submission used up its time budget (${budgetMs / 1000} s)`,
        ...hidden,
      });
      continue;
    }
    const [r] = await runProgrammingTests({
      code,
      functionName: spec.functionName,
      tests: [{ name: test.name, args: test.args, expected: test.expected }],
    });
    usedMs += r!.durationMs;
    const printed = r!.output ?? '';
    let output: string;
    if (r!.error) output = printed ? `${r!.error}\n${printed}` : r!.error;
    else if (r!.passed) output = printed;
    else output = `Wrong value: expected ${JSON.stringify(test.expected)}` + (printed ? `\n${printed}` : '');
    results.push({ name: test.name, passed: r!.passed, output, ...hidden });
  }
  return results;
}

/** grade = points × passed / total (docs/classroom.md "Grading"), rounded to 2 decimals; 0 when there are no tests. */
export function codeGrade(points: number, results: readonly { passed: boolean }[]): number {
  if (results.length === 0) return 0;
  const passed = results.filter((r) => r.passed).length;
  return Math.round(((points * passed) / results.length) * 100) / 100;
}

/**
 * POST /assignments/{id}/code {sessionId, code}: an enrolled learner's JavaScript for a
 * `programmingAssignment` lesson is run against the lesson's `programming` tests in the sandbox
 * (QuickJS: no host access; per test 1000 ms, 32 MiB) and stored as a new AUTOGRADED CODE
 * submission with per-test results; grade = points × passed / total. Loops and memory bombs are
 * failed tests, never a hung request.
 * @throws 403 not an enrolled learner; 404 unknown session/lesson or not a programming assignment;
 *   409 the lesson has no tests yet, or after the deadline unless late work is allowed (then `late`).
 */
export async function submitProgrammingAssignment(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  body: { sessionId: number; code: string },
): Promise<SubmissionView> {
  const { access, lesson } = await learnerSessionOf(app, caller, lessonId, body.sessionId);
  requireAssignmentType(lesson, ['programmingAssignment']);
  const spec = lesson.programming;
  if (!spec || !Array.isArray(spec.tests) || spec.tests.length === 0)
    throw conflict('This programming assignment has no tests yet');
  const late = lateness(access, lesson, app.now());
  const release = await admitCodeSubmission(app, caller.userId);
  try {
    const results = await runTests(body.code, spec);
    const id = await insertSubmission(app.db, {
      kind: 'CODE',
      lessonId: lesson.id,
      sessionId: access.session.id,
      userId: caller.userId,
      late,
      submittedAt: app.now(),
      code: body.code,
      results,
      grade: codeGrade(lesson.points, results),
    });
    return (await findSubmission(app.db, id, viewerOf(caller)))!.view;
  } finally {
    release();
  }
}

/**
 * Admits one code submission of a learner under the per-learner limits, or refuses it with 429
 * and `Retry-After`: one being graded already (retry after 2 s), or
 * {@link CODE_SUBMISSIONS_PER_MINUTE} stored in the last 60 s (retry when the oldest of them is a
 * minute old). @returns the function that ends the admission (call it when grading is over).
 */
async function admitCodeSubmission(app: AppContext, userId: number): Promise<() => void> {
  const running = gradingNow.get(userId) ?? 0;
  if (running >= CODE_SUBMISSIONS_IN_FLIGHT)
    throw tooManyRequests('Your previous submission is still being graded: wait for its result', 2);
  gradingNow.set(userId, running + 1);
  const release = () => {
    const n = (gradingNow.get(userId) ?? 1) - 1;
    if (n <= 0) gradingNow.delete(userId);
    else gradingNow.set(userId, n);
  };
  try {
    // The database's clock (`created_at`), so the count holds across instances and whatever `app.now()` says.
    const recent = await app.db
      .selectFrom('submissions')
      .select(sql<number>`extract(epoch from (created_at + interval '1 minute' - now()))`.as('wait'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'CODE')
      .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
      .orderBy('created_at', 'desc')
      .limit(CODE_SUBMISSIONS_PER_MINUTE)
      .execute();
    if (recent.length >= CODE_SUBMISSIONS_PER_MINUTE) {
      throw tooManyRequests(
        `At most ${CODE_SUBMISSIONS_PER_MINUTE} code submissions a minute: try again shortly`,
        Number(recent.at(-1)!.wait),
      );
    }
  } catch (err) {
    release();
    throw err;
  }
  return release;
}
