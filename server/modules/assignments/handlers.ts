import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { runProgrammingAssignment, submitProgrammingAssignment } from './code.js';
import { getCodeDraft, saveCodeDraft } from './drafts.js';
import { submitAssignment } from './service.js';
import { gradeSubmission, listAssignmentSubmissions, listSessionSubmissions } from './submissions.js';

/**
 * Handlers of the assignment operations (openapi/halaqa.yaml tag Assignments, and
 * listSessionSubmissions; product.md#calls Assignments; docs/classroom.md). Ids, queries and JSON bodies
 * are validated by the contract's schemas before they get here; the multipart file by the service.
 */
export const assignmentsHandlers = {
  submitAssignment: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await submitAssignment(app, requireCaller(caller), params.id, {
      document: body?.document,
      sessionId: body?.sessionId,
    }),
  }),
  submitProgrammingAssignment: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await submitProgrammingAssignment(app, requireCaller(caller), params.id, {
      sessionId: body.sessionId,
      code: body.code,
    }),
  }),
  runProgrammingAssignment: async ({ app, caller, params, body }) => ({
    data: await runProgrammingAssignment(app, requireCaller(caller), params.id, {
      sessionId: body.sessionId,
      code: body.code,
    }),
  }),
  getCodeDraft: async ({ app, caller, params, query }) => ({
    data: await getCodeDraft(app, requireCaller(caller), params.id, query.sessionId),
  }),
  saveCodeDraft: async ({ app, caller, params, body }) => ({
    data: await saveCodeDraft(app, requireCaller(caller), params.id, { sessionId: body.sessionId, code: body.code }),
  }),
  listAssignmentSubmissions: async ({ app, caller, params, query }) => ({
    data: await listAssignmentSubmissions(app, requireCaller(caller), params.id, {
      sessionId: query.sessionId,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 12,
    }),
  }),
  listSessionSubmissions: async ({ app, caller, params, query }) => ({
    data: await listSessionSubmissions(app, requireCaller(caller), params.id, query.page ?? 1, query.pageSize ?? 12),
  }),
  gradeSubmission: async ({ app, caller, params, body }) => ({
    data: await gradeSubmission(app, requireCaller(caller), params.id, { grade: body.grade, comment: body.comment }),
  }),
} satisfies HandlerTable;
