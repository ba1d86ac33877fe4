import { assign, setup } from 'xstate';
import { failureOf, fieldErrorsOf, type Failure } from './support/errors';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * A partner invites one person into the company (product.md#calls `POST /users/invite
 * {email, role}`). Pure: the call is the `sendInvitation` actor of `invitation.actors.ts`. The form
 * checks the e-mail on the client before it sends `invite.submitted`; the server decides:
 *
 *   editing ─invite.submitted─▶ sending ─▶ sent (the new PENDING invitation)
 *                                  └─ error ─▶ failed (status, server message, field errors)
 *   failed ─invite.submitted─▶ sending (retry) ; sent ─invite.submitted─▶ sending (the next person)
 *   sent | failed ─invite.reset─▶ editing
 *
 * The screen maps the outcome to product.md#messages's toasts: 'User Invited !' and 'Could not invite the user'
 * (followed by ': <server message>' when the status is 400; 409 already member / invited also
 * shows the server's message).
 */

/** The roles a partner invites. */
export type InviteRole = Schema<'InviteRole'>;

/** The body of `POST /users/invite`: the address and the role. */
export type InviteRequest = Schema<'InviteRequest'>;

/** What the screen uses of the answer: the invitation's id, address, role, status and expiry (ISO instant). */
export type SentInvitation = Pick<Schema<'Invitation'>, 'id' | 'email' | 'role' | 'status' | 'expiresAt'>;

export interface InvitationContext {
  request: InviteRequest | null;
  result: SentInvitation | null;
  error: Failure<'invite.failed'> | null;
  /** Server field errors (e.g. `email`): field → message. */
  fieldErrors: Record<string, string>;
}

export type InvitationEvent = { type: 'invite.submitted'; request: InviteRequest } | { type: 'invite.reset' };

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /users/invite. Rejects with an `ApiError` (400, 403, 409). */
    sendInvitation: notProvided<SentInvitation, InviteRequest>(
      'invitation',
      'sendInvitation',
      'createInvitationActors',
    ),
  },
  actions: {
    assignRequest: assign((_, params: InviteRequest) => ({ request: params, error: null, fieldErrors: {} })),
    assignResult: assign((_, params: SentInvitation) => ({ result: params })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('invite.failed', params.error),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    clear: assign({ request: null, result: null, error: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'invitation',
  initial: 'editing',
  context: { request: null, result: null, error: null, fieldErrors: {} },
  states: {
    editing: {
      on: {
        'invite.submitted': {
          target: 'sending',
          actions: { type: 'assignRequest', params: ({ event }) => event.request },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendInvitation',
        src: 'sendInvitation',
        input: ({ context }) => context.request!,
        onDone: { target: 'sent', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      on: {
        'invite.submitted': {
          target: 'sending',
          actions: { type: 'assignRequest', params: ({ event }) => event.request },
        },
        'invite.reset': { target: 'editing', actions: 'clear' },
      },
    },
    failed: {
      on: {
        'invite.submitted': {
          target: 'sending',
          actions: { type: 'assignRequest', params: ({ event }) => event.request },
        },
        'invite.reset': { target: 'editing', actions: 'clear' },
      },
    },
  },
});
