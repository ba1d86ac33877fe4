import type { Handlers } from '../../platform/context.js';
import { viewerOf } from '../catalog/read-model.js';
import { listCategories, listLanguages, listLessonTypes, listSkills, listUsTimezones } from './service.js';

/** Handlers of the reference-data operations. */
export const referenceHandlers: Handlers = {
  listUsTimezones: async () => ({ data: listUsTimezones() }),
  listLessonTypes: async ({ app }) => ({ data: await listLessonTypes(app) }),
  listLanguages: async ({ app }) => ({ data: await listLanguages(app) }),
  listSkills: async ({ app, query }) => ({ data: await listSkills(app, query.query) }),
  listCategories: async ({ app, caller, query }) => ({ data: await listCategories(app, viewerOf(caller), query.partnerId) }),
};
