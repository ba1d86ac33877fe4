import { fromPromise } from 'xstate';
import { ApiError, type Api, unwrap } from './support/api';
import type { Gradebook, GradebookWeight } from './gradebook.machine';

/**
 * The gradebook machine's actors:
 * - loadGradebook: `GET /sessions/{id}/gradebook`;
 * - saveWeights: `PUT /sessions/{id}/gradebook/weights {weights}` (answers the book with the new totals);
 * - exportCsv: `GET /sessions/{id}/gradebook.csv?lang` read as a Blob (bytes as sent, so the UTF-8
 *   byte-order mark that Excel needs survives; reading it as text would drop it), handed to
 *   `effects.saveFile` as `gradebook-session-<id>.csv`.
 * The calls reject with an `ApiError` (`status`, `serverMessage`) or the network error.
 */
export function createGradebookActors(api: Api, effects: { saveFile: (data: Blob, fileName: string) => void }) {
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
        parseAs: 'blob',
      });
      // openapi-fetch's `parseAs: 'blob'` answers the body as a Blob (typed as the schema's string).
      const blob = result.data as unknown as Blob | undefined;
      if (result.error !== undefined || !blob || typeof blob.size !== 'number')
        throw new ApiError(result.response.status, result.error);
      effects.saveFile(blob, `gradebook-session-${input.sessionId}.csv`);
    }),
  };
}
