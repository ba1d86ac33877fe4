import type { Handlers } from '../../platform/context.js';
import { viewerOf } from '../catalog/read-model.js';
import { exploreCourses, getActiveSessions, getCourseInfo, joinWaitlist, listReviews } from './service.js';

/** Handlers of the course catalog operations built so far. */
export const coursesHandlers: Handlers = {
  exploreCourses: async ({ app, caller, query }) => ({
    data: await exploreCourses(app, viewerOf(caller), {
      query: query.query,
      categoryId: query.categoryId,
      difficulty: query.difficulty,
      page: query.page,
      pageSize: query.pageSize,
    }),
  }),
  getCourseInfo: async ({ app, caller, params }) => ({ data: await getCourseInfo(app, viewerOf(caller), params.id) }),
  listActiveCourseSessions: async ({ app, caller, params }) => ({ data: await getActiveSessions(app, viewerOf(caller), params.id) }),
  joinWaitlist: async ({ app, caller, params, body }) => {
    const { created, entry } = await joinWaitlist(app, viewerOf(caller), params.id, body.email);
    return { status: created ? 201 : 200, data: entry };
  },
  listCourseReviews: async ({ app, caller, params, query }) => ({
    data: await listReviews(app, viewerOf(caller), params.id, query.page, query.pageSize),
  }),
};
