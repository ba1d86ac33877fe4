import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { SignInResult } from './auth.machine';
import type { CompanySignUpFields } from './company-signup.machine';

/**
 * The company sign-up machine's actor: `POST /auth/signup/company?g-recaptcha-response=<captcha>`
 * with `{company{name, acronym, language, address}, account{firstName, lastName, email, password,
 * language}}` (product.md#calls). Resolves with the sign-in result of the PENDING partner; rejects with an
 * `ApiError` (400 field errors or a refused captcha, 409 e-mail or acronym taken, 429…) or the
 * network error.
 */
export function createCompanySignUpActors(api: Api) {
  return {
    signUpCompany: fromPromise<SignInResult, { form: CompanySignUpFields; captcha: string }>(async ({ input }) => {
      const data = unwrap(
        await api.POST('/auth/signup/company', {
          params: { query: { 'g-recaptcha-response': input.captcha } },
          body: input.form,
        }),
      );
      const { id, email, name, role } = data.user;
      return { token: data.token, expiresAt: data.expiresAt, user: { id, email, name, role } };
    }),
  };
}
