import { assign, setup } from 'xstate';
import { TOP_UP_MAX_CENTS, TOP_UP_MIN_CENTS } from '@contract/top-up';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';
import { type Failure, failureOf, statusOf } from './support/errors';

/**
 * Topping up the wallet by card (docs/decisions.md "Wallet top-ups"; `POST
 * /payments/wallets/me/top-ups` with an Idempotency-Key, the 3-D Secure step `…/{id}/authenticate`).
 * Pure: the calls are the actors of `top-up.actors.ts`; `credited` (toast, reload, return to a
 * checkout) is provided by the screen.
 *
 *   preparing (saved cards + gateway config) ─▶ choosing | loadFailed ─load.retried─▶ preparing
 *   choosing ─amount.changed / card.selected─▶ choosing
 *            ─card.submitted{token}─▶ addingCard ─▶ choosing (the new card selected | its refusal shown)
 *   addingCard ─amount.changed─▶ addingCard (the amount can be typed while the card is checked)
 *            ─topUp.submitted [amount in range, a card]─▶ charging
 *   charging ─succeeded─▶ credited ; ─requires_action─▶ authenticating (3-D Secure)
 *            ─402─▶ failed.declined ; ─other 4xx─▶ failed.refused ; ─no answer / 5xx─▶ failed.unknown
 *   authenticating ─authentication.submitted─▶ verifying ─succeeded─▶ credited ; ─4xx─▶ failed.declined
 *                                                        ─no answer / 5xx─▶ authenticating (error shown)
 *                  ─authentication.cancelled─▶ choosing (nothing credited)
 *   failed ─topUp.retried─▶ charging (failed.unknown: the SAME Idempotency-Key; else a new attempt)
 *          ─topUp.restarted─▶ choosing
 *   credited ─topUp.restarted─▶ choosing (another top-up)
 *
 * Keys: every attempt is `<keySeed>-<attempt>`; a retry after an unknown outcome resends its key,
 * so the server credits once. Money: `amount` is integer US cents (TOP_UP_MIN_CENTS–TOP_UP_MAX_CENTS).
 */

/** The contract's TopUp (amount in cents). */
export type TopUpResult = Schema<'TopUp'>;
/** A saved card (the contract's Card). */
export type TopUpCard = Schema<'Card'>;
/** What the form needs of the gateway (sandbox test cards or Stripe). */
export type TopUpGateway = Pick<Schema<'PaymentConfig'>, 'gateway' | 'publishableKey' | 'holdMinutes' | 'testCards'>;

/** Why a step failed: `declined` (402, or a failed 3-D Secure step), `refused` (other 4xx), `unknown` (no answer, 5xx), `load`, `card`. */
export type TopUpFailure = Failure<'declined' | 'refused' | 'unknown' | 'load' | 'card'>;

export interface TopUpInput {
  /** The amount to propose, integer cents (a checkout's shortfall), else none. */
  amount?: number | null;
  /** Prefix of the Idempotency-Keys (default a random UUID; tests pass a fixed one). */
  keySeed?: string;
}

export interface TopUpContext {
  keySeed: string;
  /** Attempts started (each has its key `<keySeed>-<attempt>`). */
  attempt: number;
  /** The key of the attempt in flight, or of the last one whose outcome is unknown. */
  key: string | null;
  /** Integer cents, or null while the field is empty or not a number. */
  amount: number | null;
  cards: TopUpCard[];
  config: TopUpGateway | null;
  cardId: string | null;
  topUp: TopUpResult | null;
  error: TopUpFailure | null;
  /** The refusal of the card being added (shown under the card entry). */
  cardError: TopUpFailure | null;
}

export type TopUpEvent =
  | { type: 'amount.changed'; amount: number | null }
  | { type: 'card.selected'; cardId: string }
  | { type: 'card.submitted'; token: string }
  | { type: 'topUp.submitted' }
  | { type: 'authentication.submitted'; result: 'succeed' | 'fail' }
  | { type: 'authentication.cancelled' }
  | { type: 'topUp.retried' }
  | { type: 'topUp.restarted' }
  | { type: 'load.retried' };

/** Whether `amount` (cents) may be topped up: a whole number of cents within the limits. */
export const isTopUpAmount = (amount: number | null): amount is number =>
  amount !== null && Number.isInteger(amount) && amount >= TOP_UP_MIN_CENTS && amount <= TOP_UP_MAX_CENTS;

const attemptKey = (c: TopUpContext, attempt: number) => `${c.keySeed}-${attempt}`;

