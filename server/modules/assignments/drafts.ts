import type { AppContext, Caller } from '../../platform/context.js';
import { findCodeDraft, upsertCodeDraft, type CodeDraftView } from './queries.js';
import { learnerSessionOf, requireAssignmentType } from './service.js';

/**
 * Drafts of programming labs (docs/classroom.md "Labs"): the learner's unsubmitted code, kept on the
 * server per (session, lesson, learner) so that it survives a reload and follows them to another
 * device. Only its own learner reads or writes a draft (there is no call for anyone else).
 */

/**
 * GET /assignments/{id}/draft?sessionId: the caller's draft of a programming assignment in the
 * session, or null when they have saved none.
 * @throws 403 not an enrolled learner of the session (another learner's draft cannot be named:
 *   the draft read is always the caller's); 404 unknown session/lesson, a lesson not in the
 *   session's course, or not a programming assignment.
 */
export async function getCodeDraft(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  sessionId: number,
): Promise<CodeDraftView | null> {
  const { access, lesson } = await learnerSessionOf(app, caller, lessonId, sessionId);
  requireAssignmentType(lesson, ['programmingAssignment']);
  return findCodeDraft(app.db, { sessionId: access.session.id, lessonId: lesson.id, userId: caller.userId });
}

/**
 * PUT /assignments/{id}/draft {sessionId, code}: replaces the caller's draft (≤ 20 000 characters,
 * by the contract; may be empty). Runs nothing, records no submission; allowed after the deadline.
 * @returns the saved draft with its time (`app.now()`).
 * @throws as {@link getCodeDraft}; nothing is written when refused.
 */
export async function saveCodeDraft(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  body: { sessionId: number; code: string },
): Promise<CodeDraftView> {
  const { access, lesson } = await learnerSessionOf(app, caller, lessonId, body.sessionId);
  requireAssignmentType(lesson, ['programmingAssignment']);
  return upsertCodeDraft(app.db, {
    sessionId: access.session.id,
    lessonId: lesson.id,
    userId: caller.userId,
    code: body.code,
    savedAt: app.now(),
  });
}
