import { requireCaller, type Handlers } from '../../platform/context.js';
import { getLessonAuthoring, updateLessonAuthoring } from './service.js';

/** Handlers of lesson authoring (issue #5; docs/classroom.md "Data"): GET and PUT /lessons/{id}/authoring. */
export const lessonAuthoringHandlers: Handlers = {
  getLessonAuthoring: async ({ app, caller, params }) => ({ data: await getLessonAuthoring(app, requireCaller(caller), params.id) }),
  updateLessonAuthoring: async ({ app, caller, params, body }) => ({
    data: await updateLessonAuthoring(app, requireCaller(caller), params.id, body ?? {}),
  }),
};
