import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { PayoutResult } from './payout.machine';

/**
 * `POST /payments/payouts` with `Idempotency-Key: key` (the same key never pays twice). Resolves
 * with the Payout (amount in cents); rejects with an `ApiError` (`status`, `serverMessage`) on an
 * error answer, or with the network error.
 */
export async function postPayout(api: Api, key: string): Promise<PayoutResult> {
  return unwrap(await api.POST('/payments/payouts', { params: { header: { 'Idempotency-Key': key } } }));
}

/**
 * The payout machine's actor over the generated client:
 *
 *   useMachine(payoutMachine.provide({ actors: createPayoutActors(api), actions: { payoutSent } }))
 */
export function createPayoutActors(api: Api) {
  return {
    payout: fromPromise<PayoutResult, { key: string }>(({ input }) => postPayout(api, input.key)),
  };
}
