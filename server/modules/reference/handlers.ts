import type { HandlerTable } from '../../platform/handlers.js';
import { listLanguages, listLessonTypes, listSkills, listUsTimezones } from './service.js';

/** Handlers of the Reference operations (openapi/halaqa.yaml tag Reference): the form's lookup lists. */
export const referenceHandlers = {
  listUsTimezones: async () => ({ data: listUsTimezones() }),
  listLessonTypes: async ({ app }) => ({ data: await listLessonTypes(app) }),
  listLanguages: async ({ app }) => ({ data: await listLanguages(app) }),
  listSkills: async ({ app, query }) => ({ data: await listSkills(app, query.query) }),
} satisfies HandlerTable;
