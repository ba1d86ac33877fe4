import { assertEvent, assign, emit, setup } from 'xstate';
import { fieldErrorsOf, messageOf, statusOf } from './support/errors';
import { notProvided } from './support/actors';
import type { SignInResult } from './auth.machine';
import { captchaEvents, captchaRefused, signUpSettled, withSolvedCaptcha, withSpentCaptcha } from './support/captcha';

/**
 * Company sign-up (product.md#validation "partner sign-up", #calls `POST /auth/signup/company?g-recaptcha-response`):
 * the company (name, acronym, language, address) and its partner's account in one call. Pure: the
 * call is the `signUpCompany` actor of `company-signup.actors.ts`. The account starts PENDING
 * until an admin approves it (the company with it).
 *
 *   form.editing ⇄ (captcha.solved, captcha.reset)
 *     ─company.submitted [captcha solved]─▶ submitting ─▶ succeeded (final: the UI signs the partner in)
 *     ─company.submitted (no captcha)─▶ form.editing with `captcha.required`
 *   submitting ─error─▶ form.failed (field errors by form path, message; a new captcha is needed)
 */

/** The company sign-up form, trimmed; empty optional fields are left out. */
export interface CompanySignUpFields {
  company: {
    name: string;
    acronym: string;
    language: 'en' | 'ar';
    address: { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };
  };
  account: { firstName: string; lastName: string; email: string; password: string; language: 'en' | 'ar' };
}

export interface CompanySignUpFailure {
  /** `signup.failed` the server refused; `captcha.required` sent unsolved; `captcha.refused` the server refused the captcha. */
  code: 'signup.failed' | 'captcha.required' | 'captcha.refused';
  message?: string;
  status?: number;
}

export interface CompanySignUpContext {
  captcha: string | null;
  captchaRound: number;
  /** Server field errors by the contract's paths (`account.email`, `company.acronym`…). */
  fieldErrors: Record<string, string>;
  error: CompanySignUpFailure | null;
  result: SignInResult | null;
}

export type CompanySignUpEvent =
  | { type: 'company.submitted'; form: CompanySignUpFields }
  | { type: 'captcha.solved'; payload: string }
  | { type: 'captcha.reset' };

export const companySignUpMachine = setup({
  types: {
    context: {} as CompanySignUpContext,
    events: {} as CompanySignUpEvent,
    tags: {} as 'loading',
    output: {} as SignInResult | null,
    /** The new partner's sign-in, for the screen to hand to the auth actor and to announce (product.md#messages). */
    emitted: {} as { type: 'company.signedUp'; result: SignInResult },
  },
  actors: {
    /** POST /auth/signup/company. Rejects with `{ status, serverMessage, fieldErrors }`. */
    signUpCompany: notProvided<SignInResult, { form: CompanySignUpFields; captcha: string }>(
      'company-signup',
      'signUpCompany',
      'createCompanySignUpActors',
    ),
  },
  guards: {
    captchaSolved: ({ context }) => context.captcha !== null,
  },
  actions: {
    // A solved captcha answers a captcha problem; a server refusal stays shown until the next try.
    assignCaptcha: assign(({ context }, params: { payload: string }) =>
      withSolvedCaptcha(context.error, params.payload),
    ),
    clearCaptcha: assign({ captcha: null }),
    flagCaptchaMissing: assign({ error: { code: 'captcha.required' as const }, fieldErrors: {} }),
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = fieldErrorsOf(params.error);
      const status = statusOf(params.error);
      const message = messageOf(params.error);
      return {
        fieldErrors,
        ...withSpentCaptcha(context.captchaRound),
        error: {
          code: captchaRefused(fieldErrors) ? ('captcha.refused' as const) : ('signup.failed' as const),
          ...(status !== undefined ? { status } : {}),
          ...(message ? { message } : {}),
        },
      };
    }),
    clearFailure: assign({ fieldErrors: {}, error: null }),
    assignResult: assign((_, params: SignInResult) => ({ result: params, error: null, fieldErrors: {} })),
    emitSignedUp: emit(({ context }) => ({ type: 'company.signedUp' as const, result: context.result! })),
  },
}).createMachine({
  id: 'companySignup',
  initial: 'form',
  context: { captcha: null, captchaRound: 0, fieldErrors: {}, error: null, result: null },
  output: ({ context }) => context.result,
  states: {
    form: {
      initial: 'editing',
      on: {
        ...captchaEvents,
        'company.submitted': [
          { guard: 'captchaSolved', target: 'submitting' },
          { target: '.editing', actions: 'flagCaptchaMissing' },
        ],
      },
      states: { editing: {}, failed: {} },
    },
    submitting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'signUpCompany',
        src: 'signUpCompany',
        input: ({ context, event }) => {
          assertEvent(event, 'company.submitted');
          return { form: event.form, captcha: context.captcha! };
        },
        ...signUpSettled<SignInResult>(),
      },
    },
    succeeded: { type: 'final', entry: 'emitSignedUp' },
  },
});
