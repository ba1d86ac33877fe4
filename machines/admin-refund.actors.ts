import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { AdminRefund } from './admin-refund.machine';

/**
 * The admin-refund machine's actor over the generated client: `refundEnrollment` is
 * `POST /sessions/{id}/learners/{learnerId}/refund {message}` (everything paid back, to the card
 * that paid when it can, else the wallet); it rejects with an `ApiError` or the network error.
 */
export function createAdminRefundActors(api: Api) {
  return {
    refundEnrollment: fromPromise<AdminRefund, { sessionId: number; learnerId: number; message: string }>(
      async ({ input }) =>
        unwrap(
          await api.POST('/sessions/{id}/learners/{learnerId}/refund', {
            params: { path: { id: input.sessionId, learnerId: input.learnerId } },
            body: { message: input.message },
          }),
        ),
    ),
  };
}
