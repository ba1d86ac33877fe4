import { randomBytes } from 'node:crypto';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
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
} from './queries.js';

/**
 * The assignment rules (product.md#calls Assignments; docs/classroom.md "Rules" and "Grading"): who may
 * submit, list and grade; deadlines and late work (code labs: ./code.ts, drafts: ./drafts.ts).
 */

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
export async function learnerSessionOf(app: AppContext, caller: Caller, lessonId: number, sessionId: number | null) {
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
