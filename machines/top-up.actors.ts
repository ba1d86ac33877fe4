import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import { pick } from './support/contract';
import type { TopUpCard, TopUpGateway, TopUpResult } from './top-up.machine';

/**
 * The top-up machine's actors over the generated client:
 *
 *   topUpMachine.provide({ actors: createTopUpActors(api), actions: { credited } })
 *
 * Each rejects with an `ApiError` (`status`, `serverMessage`) on an error answer — 402 for a
 * declined card — or with the network error (no status: the machine resends the same key).
 */
export function createTopUpActors(api: Api) {
  return {
    prepare: fromPromise<{ cards: TopUpCard[]; config: TopUpGateway }, void>(async () => {
      const [cards, config] = await Promise.all([
        api.GET('/payments/cards').then(unwrap),
        api.GET('/payments/config').then(unwrap),
      ]);
      return { cards, config: pick(config, ['gateway', 'publishableKey', 'holdMinutes', 'testCards']) };
    }),
    addCard: fromPromise<TopUpCard, { token: string }>(async ({ input }) =>
      unwrap(await api.POST('/payments/cards', { body: { source: input.token } })),
    ),
    topUp: fromPromise<TopUpResult, { amount: number; paymentMethod: string; idempotencyKey: string }>(
      async ({ input }) =>
        unwrap(
          await api.POST('/payments/wallets/me/top-ups', {
            params: { header: { 'Idempotency-Key': input.idempotencyKey } },
            body: { amount: input.amount, paymentMethod: input.paymentMethod },
          }),
        ),
    ),
    authenticate: fromPromise<TopUpResult, { topUpId: string; result: 'succeed' | 'fail' }>(async ({ input }) =>
      unwrap(
        await api.POST('/payments/wallets/me/top-ups/{id}/authenticate', {
          params: { path: { id: input.topUpId } },
          body: { result: input.result },
        }),
      ),
    ),
  };
}
