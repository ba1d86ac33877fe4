import type { Handlers } from '../../platform/context.js';
import { viewerOf } from '../catalog/read-model.js';
import { exploreSessions, getSessionInfo, getSyllabus } from './service.js';

/** Handlers of the session operations built so far. */
export const sessionsHandlers: Handlers = {
  exploreSessions: async ({ app, caller, query }) => ({
    data: await exploreSessions(app, viewerOf(caller), { query: query.query, categoryId: query.categoryId, page: query.page, pageSize: query.pageSize }),
  }),
  getSessionInfo: async ({ app, params }) => ({ data: await getSessionInfo(app, null, params.id, false) }),
  getSessionInfoSecured: async ({ app, caller, params }) => ({ data: await getSessionInfo(app, caller, params.id, true) }),
  getSessionSyllabus: async ({ app, params }) => ({ data: await getSyllabus(app, null, params.id, false) }),
  getSessionSyllabusSecured: async ({ app, caller, params }) => ({ data: await getSyllabus(app, caller, params.id, true) }),
};
