import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { gradebookCsv } from './csv.js';
import { myGrades, sessionGradebook, setGradebookWeights } from './service.js';

/**
 * Handlers of the gradebook operations (openapi/halaqa.yaml tag Gradebook; docs/classroom.md
 * "Gradebook"). Ids, the `lang` query and the weights body are validated by the contract's schemas
 * before they get here; the weights' rules by the service.
 */
export const gradebookHandlers = {
  getGradebook: async ({ app, caller, params }) => ({
    data: (await sessionGradebook(app, requireCaller(caller), params.id)).book,
  }),
  getMyGrades: async ({ app, caller, params }) => ({
    data: await myGrades(app, requireCaller(caller), params.id),
  }),
  setGradebookWeights: async ({ app, caller, params, body }) => ({
    data: await setGradebookWeights(app, requireCaller(caller), params.id, body.weights),
  }),
  /** Answers the CSV text itself (a raw result), as a download named `gradebook-session-<id>.csv`. */
  exportGradebook: async ({ app, caller, params, query }) => {
    const book = await sessionGradebook(app, requireCaller(caller), params.id);
    return {
      raw: gradebookCsv(book, query.lang ?? 'en'),
      contentType: 'text/csv; charset=utf-8',
      headers: {
        'content-disposition': `attachment; filename="gradebook-session-${params.id}.csv"`,
        'cache-control': 'private, no-cache',
      },
    };
  },
} satisfies HandlerTable;
