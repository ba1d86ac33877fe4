import { assertEvent, assign, emit, setup } from 'xstate';
import { fieldErrorsOf, messageOf, statusOf } from './support/errors';
import { notProvided } from './support/actors';
import type { SignInResult } from './auth.machine';
import { captchaEvents, captchaRefused, signUpSettled, withSolvedCaptcha, withSpentCaptcha } from './support/captcha';
import type { Schema } from './support/contract';

/**
 * Sign-up of a person (product.md#validation, #calls: `POST /auth/signup?g-recaptcha-response=…`, multipart of the
 * non-empty fields), as a learner or an educator, or by an invitation link. Pure: the calls are
 * the `signUp` and `getInvitation` actors of `signup.actors.ts`.
 *
 *   (input.invitationToken) loadingInvitation ─done [usable]─▶ form (role and e-mail fixed by the invitation)
 *                                      │ └─ done (accepted/expired) | error ─▶ invitationUnusable ─invitation.dismissed─▶ form
 *   form.editing ⇄ (signup.roleChosen, captcha.solved, captcha.reset)
 *     ─signup.submitted [captcha solved]─▶ submitting ─▶ succeeded (final: the UI hands the result to the auth actor)
 *     ─signup.submitted (no captcha)─▶ form.editing with the `captcha.required` failure
 *   submitting ─error─▶ form.failed (field errors + message; the captcha was spent: it is cleared and
 *                       `captchaRound` grows so the widget starts again)
 */

/** The sign-up form: every value a trimmed string; empty ones are not sent. */
export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** The role a person signs up with: an educator waits for an admin's approval (PENDING). */
export type SignUpRole = NonNullable<Schema<'SignUpForm'>['role']>;

/** What the invitation link says: the address and role invited, the company, the status and whether they have an account. */
export type InvitationPreview = Schema<'InvitationPreview'>;

/** What the `signUp` actor sends. */
export interface SignUpRequest {
  form: SignUpFields;
  role: SignUpRole;
  /** The solved captcha (base64 ALTCHA payload), sent as `g-recaptcha-response`. */
  captcha: string;
  /** Interface language, for the account's mails. */
  language: 'en' | 'ar';
  invitationToken: string | null;
}

export interface SignUpFailure {
  /**
   * `signup.failed` the server refused (its message and field errors); `captcha.required` the form
   * was sent before the captcha was solved; `captcha.refused` the server refused the captcha;
   * `invitation.expired` (410) / `invitation.used` (409) / `invitation.invalid` (404) the
   * invitation link cannot be used.
   */
  code:
    | 'signup.failed'
    | 'captcha.required'
    | 'captcha.refused'
    | 'invitation.expired'
    | 'invitation.used'
    | 'invitation.invalid'
    | 'invitation.unavailable';
  /** The server's message, when it sent one. */
  message?: string;
  /** HTTP status (0 = no answer). */
  status?: number;
}

export interface SignUpContext {
  invitationToken: string | null;
  invitation: InvitationPreview | null;
  role: SignUpRole;
  /** The solved captcha payload, or null while unsolved (or spent). */
  captcha: string | null;
  /** Grows each time the captcha must be solved again (the widget is rebuilt for it). */
  captchaRound: number;
  /** Server field errors (normalised, product.md#validation): field → message. */
  fieldErrors: Record<string, string>;
  error: SignUpFailure | null;
  result: SignInResult | null;
}

export type SignUpEvent =
  | { type: 'signup.submitted'; form: SignUpFields; language: 'en' | 'ar' }
  | { type: 'signup.roleChosen'; role: SignUpRole }
  | { type: 'captcha.solved'; payload: string }
  | { type: 'captcha.reset' }
  | { type: 'invitation.dismissed' };

/** The sign-up's output: the sign-in result and the role it was made with (null when it did not finish). */
export interface SignUpOutput {
  result: SignInResult;
  role: SignUpRole | InvitationPreview['role'];
  /** True when the account waits for an admin (an educator who signed up without invitation). */
  pending: boolean;
}