function randomSeed(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    events: {} as TopUpEvent,
    input: {} as TopUpInput,
  },
  actors: {
    /** GET the saved cards and the gateway config. */
    prepare: notProvided<{ cards: TopUpCard[]; config: TopUpGateway }, void>('top-up', 'prepare', 'createTopUpActors'),
    /** POST /payments/cards {source}. */
    addCard: notProvided<TopUpCard, { token: string }>('top-up', 'addCard', 'createTopUpActors'),
    /** POST /payments/wallets/me/top-ups with the attempt's key. */
    topUp: notProvided<TopUpResult, { amount: number; paymentMethod: string; idempotencyKey: string }>(
      'top-up',
      'topUp',
      'createTopUpActors',
    ),
    /** POST /payments/wallets/me/top-ups/{id}/authenticate {result}. */
    authenticate: notProvided<TopUpResult, { topUpId: string; result: 'succeed' | 'fail' }>(
      'top-up',
      'authenticate',
      'createTopUpActors',
    ),
  },
  actions: {
    /** Success effects (toast, reload the wallet, back to a checkout), provided by the screen. */
    credited: (_, _params: TopUpResult) => {},
    assignLoaded: assign((_, p: { cards: TopUpCard[]; config: TopUpGateway }) => ({
      cards: p.cards,
      config: p.config,
      cardId: (p.cards.find((c) => c.isDefault) ?? p.cards[0])?.id ?? null,
      error: null,
    })),
    assignLoadFailure: assign((_, p: { error: unknown }) => ({ error: failureOf('load', p.error) })),
    assignAmount: assign((_, p: { amount: number | null }) => ({ amount: p.amount })),
    assignCard: assign((_, p: { cardId: string }) => ({ cardId: p.cardId })),
    clearCardError: assign({ cardError: null }),
    assignAddedCard: assign(({ context }, card: TopUpCard) => ({
      cards: [...context.cards.filter((c) => c.id !== card.id), card],
      cardId: card.id,
      cardError: null,
    })),
    assignCardFailure: assign((_, p: { error: unknown }) => ({ cardError: failureOf('card', p.error) })),
    /** A new attempt (new key), unless the last one's outcome is unknown: then its key again. */
    startAttempt: assign(({ context }) =>
      context.key !== null
        ? { error: null }
        : { attempt: context.attempt + 1, key: attemptKey(context, context.attempt + 1), error: null },
    ),
    assignTopUp: assign((_, topUp: TopUpResult) => ({ topUp, error: null })),
    finishAttempt: assign({ key: null }),
    assignFailure: assign((_, p: { code: 'declined' | 'refused' | 'unknown'; error: unknown }) => ({
      error: failureOf(p.code, p.error),
      ...(p.code === 'unknown' ? {} : { key: null }),
    })),
    assignStepError: assign((_, p: { error: unknown }) => ({ error: failureOf('unknown', p.error) })),
    reset: assign({ topUp: null, error: null, key: null }),
  },
  guards: {
    canSubmit: ({ context }) => isTopUpAmount(context.amount) && context.cards.some((c) => c.id === context.cardId),
    knownCard: ({ context }, p: { cardId: string }) => context.cards.some((c) => c.id === p.cardId),
    requiresAction: (_, topUp: TopUpResult) => topUp.status === 'requires_action',
    declined: (_, p: { error: unknown }) => statusOf(p.error) === 402,
    refused: (_, p: { error: unknown }) => {
      const status = statusOf(p.error);
      return status !== undefined && status >= 400 && status < 500;
    },
  },
}).createMachine({
  id: 'topUp',
  initial: 'preparing',
  context: ({ input }) => ({
    keySeed: input.keySeed ?? randomSeed(),
    attempt: 0,
    key: null,
    amount: input.amount ?? null,
    cards: [],
    config: null,
    cardId: null,
    topUp: null,
    error: null,
    cardError: null,
  }),
  states: {
    preparing: {
      invoke: {
        id: 'prepare',
        src: 'prepare',
        onDone: { target: 'choosing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retried': 'preparing' } },
    choosing: {
      on: {
        'amount.changed': { actions: { type: 'assignAmount', params: ({ event }) => ({ amount: event.amount }) } },
        'card.selected': {
          guard: { type: 'knownCard', params: ({ event }) => ({ cardId: event.cardId }) },
          actions: { type: 'assignCard', params: ({ event }) => ({ cardId: event.cardId }) },
        },
        'card.submitted': 'addingCard',
        'topUp.submitted': { guard: 'canSubmit', target: 'charging', actions: 'startAttempt' },
      },
    },
    addingCard: {
      entry: 'clearCardError',
      // The amount field stays editable while the card is checked: what it shows is what is charged.
      on: {
        'amount.changed': { actions: { type: 'assignAmount', params: ({ event }) => ({ amount: event.amount }) } },
      },
      invoke: {
        id: 'addCard',
        src: 'addCard',
        input: ({ event }) => ({ token: event.type === 'card.submitted' ? event.token : '' }),
        onDone: { target: 'choosing', actions: { type: 'assignAddedCard', params: ({ event }) => event.output } },
        onError: {
          target: 'choosing',
          actions: { type: 'assignCardFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // A second click while charging is not handled: never a second charge.
    charging: {
      invoke: {
        id: 'topUp',
        src: 'topUp',
        input: ({ context }) => ({
          amount: context.amount ?? 0,
          paymentMethod: context.cardId ?? '',
          idempotencyKey: context.key ?? '',
        }),
        onDone: [
          {
            guard: { type: 'requiresAction', params: ({ event }) => event.output },
            target: 'authenticating',
            actions: [{ type: 'assignTopUp', params: ({ event }) => event.output }, 'finishAttempt'],
          },
          {
            target: 'credited',
            actions: [
              { type: 'assignTopUp', params: ({ event }) => event.output },
              'finishAttempt',
              { type: 'credited', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'declined', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'declined', error: event.error }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'refused', error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'unknown', error: event.error }) },
          },
        ],
      },
    },
    authenticating: {
      on: {
        'authentication.submitted': 'verifying',
        'authentication.cancelled': { target: 'choosing', actions: 'reset' },
      },
    },
    verifying: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context, event }) => ({
          topUpId: context.topUp?.id ?? '',
          result: event.type === 'authentication.submitted' ? event.result : 'fail',
        }),
        onDone: {
          target: 'credited',
          actions: [
            { type: 'assignTopUp', params: ({ event }) => event.output },
            { type: 'credited', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'assignFailure', params: ({ event }) => ({ code: 'declined', error: event.error }) },
          },
          {
            target: 'authenticating',
            actions: { type: 'assignStepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      on: {
        'topUp.retried': { target: 'charging', actions: 'startAttempt' },
        'topUp.restarted': { target: 'choosing', actions: 'reset' },
      },
    },
    credited: {
      on: { 'topUp.restarted': { target: 'choosing', actions: 'reset' } },
    },
  },
});
