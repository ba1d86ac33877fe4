import { requireCaller, type Handlers } from '../../platform/context.js';
import { enroll, listMyEnrollments } from './service.js';

/** Handlers of the enrollment operations. */
export const enrollmentsHandlers: Handlers = {
  listMyEnrollments: async ({ app, caller }) => ({ data: await listMyEnrollments(app, requireCaller(caller)) }),
  enrollInSession: async ({ app, caller, params }) => {
    const { created, enrollment } = await enroll(app, requireCaller(caller), params.id);
    return { status: created ? 201 : 200, data: enrollment };
  },
};
