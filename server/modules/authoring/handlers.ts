import { requireCaller, type Handlers } from '../../platform/context.js';
import { getCourseEditorData, listCoursesToTeach, saveCourse } from './service.js';

/** Handlers of the course editor operations (spec §2 /courses/live/edit, §3, §7 Courses). */
export const authoringHandlers: Handlers = {
  saveCourse: async ({ app, caller, body, query }) => {
    const result = await saveCourse(app, requireCaller(caller), body ?? {}, query.id ?? null);
    return { status: result.created ? 201 : 200, data: { course: result.course, session: result.session } };
  },
  getCourseEditorData: async ({ app, caller, params }) => ({ data: await getCourseEditorData(app, requireCaller(caller), params.id) }),
  listCoursesToTeach: async ({ app, caller, query }) => ({
    data: await listCoursesToTeach(app, requireCaller(caller), { query: query.query, page: query.page, pageSize: query.pageSize }),
  }),
};
