import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { SignInResult } from './auth.machine';
import type { SignUpFields } from './signup.machine';

/**
 * The sign-up machine's actor: `POST /auth/signup` as multipart/form-data of the non-empty fields
 * (spec §5, §7), role LEARNER. Resolves with the sign-in result (token, expiry, user); rejects with
 * an `ApiError` (400 field errors, 409 e-mail taken, 429…) or the network error.
 */
export function createSignUpActors(api: Api) {
  return {
    signUp: fromPromise<SignInResult, SignUpFields>(async ({ input }) => {
      const result = await api.POST('/auth/signup', {
        body: { ...input, role: 'LEARNER' },
        bodySerializer: (body) => {
          const form = new FormData();
          for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
            if (typeof value === 'string' && value.trim() !== '') form.append(key, value);
          }
          return form;
        },
      });
      const data = unwrap(result);
      const { id, email, name, role } = data.user;
      return { token: data.token, expiresAt: data.expiresAt, user: { id, email, name, role } };
    }),
  };
}
