import { assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, failureOf, fieldErrorsOf } from './support/errors';
import type { Schema } from './support/contract';

/**
 * The password workflows (product.md#screens, #validation, #calls, #messages), three small statecharts. Pure: the
 * calls are actors of `password.actors.ts`; what a failure *says* stays in the UI (codes here).
 *
 * Forgot password (`POST /account/reset-password/request`), always the same answer:
 *
 *   idle ─forgot.submitted─▶ sending ─▶ sent ─forgot.restart─▶ idle
 *                               └─ error ─▶ failed (429: wait) ─forgot.submitted─▶ sending
 *
 * Reset password (`POST /account/reset-password` with the mailed email + token):
 *
 *   editing ─reset.submitted─▶ submitting ─▶ done (final: `resetDone` toasts and goes to /, product.md#screens)
 *                                  ├─ 422 token used ─▶ used       (final: ask for a new link)
 *                                  ├─ 422 token expired ─▶ expired (final)
 *                                  ├─ 422 token unknown ─▶ invalid (final)
 *                                  └─ else ─▶ failed (field errors, 429…) ─reset.submitted─▶ submitting
 *
 * Change password (`PUT /account/password`), the server ends the other sign-ins:
 *
 *   idle ─change.submitted─▶ changing ─▶ changed (`passwordChanged` hands the fresh token to the
 *                               │           auth actor, toasts 'password changed !')
 *                               └─ error ─▶ failed (wrong current password: the server's message)
 *   changed | failed ─change.submitted─▶ changing
 */

// ── Forgot password ──────────────────────────────────────────────────────────

export type ForgotFailure = Failure<'forgot.failed'>;

export interface ForgotContext {
  /** The address the last request was sent for. */
  email: string | null;
  error: ForgotFailure | null;
}

