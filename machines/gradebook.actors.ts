import { fromPromise } from 'xstate';
import { ApiError, type Api, unwrap } from './support/api';
import type { Gradebook, GradebookWeight } from './gradebook.machine';

/**
 * The gradebook machine's actors:
 * - loadGradebook: `GET /sessions/{id}/gradebook`;
 * - saveWeights: `PUT /sessions/{id}/gradebook/weights {weights}` (answers the book with the new totals);
 * - exportCsv: `GET /sessions/{id}/gradebook.csv?lang` read as text, handed to `effects.saveCsv`
 *   (the page saves it as `gradebook-session-<id>.csv`).
 * The calls reject with an `ApiError` (`status`, `serverMessage`) or the network error.
 */
export function createGradebookActors(api: Api, effects: { saveCsv: (text: string, fileName: string) => void }) {
  return {
    loadGradebook: fromPromise<Gradebook, { sessionId: number }>(async ({ input }) =>
      unwrap(await api.GET('/sessions/{id}/gradebook', { params: { path: { id: input.sessionId } } })),
    ),
    saveWeights: fromPromise<Gradebook, { sessionId: number; weights: GradebookWeight[] }>(async ({ input }) =>
      unwrap(
        await api.PUT('/sessions/{id}/gradebook/weights', {
          params: { path: { id: input.sessionId } },
          body: { weights: input.weights },
        }),
      ),
    ),
    exportCsv: fromPromise<void, { sessionId: number; lang: 'en' | 'ar' }>(async ({ input }) => {
      const result = await api.GET('/sessions/{id}/gradebook.csv', {
        params: { path: { id: input.sessionId }, query: { lang: input.lang } },
        parseAs: 'text',
      });
      if (result.error !== undefined || typeof result.data !== 'string')
        throw new ApiError(result.response.status, result.error);
      effects.saveCsv(result.data, `gradebook-session-${input.sessionId}.csv`);
    }),
  };
}