/** The failure code of a refused sign-up, from the HTTP status and the field errors. */
function failureCode(
  status: number | undefined,
  fieldErrors: Record<string, string>,
  invited: boolean,
): SignUpFailure['code'] {
  if (captchaRefused(fieldErrors)) return 'captcha.refused';
  if (invited && status === 410) return 'invitation.expired';
  if (invited && status === 404) return 'invitation.invalid';
  if (invited && status === 409 && Object.keys(fieldErrors).length === 0) return 'invitation.used';
  return 'signup.failed';
}

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { invitationToken?: string | null } | undefined,
    tags: {} as 'loading',
    output: {} as SignUpOutput | null,
    /** The new account, for the screen to hand to the auth actor and to greet (product.md#messages). */
    emitted: {} as { type: 'signup.succeeded'; result: SignInResult },
  },
  actors: {
    /** POST /auth/signup (multipart). Rejects with `{ status, serverMessage, fieldErrors }`. */
    signUp: notProvided<SignInResult, SignUpRequest>('signup', 'signUp', 'createSignUpActors'),
    /** GET /invitations/{token}. Rejects with `{ status }` (404 for a token that does not verify). */
    getInvitation: notProvided<InvitationPreview, string>('signup', 'getInvitation', 'createSignUpActors'),
  },
  guards: {
    hasInvitation: ({ context }) => context.invitationToken !== null,
    invitationUsable: (_, params: { invitation: InvitationPreview }) => params.invitation.status === 'PENDING',
    captchaSolved: ({ context }) => context.captcha !== null,
    notInvited: ({ context }) => context.invitation === null,
  },
  actions: {
    assignInvitation: assign((_, params: { invitation: InvitationPreview }) => ({
      invitation: params.invitation,
      role: params.invitation.role === 'EDUCATOR' ? ('EDUCATOR' as const) : ('LEARNER' as const),
    })),
    assignInvitationProblem: assign((_, params: { invitation: InvitationPreview | null; error: unknown }) => {
      const status = params.invitation ? undefined : statusOf(params.error);
      const code: SignUpFailure['code'] =
        params.invitation?.status === 'ACCEPTED'
          ? 'invitation.used'
          : params.invitation?.status === 'EXPIRED'
            ? 'invitation.expired'
            : params.invitation || status === 404 || status === 400
              ? 'invitation.invalid'
              : 'invitation.unavailable';
      return { invitation: null, error: { code, ...(status !== undefined ? { status } : {}) } };
    }),
    dropInvitation: assign({ invitationToken: null, invitation: null, error: null }),
    assignRole: assign((_, params: { role: SignUpRole }) => ({ role: params.role })),
    // A solved captcha answers a captcha problem; a server refusal stays shown until the next try.
    assignCaptcha: assign(({ context }, params: { payload: string }) =>
      withSolvedCaptcha(context.error, params.payload),
    ),
    clearCaptcha: assign({ captcha: null }),
    flagCaptchaMissing: assign({ error: { code: 'captcha.required' as const }, fieldErrors: {} }),
    assignResult: assign((_, params: SignInResult) => ({ result: params, error: null, fieldErrors: {} })),
    emitSucceeded: emit(({ context }) => ({ type: 'signup.succeeded' as const, result: context.result! })),
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = fieldErrorsOf(params.error);
      const status = statusOf(params.error);
      const message = messageOf(params.error);
      const code = failureCode(status, fieldErrors, context.invitationToken !== null);
      return {
        fieldErrors,
        // The captcha was spent by the server (or refused): a new one is needed.
        ...withSpentCaptcha(context.captchaRound),
        error: { code, ...(status !== undefined ? { status } : {}), ...(message ? { message } : {}) },
      };
    }),
    clearFailure: assign({ fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'signup',
  initial: 'starting',
  context: ({ input }) => ({
    invitationToken: input?.invitationToken ?? null,
    invitation: null,
    role: 'LEARNER',
    captcha: null,
    captchaRound: 0,
    fieldErrors: {},
    error: null,
    result: null,
  }),
  output: ({ context }) =>
    context.result
      ? {
          result: context.result,
          role: context.invitation?.role ?? context.role,
          pending: context.invitation === null && context.role === 'EDUCATOR',
        }
      : null,
  states: {
    starting: {
      always: [{ guard: 'hasInvitation', target: 'loadingInvitation' }, { target: 'form' }],
    },
    loadingInvitation: {
      tags: ['loading'],
      invoke: {
        id: 'getInvitation',
        src: 'getInvitation',
        input: ({ context }) => context.invitationToken!,
        onDone: [
          {
            guard: { type: 'invitationUsable', params: ({ event }) => ({ invitation: event.output }) },
            target: 'form',
            actions: { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) },
          },
          {
            target: 'invitationUnusable',
            actions: {
              type: 'assignInvitationProblem',
              params: ({ event }) => ({ invitation: event.output, error: null }),
            },
          },
        ],
        onError: {
          target: 'invitationUnusable',
          actions: {
            type: 'assignInvitationProblem',
            params: ({ event }) => ({ invitation: null, error: event.error }),
          },
        },
      },
    },
    invitationUnusable: {
      on: { 'invitation.dismissed': { target: 'form', actions: 'dropInvitation' } },
    },
    form: {
      initial: 'editing',
      on: {
        'signup.roleChosen': {
          guard: 'notInvited',
          actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) },
        },
        ...captchaEvents,
        'signup.submitted': [
          { guard: 'captchaSolved', target: 'submitting' },
          { target: '.editing', actions: 'flagCaptchaMissing' },
        ],
      },
      states: {
        editing: {},
        failed: {},
      },
    },
    submitting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context, event }) => {
          assertEvent(event, 'signup.submitted');
          return {
            form: event.form,
            role: context.role,
            captcha: context.captcha!,
            language: event.language,
            invitationToken: context.invitationToken,
          };
        },
        ...signUpSettled<SignInResult>(),
      },
    },
    succeeded: { type: 'final', entry: 'emitSucceeded' },
  },
});