export type ForgotEvent =
  | { type: 'forgot.submitted'; email: string; language: 'en' | 'ar' }
  /** Back to the form (to send for another address). */
  | { type: 'forgot.restart' };

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotContext, events: {} as ForgotEvent, tags: {} as 'busy' },
  actors: {
    /** POST /account/reset-password/request. Rejects with an `ApiError` (400, 429 with `retryAfter`…) or a network error. */
    requestReset: notProvided<void, { email: string; language: 'en' | 'ar' }>(
      'password',
      'requestReset',
      'createPasswordActors',
    ),
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email, error: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({ error: failureOf('forgot.failed', params.error) })),
    clear: assign({ email: null, error: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'idle',
  context: { email: null, error: null },
  states: {
    idle: {
      on: {
        'forgot.submitted': {
          target: 'sending',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context, event }) => ({
          email: context.email!,
          language: event.type === 'forgot.submitted' ? event.language : 'en',
        }),
        onDone: { target: 'sent' },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      on: { 'forgot.restart': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      on: {
        'forgot.submitted': {
          target: 'sending',
          actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
  },
});

// ── Reset password ───────────────────────────────────────────────────────────

export type ResetFailure = Failure<'reset.failed'>;

/** Why the server refused the link: the field error it answers on `token` (422). */
export type TokenProblem = 'used' | 'expired' | 'invalid';

export interface ResetContext {
  /** From the mailed link (`/reset-password?email=&token=`). */
  email: string;
  token: string;
  /** Server field errors (`password`, `confirmPassword`). */
  fieldErrors: Record<string, string>;
  error: ResetFailure | null;
}

export type ResetEvent = { type: 'reset.submitted'; password: string; confirmPassword: string };

/** The link problem a reset failure names (422 with a field error on `token`), else null. */
export function tokenProblemOf(error: unknown): TokenProblem | null {
  const problem = fieldErrorsOf(error).token;
  return problem === 'used' || problem === 'expired' || problem === 'invalid' ? problem : null;
}

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as { email: string; token: string },
    tags: {} as 'busy',
  },
  actors: {
    /** POST /account/reset-password. Rejects with an `ApiError` (400 fields, 422 token, 429…) or a network error. */
    resetPassword: notProvided<void, { email: string; token: string; password: string; confirmPassword: string }>(
      'password',
      'resetPassword',
      'createPasswordActors',
    ),
  },
  actions: {
    /** Success effects (toast 'Your password has been reset, you can now login!', go to /), provided by the screen. */
    resetDone: () => {},
    clearErrors: assign({ fieldErrors: {}, error: null }),
    assignFailure: assign((_, params: { error: unknown }) => ({
      fieldErrors: fieldErrorsOf(params.error),
      error: failureOf('reset.failed', params.error),
    })),
  },
  guards: {
    linkIs: (_, params: { error: unknown; problem: TokenProblem }) => tokenProblemOf(params.error) === params.problem,
  },
}).createMachine({
  id: 'resetPassword',
  initial: 'editing',
  context: ({ input }) => ({ email: input.email, token: input.token, fieldErrors: {}, error: null }),
  states: {
    editing: {
      on: { 'reset.submitted': { target: 'submitting', actions: 'clearErrors' } },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => ({
          email: context.email,
          token: context.token,
          password: event.type === 'reset.submitted' ? event.password : '',
          confirmPassword: event.type === 'reset.submitted' ? event.confirmPassword : '',
        }),
        onDone: { target: 'done', actions: 'resetDone' },
        onError: [
          {
            guard: { type: 'linkIs', params: ({ event }) => ({ error: event.error, problem: 'used' }) },
            target: 'used',
          },
          {
            guard: { type: 'linkIs', params: ({ event }) => ({ error: event.error, problem: 'expired' }) },
            target: 'expired',
          },
          {
            guard: { type: 'linkIs', params: ({ event }) => ({ error: event.error, problem: 'invalid' }) },
            target: 'invalid',
          },
          { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: { 'reset.submitted': { target: 'submitting', actions: 'clearErrors' } },
    },
    done: { type: 'final' },
    /** The link was used already: ask for a new one. */
    used: { type: 'final' },
    /** The link is older than one hour. */
    expired: { type: 'final' },
    /** Not a link the server sent (mistyped, or for another address). */
    invalid: { type: 'final' },
  },
});

// ── Change password ──────────────────────────────────────────────────────────

export type ChangeFailure = Failure<'change.failed'>;

/** What `PUT /account/password` answers: the message and the caller's fresh token with its expiry. */
export type PasswordChanged = Schema<'PasswordChanged'>;

export interface ChangeContext {
  fieldErrors: Record<string, string>;
  error: ChangeFailure | null;
}

export type ChangeEvent = { type: 'change.submitted'; oldPassword: string; newPassword: string };

export const changePasswordMachine = setup({
  types: { context: {} as ChangeContext, events: {} as ChangeEvent, tags: {} as 'busy' },
  actors: {
    /** PUT /account/password. Rejects with an `ApiError` (400 wrong current password or weak new one, 429…) or a network error. */
    changePassword: notProvided<PasswordChanged, { oldPassword: string; newPassword: string }>(
      'password',
      'changePassword',
      'createPasswordActors',
    ),
  },
  actions: {
    /** Success effects: hand the new token to the auth actor (`auth.tokenReplaced`), toast; provided by the screen. */
    passwordChanged: (_, _params: PasswordChanged) => {},
    clearErrors: assign({ fieldErrors: {}, error: null }),
    assignFailure: assign((_, params: { error: unknown }) => ({
      fieldErrors: fieldErrorsOf(params.error),
      error: failureOf('change.failed', params.error),
    })),
  },
}).createMachine({
  id: 'changePassword',
  initial: 'idle',
  context: { fieldErrors: {}, error: null },
  states: {
    idle: {
      on: { 'change.submitted': { target: 'changing', actions: 'clearErrors' } },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => ({
          oldPassword: event.type === 'change.submitted' ? event.oldPassword : '',
          newPassword: event.type === 'change.submitted' ? event.newPassword : '',
        }),
        onDone: { target: 'changed', actions: { type: 'passwordChanged', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    changed: {
      on: { 'change.submitted': { target: 'changing', actions: 'clearErrors' } },
    },
    failed: {
      on: { 'change.submitted': { target: 'changing', actions: 'clearErrors' } },
    },
  },
});
