import { assign, emit, setup } from 'xstate';
import { failureOf, statusOf, type Failure } from './support/errors';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * Cancelling one's enrollment and being refunded (product.md#states enrollment; decisions.md
 * "Cancelling and refunds"). The amount is the server's, by its one refund rule: the dialog shows
 * the quote before the learner confirms, never a sum of its own. Pure: the calls are the actors of
 * `cancel-enrollment.actors.ts`.
 *
 *   idle ─cancel.opened─▶ quoting ─▶ confirming (amount and destination shown; the first offered is chosen)
 *                            └─ error ─▶ quoteFailed ─cancel.retried─▶ quoting
 *   confirming ─cancel.destinationChosen [offered]─▶ confirming
 *   confirming ─cancel.confirmed─▶ cancelling ─▶ cancelled (emits cancel.done)
 *                                      ├─ error 409 ─▶ alreadyCancelled (another tab or an admin was first)
 *                                      └─ error ─▶ confirming (with the failure; emits cancel.failed)
 *   quoting | quoteFailed | confirming | alreadyCancelled ─cancel.closed─▶ idle
 *
 * The refund is refused twice by the server (409), so a repeated confirmation never pays twice.
 */

/** The server's quote (GET /sessions/{id}/refund) and refund (POST /sessions/{id}/refund). */
export type RefundQuote = Schema<'RefundQuote'>;
export type Refund = Schema<'Refund'>;
export type RefundDestination = Schema<'RefundDestination'>;

export type CancelFailureCode = 'quote.failed' | 'cancel.failed';

export interface CancelEnrollmentInput {
  sessionId: number;
}

export interface CancelEnrollmentContext {
  sessionId: number;
  quote: RefundQuote | null;
  /** Where the refund goes: one of the quote's destinations (the wallet when nothing is given back). */
  destination: RefundDestination;
  refund: Refund | null;
  error: Failure<CancelFailureCode> | null;
}

/** What the machine announces for the screen (toasts, reloading the page's data). */
export type CancelEnrollmentEmitted =
  | { type: 'cancel.done'; refund: Refund }
  | { type: 'cancel.failed'; error: Failure<CancelFailureCode> | null };

export type CancelEnrollmentEvent =
  | { type: 'cancel.opened' }
  | { type: 'cancel.retried' }
  | { type: 'cancel.destinationChosen'; destination: RefundDestination }
  | { type: 'cancel.confirmed' }
  | { type: 'cancel.closed' };

export const cancelEnrollmentMachine = setup({
  types: {
    context: {} as CancelEnrollmentContext,
    events: {} as CancelEnrollmentEvent,
    input: {} as CancelEnrollmentInput,
    emitted: {} as CancelEnrollmentEmitted,
    tags: {} as 'busy' | 'open',
  },
  actors: {
    /** GET /sessions/{id}/refund. Rejects with an `ApiError` (404 not enrolled) or a network error. */
    loadQuote: notProvided<RefundQuote, { sessionId: number }>(
      'cancel-enrollment',
      'loadQuote',
      'createCancelEnrollmentActors',
    ),
    /** POST /sessions/{id}/refund {destination}. Rejects with an `ApiError` (404, 409, 422) or a network error. */
    cancelEnrollment: notProvided<Refund, { sessionId: number; destination: RefundDestination }>(
      'cancel-enrollment',
      'cancelEnrollment',
      'createCancelEnrollmentActors',
    ),
  },
  guards: {
    isOffered: ({ context }, params: { destination: RefundDestination }) =>
      context.quote?.destinations.includes(params.destination) ?? false,
    isConflict: (_, params: { error: unknown }) => statusOf(params.error) === 409,
  },
  actions: {
    assignQuote: assign((_, params: { quote: RefundQuote }) => ({
      quote: params.quote,
      destination: params.quote.destinations[0] ?? ('wallet' as const),
      error: null,
    })),
    assignDestination: assign((_, params: { destination: RefundDestination }) => ({
      destination: params.destination,
    })),
    assignQuoteFailure: assign((_, params: { error: unknown }) => ({ error: failureOf('quote.failed', params.error) })),
    assignCancelFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('cancel.failed', params.error),
    })),
    assignRefund: assign((_, params: { refund: Refund }) => ({ refund: params.refund, error: null })),
    clearError: assign({ error: null }),
    clear: assign({ quote: null, destination: 'wallet' as const, refund: null, error: null }),
    emitDone: emit(({ context }) => ({ type: 'cancel.done' as const, refund: context.refund! })),
    emitFailed: emit(({ context }) => ({ type: 'cancel.failed' as const, error: context.error })),
  },
}).createMachine({
  id: 'cancelEnrollment',
  initial: 'idle',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    quote: null,
    destination: 'wallet',
    refund: null,
    error: null,
  }),
  states: {
    idle: {
      on: { 'cancel.opened': { target: 'quoting', actions: 'clear' } },
    },
    quoting: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'loadQuote',
        src: 'loadQuote',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: {
          target: 'confirming',
          actions: { type: 'assignQuote', params: ({ event }) => ({ quote: event.output }) },
        },
        onError: {
          target: 'quoteFailed',
          actions: { type: 'assignQuoteFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'cancel.closed': { target: 'idle', actions: 'clear' } },
    },
    quoteFailed: {
      tags: ['open'],
      on: {
        'cancel.retried': { target: 'quoting', actions: 'clearError' },
        'cancel.closed': { target: 'idle', actions: 'clear' },
      },
    },
    confirming: {
      tags: ['open'],
      on: {
        'cancel.destinationChosen': {
          guard: { type: 'isOffered', params: ({ event }) => ({ destination: event.destination }) },
          actions: { type: 'assignDestination', params: ({ event }) => ({ destination: event.destination }) },
        },
        'cancel.confirmed': { target: 'cancelling', actions: 'clearError' },
        'cancel.closed': { target: 'idle', actions: 'clear' },
      },
    },
    cancelling: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'cancelEnrollment',
        src: 'cancelEnrollment',
        input: ({ context }) => ({ sessionId: context.sessionId, destination: context.destination }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'assignRefund', params: ({ event }) => ({ refund: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyCancelled',
            actions: { type: 'assignCancelFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'confirming',
            actions: [{ type: 'assignCancelFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
          },
        ],
      },
    },
    cancelled: { entry: 'emitDone' },
    alreadyCancelled: {
      tags: ['open'],
      on: { 'cancel.closed': { target: 'idle', actions: 'clear' } },
    },
  },
});
