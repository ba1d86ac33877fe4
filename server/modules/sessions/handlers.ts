import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { enroll, listMyEnrollments } from './enrollments.js';
import { approveSession, deleteSession, rejectSession } from './decisions.js';
import { listSessionLearners, listSessions, requestSession, updateSessionContent } from './moderation.js';
import { exploreSessions, getSessionInfo, getSyllabus } from './read.js';

/**
 * Handlers of the Sessions operations (openapi/halaqa.yaml tag Sessions; product.md#calls): reads
 * (read.ts), enrollment (enrollments.ts), requests and moderation (moderation.ts; product.md#states).
 */
export const sessionsHandlers = {
  exploreSessions: async ({ app, tenant, query }) => ({ data: await exploreSessions(app, tenant, query) }),
  getSessionInfo: async ({ app, caller, params }) => ({
    data: await getSessionInfo(app, caller, params.id, { secured: false }),
  }),
  getSessionInfoSecured: async ({ app, caller, params }) => ({
    data: await getSessionInfo(app, caller, params.id, { secured: true }),
  }),
  getSessionSyllabus: async ({ app, caller, params }) => ({
    data: await getSyllabus(app, caller, params.id, { secured: false }),
  }),
  getSessionSyllabusSecured: async ({ app, caller, params }) => ({
    data: await getSyllabus(app, caller, params.id, { secured: true }),
  }),
  listMyEnrollments: async ({ app, caller }) => ({ data: await listMyEnrollments(app, requireCaller(caller)) }),
  enrollInSession: async ({ app, caller, params }) => {
    const { created, enrollment } = await enroll(app, requireCaller(caller), params.id);
    return created ? { status: 201, data: enrollment } : { data: enrollment };
  },
  requestSession: async ({ app, caller, body }) => ({
    status: 201,
    data: await requestSession(app, requireCaller(caller), body),
  }),
  listSessions: async ({ app, caller, query }) => ({ data: await listSessions(app, requireCaller(caller), query) }),
  listSessionLearners: async ({ app, caller, params, query }) => ({
    data: await listSessionLearners(app, requireCaller(caller), params.id, query.page, query.pageSize),
  }),
  approveSession: async ({ app, caller, params, body }) => ({
    data: await approveSession(app, requireCaller(caller), params.id, body?.message?.trim() || null),
  }),
  rejectSession: async ({ app, caller, params, body }) => ({
    data: await rejectSession(app, requireCaller(caller), params.id, body.message.trim()),
  }),
  deleteSession: async ({ app, caller, params, body }) => ({
    data: await deleteSession(app, requireCaller(caller), params.id, body.message.trim()),
  }),
  updateSessionContent: async ({ app, caller, params, body }) => ({
    data: await updateSessionContent(app, requireCaller(caller), params.id, body),
  }),
} satisfies HandlerTable;
