import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import type { SignInResult } from './auth.machine';

/**
 * Learner sign-up (spec §5, §7: `POST /auth/signup`, multipart of the non-empty fields). Pure: the
 * call is the `signUp` actor of `signup.actors.ts`. The form validates on the client before it
 * sends `signup.submitted`; the server's answer decides:
 *
 *   editing ─signup.submitted─▶ submitting ─▶ succeeded (final: the UI hands the result to the auth
 *                                   │            actor with `auth.signedUp`)
 *                                   └─ error ─▶ failed (field errors + message) ─signup.submitted─▶ submitting
 */

/** The sign-up form (learner): every value a trimmed string; empty ones are not sent. */
export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface SignUpFailure {
  code: 'signup.failed';
  /** The server's message, when it sent one. */
  message?: string;
  /** HTTP status (0 = no answer). */
  status?: number;
}

export interface SignUpContext {
  /** Server field errors (normalised, spec §5): field → message. */
  fieldErrors: Record<string, string>;
  error: SignUpFailure | null;
  result: SignInResult | null;
}

export type SignUpEvent = { type: 'signup.submitted'; form: SignUpFields };

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    tags: {} as 'loading',
    output: {} as SignInResult | null,
  },
  actors: {
    /** POST /auth/signup (multipart). Rejects with `{ status, serverMessage, fieldErrors }`. */
    signUp: notProvided<SignInResult, SignUpFields>('signup', 'signUp', 'createSignUpActors'),
  },
  actions: {
    assignResult: assign((_, params: SignInResult) => ({ result: params, error: null, fieldErrors: {} })),
    assignFailure: assign((_, params: { error: unknown }) => {
      const e = (params.error && typeof params.error === 'object' ? params.error : {}) as {
        status?: unknown;
        serverMessage?: unknown;
        fieldErrors?: unknown;
      };
      const fieldErrors =
        e.fieldErrors && typeof e.fieldErrors === 'object' ? { ...(e.fieldErrors as Record<string, string>) } : {};
      return {
        fieldErrors,
        error: {
          code: 'signup.failed' as const,
          ...(typeof e.status === 'number' ? { status: e.status } : {}),
          ...(typeof e.serverMessage === 'string' && e.serverMessage ? { message: e.serverMessage } : {}),
        },
      };
    }),
    clearFailure: assign({ fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'signup',
  initial: 'editing',
  context: { fieldErrors: {}, error: null, result: null },
  output: ({ context }) => context.result,
  states: {
    editing: {
      on: { 'signup.submitted': { target: 'submitting' } },
    },
    submitting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => {
          assertEvent(event, 'signup.submitted');
          return event.form;
        },
        onDone: { target: 'succeeded', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'signup.submitted': { target: 'submitting' } },
    },
    succeeded: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
