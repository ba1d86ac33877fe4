import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { SignInResult } from './auth.machine';
import type { InvitationPreview, SignUpRequest } from './signup.machine';
import { toSignInResult } from './auth.actors';

/**
 * The sign-up machine's actors.
 * - `signUp`: `POST /auth/signup?g-recaptcha-response=<captcha>` as multipart/form-data of the
 *   non-empty fields (product.md#validation, #calls): names, e-mail, password, role, language and the invitation
 *   token. Resolves with the sign-in result; rejects with an `ApiError` (400 field errors or a
 *   refused captcha, 409 e-mail taken or invitation used, 410 invitation expired, 429…) or the
 *   network error.
 * - `getInvitation`: `GET /invitations/{token}`; rejects with an `ApiError` (404: the link does not verify).
 */
export function createSignUpActors(api: Api) {
  return {
    signUp: fromPromise<SignInResult, SignUpRequest>(async ({ input }) => {
      const result = await api.POST('/auth/signup', {
        params: { query: { 'g-recaptcha-response': input.captcha } },
        body: {
          ...input.form,
          role: input.role,
          language: input.language,
          ...(input.invitationToken ? { invitationToken: input.invitationToken } : {}),
        },
        bodySerializer: (body) => {
          const form = new FormData();
          for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
            if (typeof value === 'string' && value.trim() !== '') form.append(key, value);
          }
          return form;
        },
      });
      return toSignInResult(unwrap(result));
    }),
    getInvitation: fromPromise<InvitationPreview, string>(async ({ input }) =>
      unwrap(await api.GET('/invitations/{token}', { params: { path: { token: input } } })),
    ),
  };
}
