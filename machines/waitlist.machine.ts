import { assign, emit, setup } from 'xstate';
import { failureOf, fieldErrorsOf, statusOf, type Failure } from './support/errors';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * Joining a course's waitlist, and confirming a guest's address (product.md#entities Waitlist,
 * #calls `POST /courses/{id}/waitlist {email}`, #messages 'You are now on the waitlist!' and the server's
 * message on failure). Pure: the calls are the actors of `waitlist.actors.ts`.
 *
 *   start ─[token]─▶ confirming ─▶ confirmed (the guest's link worked)
 *                        └─ error ─▶ confirmFailed (link.notFound 404 | link.expired 410 | confirm.failed)
 *   start ─[no token]─▶ idle ─waitlist.opened─▶ editing (a guest types an address)
 *   idle | editing | failed ─waitlist.submitted─▶ joining ─▶ joined (a signed-in user's own address: on the list)
 *                                                      ├─▶ pending (a guest: a confirmation link was mailed)
 *                                                      └─ error ─▶ failed (status, server message, field errors)
 *   editing | failed | pending ─waitlist.cancelled─▶ idle
 *
 * A signed-in user submits their own address at once from `idle` (no form); a guest opens the form.
 */

/** What the screen asks for: the course, the address, and a guest's mail language. */
export interface JoinRequest {
  courseId: number;
  email: string;
  language: 'en' | 'ar';
}

/** What joinWaitlist answered: on the list (signed in), or a link mailed (guest). */
export type JoinResult = { kind: 'entry'; created: boolean; email: string } | { kind: 'pending'; email: string };

/** The confirmed entry of a guest's link: the course, its title and the address. */
export type ConfirmedEntry = Pick<Schema<'WaitlistConfirmation'>, 'courseId' | 'courseTitle' | 'email'>;

export type WaitlistFailureCode = 'join.failed' | 'link.notFound' | 'link.expired' | 'confirm.failed';

export interface WaitlistInput {
  courseId: number;
  /** A confirmation link's token (the /waitlist/confirm/$token page), or absent. */
  token?: string;
}

export interface WaitlistContext {
  courseId: number;
  token: string | null;
  request: JoinRequest | null;
  joined: JoinResult | null;
  confirmed: ConfirmedEntry | null;
  error: Failure<WaitlistFailureCode> | null;
  /** Server field errors (e.g. `email`): field → message. */
  fieldErrors: Record<string, string>;
}

/** What the machine announces for the screen's toasts (product.md#messages). */
export type WaitlistEmitted =
  | { type: 'waitlist.joined' }
  | { type: 'waitlist.joinFailed'; error: Failure<WaitlistFailureCode> | null };

export type WaitlistEvent =
  | { type: 'waitlist.opened' }
  | { type: 'waitlist.submitted'; email: string; language: 'en' | 'ar' }
  | { type: 'waitlist.cancelled' };

/** The code of a failed confirmation: 404 a link nobody has, 410 an expired one, else the generic one. */
export function confirmFailureCode(error: unknown): WaitlistFailureCode {
  const status = statusOf(error);
  return status === 404 ? 'link.notFound' : status === 410 ? 'link.expired' : 'confirm.failed';
}

export const waitlistMachine = setup({
  types: {
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    input: {} as WaitlistInput,
    emitted: {} as WaitlistEmitted,
    tags: {} as 'busy' | 'form',
  },
  actors: {
    /** POST /courses/{id}/waitlist. Rejects with an `ApiError` (400, 404, 422, 429) or a network error. */
    joinWaitlist: notProvided<JoinResult, JoinRequest>('waitlist', 'joinWaitlist', 'createWaitlistActors'),
    /** POST /waitlist/confirm/{token}. Rejects with an `ApiError` (404, 410) or a network error. */
    confirmWaitlist: notProvided<ConfirmedEntry, { token: string }>(
      'waitlist',
      'confirmWaitlist',
      'createWaitlistActors',
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isPending: (_, params: { result: JoinResult }) => params.result.kind === 'pending',
  },
  actions: {
    assignRequest: assign(({ context }, params: { email: string; language: 'en' | 'ar' }) => ({
      request: { courseId: context.courseId, email: params.email.trim(), language: params.language },
      error: null,
      fieldErrors: {},
    })),
    assignJoined: assign((_, params: { result: JoinResult }) => ({ joined: params.result })),
    assignJoinFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('join.failed', params.error),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    assignConfirmed: assign((_, params: { entry: ConfirmedEntry }) => ({ confirmed: params.entry })),
    assignConfirmFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf(confirmFailureCode(params.error), params.error),
    })),
    clear: assign({ request: null, joined: null, error: null, fieldErrors: {} }),
    emitJoined: emit({ type: 'waitlist.joined' as const }),
    emitJoinFailed: emit(({ context }) => ({ type: 'waitlist.joinFailed' as const, error: context.error })),
  },
}).createMachine({
  id: 'waitlist',
  initial: 'start',
  context: ({ input }) => ({
    courseId: input.courseId,
    token: input.token ?? null,
    request: null,
    joined: null,
    confirmed: null,
    error: null,
    fieldErrors: {},
  }),
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'waitlist.opened': { target: 'editing' },
        'waitlist.submitted': { target: 'joining', actions: { type: 'assignRequest', params: ({ event }) => event } },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'waitlist.submitted': { target: 'joining', actions: { type: 'assignRequest', params: ({ event }) => event } },
        'waitlist.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
    joining: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'joinWaitlist',
        src: 'joinWaitlist',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => ({ result: event.output }) },
            target: 'pending',
            actions: { type: 'assignJoined', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'joined', actions: { type: 'assignJoined', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignJoinFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    joined: { entry: 'emitJoined' },
    pending: {
      on: {
        'waitlist.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      tags: ['form'],
      entry: 'emitJoinFailed',
      on: {
        'waitlist.submitted': { target: 'joining', actions: { type: 'assignRequest', params: ({ event }) => event } },
        'waitlist.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmWaitlist',
        src: 'confirmWaitlist',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'confirmed',
          actions: { type: 'assignConfirmed', params: ({ event }) => ({ entry: event.output }) },
        },
        onError: {
          target: 'confirmFailed',
          actions: { type: 'assignConfirmFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmed: {},
    confirmFailed: {},
  },
});
