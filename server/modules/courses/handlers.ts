import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { getCourseEditorData, listCoursesToTeach, saveCourse } from './authoring.js';
import { exploreCourses, getActiveSessions, getCourseInfo, listCategories } from './catalog.js';
import { approveCourse, listCoursesForReview, publishCourse, rejectCourse, unpublishCourse } from './moderation.js';
import { createReview, getMyReview, listReviews, removeReview, updateReview } from './reviews.js';
import { confirmWaitlist, joinWaitlist } from './waitlist.js';

/**
 * Handlers of the Courses operations (openapi/halaqa.yaml tag Courses; product.md#calls): the catalog
 * (catalog.ts), reviews (reviews.ts), the course editor (authoring.ts, product.md#screens
 * /courses/live/edit, #entities) and course moderation (moderation.ts, product.md#entities course statuses).
 */
export const coursesHandlers = {
  exploreCourses: async ({ app, tenant, query }) => ({ data: await exploreCourses(app, tenant, query) }),
  getCourseInfo: async ({ app, tenant, params }) => ({ data: await getCourseInfo(app, tenant, params.id) }),
  listActiveCourseSessions: async ({ app, tenant, params }) => ({
    data: await getActiveSessions(app, tenant, params.id),
  }),
  joinWaitlist: async ({ app, tenant, params, body }) => {
    const outcome = await joinWaitlist(app, tenant, params.id, body);
    if (outcome.kind === 'pending')
      return { status: 202, data: { message: 'Check your mailbox to confirm your place on the waitlist.' } };
    return outcome.created ? { status: 201, data: outcome.entry } : { data: outcome.entry };
  },
  confirmWaitlist: async ({ app, params }) => ({ data: await confirmWaitlist(app, params.token) }),
  listCourseReviews: async ({ app, tenant, params, query }) => ({
    data: await listReviews(app, tenant, params.id, query.page, query.pageSize),
  }),
  createCourseReview: async ({ app, tenant, params, body }) => ({
    status: 201,
    data: await createReview(app, tenant, params.id, body),
  }),
  getMyCourseReview: async ({ app, tenant, params }) => ({ data: await getMyReview(app, tenant, params.id) }),
  updateCourseReview: async ({ app, tenant, params, body }) => ({
    data: await updateReview(app, tenant, params.id, params.reviewId, body),
  }),
  deleteCourseReview: async ({ app, caller, params }) => ({
    data: await removeReview(app, requireCaller(caller), params.id, params.reviewId),
  }),
  listCategories: async ({ app, tenant, query }) => ({ data: await listCategories(app, tenant, query.partnerId) }),
  saveCourse: async ({ app, caller, tenant, body, query }) => {
    const { created, course, session } = await saveCourse(app, requireCaller(caller), tenant, body, query.id ?? null);
    return created ? { status: 201, data: { course, session } } : { data: { course, session } };
  },
  getCourseEditorData: async ({ app, caller, params }) => ({
    data: await getCourseEditorData(app, requireCaller(caller), params.id),
  }),
  listCoursesToTeach: async ({ app, caller, query }) => ({
    data: await listCoursesToTeach(app, requireCaller(caller), query),
  }),
  listCoursesForReview: async ({ app, query }) => ({ data: await listCoursesForReview(app, query) }),
  approveCourse: async ({ app, caller, params, body }) => ({
    data: await approveCourse(app, requireCaller(caller), params.id, body.message),
  }),
  rejectCourse: async ({ app, caller, params, body }) => ({
    data: await rejectCourse(app, requireCaller(caller), params.id, body.message),
  }),
  unpublishCourse: async ({ app, caller, params, body }) => ({
    data: await unpublishCourse(app, requireCaller(caller), params.id, body.message),
  }),
  publishCourse: async ({ app, caller, params, body }) => ({
    data: await publishCourse(app, requireCaller(caller), params.id, body.message),
  }),
} satisfies HandlerTable;
