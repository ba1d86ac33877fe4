import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { Refund, RefundDestination, RefundQuote } from './cancel-enrollment.machine';

/**
 * The cancel-enrollment machine's actors over the generated client:
 * - `loadQuote`: `GET /sessions/{id}/refund` (what cancelling gives back now, and where);
 * - `cancelEnrollment`: `POST /sessions/{id}/refund {destination}`.
 * Both reject with an `ApiError` (`status`, `serverMessage`) or the network error.
 *
 *   useMachine(cancelEnrollmentMachine.provide({ actors: createCancelEnrollmentActors(api) }), { input: { sessionId } })
 */
export function createCancelEnrollmentActors(api: Api) {
  return {
    loadQuote: fromPromise<RefundQuote, { sessionId: number }>(async ({ input }) =>
      unwrap(await api.GET('/sessions/{id}/refund', { params: { path: { id: input.sessionId } } })),
    ),
    cancelEnrollment: fromPromise<Refund, { sessionId: number; destination: RefundDestination }>(async ({ input }) =>
      unwrap(
        await api.POST('/sessions/{id}/refund', {
          params: { path: { id: input.sessionId } },
          body: { destination: input.destination },
        }),
      ),
    ),
  };
}
