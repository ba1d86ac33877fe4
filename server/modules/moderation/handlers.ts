import { requireCaller, type Handlers } from '../../platform/context.js';
import {
  approveSession,
  deleteSession,
  listSessionLearners,
  listSessions,
  rejectSession,
  requestSession,
  updateSessionContent,
} from './session-service.js';

/** Handlers of session requests and moderation (spec §7 Sessions; §4 moderation states). */
export const moderationHandlers: Handlers = {
  requestSession: async ({ app, caller, body }) => ({ status: 201, data: await requestSession(app, requireCaller(caller), body) }),
  listSessions: async ({ app, caller, query }) => ({
    data: await listSessions(app, requireCaller(caller), { status: query.status, courseId: query.courseId, page: query.page, pageSize: query.pageSize }),
  }),
  listSessionLearners: async ({ app, caller, params, query }) => ({
    data: await listSessionLearners(app, requireCaller(caller), params.id, query.page, query.pageSize),
  }),
  approveSession: async ({ app, caller, params, body }) => ({
    data: await approveSession(app, requireCaller(caller), params.id, body?.message?.trim() || null),
  }),
  rejectSession: async ({ app, caller, params, body }) => ({ data: await rejectSession(app, requireCaller(caller), params.id, body.message.trim()) }),
  deleteSession: async ({ app, caller, params, body }) => ({ data: await deleteSession(app, requireCaller(caller), params.id, body.message.trim()) }),
  updateSessionContent: async ({ app, caller, params, body }) => ({ data: await updateSessionContent(app, requireCaller(caller), params.id, body ?? []) }),
};
