import { assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, failureOf, statusOf } from './support/errors';
import type { Schema } from './support/contract';

/**
 * An educator pays out the payable earnings to the bank account (product.md#states, DESIGN #overview Money:
 * `POST /payments/payouts` with an `Idempotency-Key`). Money moves, so the key is the machine's
 * business: one key per attempt, and the SAME key when an attempt is retried after an unknown
 * outcome (no answer, or a 5xx: the payout may have happened), so the server never pays twice.
 *
 *   idle ─payout.requested─▶ paying ─▶ paid                (key forgotten; `payoutSent` runs)
 *                              ├─ error 4xx ─▶ failed.refused  (a finished attempt: key forgotten)
 *                              └─ error else ─▶ failed.unknown (key kept for the retry)
 *   paid | failed ─payout.requested─▶ paying   (with the kept key, else the event's fresh one)
 *
 * The UI proposes a fresh key in each `payout.requested` (`newIdempotencyKey()`); the machine
 * decides whether to use it. Pure: the call is the `payout` actor (`payout.actors.ts`); the
 * toast and reload after success are the `payoutSent` action, provided by the screen.
 */

/** What `POST /payments/payouts` answers: `amount` in integer US cents, `createdAt` an ISO instant. */
export type PayoutResult = Schema<'Payout'>;

/** Why the last attempt failed: code, HTTP status (0 or absent = no answer) and the server's message. */
export type PayoutFailure = Failure<'payout.refused' | 'payout.unknown'>;

export interface PayoutContext {
  /** The Idempotency-Key of the attempt in flight, or of the last one whose outcome is unknown. */
  key: string | null;
  /** The last payout made. */
  result: PayoutResult | null;
  error: PayoutFailure | null;
}

export type PayoutEvent = {
  type: 'payout.requested';
  /** A fresh Idempotency-Key (UUID), used unless an unknown attempt's key must be resent. */
  key: string;
};

/** True when the server answered and refused (4xx): the attempt is over, the next one is new. */
export function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

export const payoutMachine = setup({
  types: {
    context: {} as PayoutContext,
    events: {} as PayoutEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /payments/payouts with the key. Rejects with an `ApiError` (403, 409, 422, 5xx…) or a network error. */
    payout: notProvided<PayoutResult, { key: string }>('payout', 'payout', 'createPayoutActors'),
  },
  actions: {
    /** Success effects (toast, reload the earnings), provided by the screen. */
    payoutSent: (_, _params: PayoutResult) => {},
    startAttempt: assign(({ context }, params: { key: string }) => ({ key: context.key ?? params.key, error: null })),
    assignResult: assign((_, params: PayoutResult) => ({ result: params, key: null, error: null })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      key: null,
      error: failureOf('payout.refused', params.error),
    })),
    assignUnknown: assign((_, params: { error: unknown }) => ({ error: failureOf('payout.unknown', params.error) })),
  },
  guards: {
    refused: (_, params: { error: unknown }) => isRefusal(params.error),
  },
}).createMachine({
  id: 'payout',
  initial: 'idle',
  context: { key: null, result: null, error: null },
  states: {
    idle: {
      on: {
        'payout.requested': {
          target: 'paying',
          actions: { type: 'startAttempt', params: ({ event }) => ({ key: event.key }) },
        },
      },
    },
    // A click while paying is not handled: never a second call.
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'payout',
        src: 'payout',
        input: ({ context }) => ({ key: context.key! }),
        onDone: {
          target: 'paid',
          actions: [
            { type: 'assignResult', params: ({ event }) => event.output },
            { type: 'payoutSent', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'failed.refused',
            actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed.unknown',
            actions: { type: 'assignUnknown', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    paid: {
      on: {
        'payout.requested': {
          target: 'paying',
          actions: { type: 'startAttempt', params: ({ event }) => ({ key: event.key }) },
        },
      },
    },
    failed: {
      on: {
        'payout.requested': {
          target: 'paying',
          actions: { type: 'startAttempt', params: ({ event }) => ({ key: event.key }) },
        },
      },
      initial: 'unknown',
      states: {
        /** The server refused (4xx): the next attempt gets a new key. */
        refused: {},
        /** No answer or a 5xx: the payout may have happened; the next attempt resends the same key. */
        unknown: {},
      },
    },
  },
});
