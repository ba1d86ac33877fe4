import * as v from 'valibot';
import { assign, emit, setup } from 'xstate';
import { failureOf, type Failure } from './support/errors';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * An admin refunds a learner's enrollment in full, with a message the learner is mailed and the
 * audit log keeps (decisions.md "Cancelling and refunds"). Pure: the call is the actor of
 * `admin-refund.actors.ts`.
 *
 *   idle ─refund.opened─▶ editing ─refund.submitted [message valid]─▶ refunding ─▶ refunded (emits refund.done)
 *                            │  └─ [message invalid] ─▶ editing (with the issue)
 *                            └───────────────────────────────────────── error ◀─┘ (emits refund.failed)
 *   editing | refunded ─refund.closed─▶ idle
 */

/** Most characters of the message (openapi `AdminRefundRequest.message`). */
export const REFUND_MESSAGE_MAX = 2000;

/** The message's rule, as the server's: 1 to 2000 characters once trimmed. */
export const refundMessageSchema = v.pipe(
  v.string('message.required'),
  v.trim(),
  v.nonEmpty('message.required'),
  v.maxLength(REFUND_MESSAGE_MAX, 'message.tooLong'),
);

export type RefundMessageIssue = 'message.required' | 'message.tooLong';

/** The issue of a message, or null when it is valid. */
export function refundMessageIssue(message: string): RefundMessageIssue | null {
  const r = v.safeParse(refundMessageSchema, message);
  return r.success ? null : (r.issues[0].message as RefundMessageIssue);
}

export type AdminRefund = Schema<'Refund'>;

export interface AdminRefundInput {
  sessionId: number;
  learnerId: number;
}

export interface AdminRefundContext {
  sessionId: number;
  learnerId: number;
  /** The message sent (trimmed), once submitted. */
  message: string;
  issue: RefundMessageIssue | null;
  refund: AdminRefund | null;
  error: Failure<'refund.failed'> | null;
}

export type AdminRefundEmitted =
  | { type: 'refund.done'; refund: AdminRefund }
  | { type: 'refund.failed'; error: Failure<'refund.failed'> | null };

export type AdminRefundEvent =
  | { type: 'refund.opened' }
  | { type: 'refund.submitted'; message: string }
  | { type: 'refund.closed' };

export const adminRefundMachine = setup({
  types: {
    context: {} as AdminRefundContext,
    events: {} as AdminRefundEvent,
    input: {} as AdminRefundInput,
    emitted: {} as AdminRefundEmitted,
    tags: {} as 'busy' | 'open',
  },
  actors: {
    /** POST /sessions/{id}/learners/{learnerId}/refund {message}. Rejects with an `ApiError` (400, 404, 409) or a network error. */
    refundEnrollment: notProvided<AdminRefund, { sessionId: number; learnerId: number; message: string }>(
      'admin-refund',
      'refundEnrollment',
      'createAdminRefundActors',
    ),
  },
  guards: {
    isValid: (_, params: { message: string }) => refundMessageIssue(params.message) === null,
  },
  actions: {
    assignMessage: assign((_, params: { message: string }) => ({
      message: params.message.trim(),
      issue: null,
      error: null,
    })),
    assignIssue: assign((_, params: { message: string }) => ({ issue: refundMessageIssue(params.message) })),
    assignRefund: assign((_, params: { refund: AdminRefund }) => ({ refund: params.refund })),
    assignFailure: assign((_, params: { error: unknown }) => ({ error: failureOf('refund.failed', params.error) })),
    clear: assign({ message: '', issue: null, refund: null, error: null }),
    emitDone: emit(({ context }) => ({ type: 'refund.done' as const, refund: context.refund! })),
    emitFailed: emit(({ context }) => ({ type: 'refund.failed' as const, error: context.error })),
  },
}).createMachine({
  id: 'adminRefund',
  initial: 'idle',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    learnerId: input.learnerId,
    message: '',
    issue: null,
    refund: null,
    error: null,
  }),
  states: {
    idle: { on: { 'refund.opened': { target: 'editing', actions: 'clear' } } },
    editing: {
      tags: ['open'],
      on: {
        'refund.submitted': [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ message: event.message }) },
            target: 'refunding',
            actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.message }) },
          },
          { actions: { type: 'assignIssue', params: ({ event }) => ({ message: event.message }) } },
        ],
        'refund.closed': { target: 'idle', actions: 'clear' },
      },
    },
    refunding: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'refundEnrollment',
        src: 'refundEnrollment',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          learnerId: context.learnerId,
          message: context.message,
        }),
        onDone: {
          target: 'refunded',
          actions: { type: 'assignRefund', params: ({ event }) => ({ refund: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
        },
      },
    },
    refunded: {
      entry: 'emitDone',
      on: { 'refund.closed': { target: 'idle', actions: 'clear' } },
    },
  },
});
