import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { notFound, unprocessable } from '../../platform/errors.js';
import { classroomAccess, loadCourseLesson, loadSessionLesson, requireStaff } from '../sessions/access.js';
import { findSubmission, listSubmissions, recordGrade, type SubmissionPage, type SubmissionView } from './queries.js';
import { ADMIN_ROLES, requireAssignmentType, viewerOf } from './service.js';

/**
 * The submissions of assignments as educators and admins see them: the lists and the grading
 * (assignments/service.ts takes the learners' submissions).
 */

/**
 * GET /assignments/{id}/submissions?sessionId&page&pageSize: the submissions of an assignment or
 * programming-assignment lesson, newest first. A learner sees only their own; the session's
 * educator those of their sessions; an admin all. With `sessionId`, only that session's (the
 * caller must reach its classroom).
 * @throws 404 unknown lesson, not an assignment, unknown session or a lesson not in its course;
 *   403 `sessionId` of a session the caller has no part in.
 */
export async function listAssignmentSubmissions(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  q: { sessionId?: number; page: number; pageSize: number },
): Promise<SubmissionPage> {
  if (q.sessionId !== undefined) {
    const access = await classroomAccess(app.db, caller, q.sessionId);
    const lesson = await loadSessionLesson(app.db, access.session, lessonId);
    requireAssignmentType(lesson, ['assignment', 'programmingAssignment']);
    const own = access.role === 'LEARNER' ? { userId: caller.userId } : {};
    return listSubmissions(
      app.db,
      { lessonId, sessionId: access.session.id, ...own },
      q.page,
      q.pageSize,
      viewerOf(caller),
    );
  }
  const lesson = await loadCourseLesson(app.db, null, lessonId);
  requireAssignmentType(lesson, ['assignment', 'programmingAssignment']);
  const scope = ADMIN_ROLES.has(caller.role) ? {} : { visibleTo: caller.userId };
  return listSubmissions(app.db, { lessonId, ...scope }, q.page, q.pageSize, viewerOf(caller));
}

/**
 * GET /sessions/{id}/submissions?page&pageSize: every submission of a session's learners, newest
 * first; for the session's educator and admins.
 * @throws 404 unknown session; 403 anyone else (learners included).
 */
export async function listSessionSubmissions(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  page: number,
  pageSize: number,
): Promise<SubmissionPage> {
  const access = await classroomAccess(app.db, caller, sessionId);
  requireStaff(access);
  return listSubmissions(app.db, { sessionId }, page, pageSize, viewerOf(caller));
}

/**
 * PATCH /submissions/{id} {grade, comment}: the session's educator or an admin sets (or edits) a
 * submission's grade, 0 … the lesson's points, and comment (trimmed; empty = none). It becomes
 * DONE with `graded_at`/`graded_by`, and the decision is written to the audit log
 * ('submission.graded' on the session, in the same transaction).
 * @throws 404 unknown submission; 403 not the session's educator nor an admin; 422 'The grade
 *   cannot exceed the assignment's points (N)' or more than two decimals. Nothing changes when refused.
 */
export async function gradeSubmission(
  app: AppContext,
  caller: Caller,
  submissionId: number,
  body: { grade: number; comment?: string | null },
): Promise<SubmissionView> {
  const found = await findSubmission(app.db, submissionId, viewerOf(caller));
  if (!found) throw notFound('Submission');
  requireStaff(await classroomAccess(app.db, caller, found.sessionId));
  const points = found.view.points;
  if (!(body.grade >= 0))
    throw unprocessable('The grade cannot be negative', [{ path: 'grade', message: 'must be at least 0' }]);
  // The contract says `multipleOf: 0.01`; kept here too, since grades are summed and shown as points.
  if (Math.abs(Math.round(body.grade * 100) - body.grade * 100) > 1e-6) {
    throw unprocessable('The grade can have at most two decimals', [
      { path: 'grade', message: 'must have at most two decimals' },
    ]);
  }
  if (body.grade > points) {
    throw unprocessable(`The grade cannot exceed the assignment's points (${points})`, [
      { path: 'grade', message: `must be at most ${points}` },
    ]);
  }
  const comment = body.comment?.trim() || null;
  await app.db.transaction().execute(async (trx) => {
    await recordGrade(trx, submissionId, { grade: body.grade, comment, gradedAt: app.now(), gradedBy: caller.userId });
    await audit(trx, {
      actorId: caller.userId,
      action: 'submission.graded',
      entityType: 'session',
      entityId: found.sessionId,
      message: `Submission ${submissionId} of user ${found.userId} for "${found.view.assignmentName}": ${body.grade}/${points}${comment ? ` (${comment})` : ''}`,
    });
  });
  return (await findSubmission(app.db, submissionId, viewerOf(caller)))!.view;
}
