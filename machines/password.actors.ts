import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { PasswordChanged } from './password.machine';

/**
 * The password machines' actors over the generated client:
 *
 *   useMachine(resetPasswordMachine.provide({ actors: createPasswordActors(api), actions: { resetDone } }), { input })
 *
 * Each resolves on a 2xx and rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`,
 * `retryAfter` for 429) on an error answer, or with the network error.
 */
export function createPasswordActors(api: Api) {
  return {
    /** POST /account/reset-password/request (202, same answer for any address). */
    requestReset: fromPromise<void, { email: string; language: 'en' | 'ar' }>(async ({ input }) => {
      unwrap(await api.POST('/account/reset-password/request', { body: input }));
    }),
    /** POST /account/reset-password. */
    resetPassword: fromPromise<void, { email: string; token: string; password: string; confirmPassword: string }>(
      async ({ input }) => {
        unwrap(await api.POST('/account/reset-password', { body: input }));
      },
    ),
    /** PUT /account/password: answers the caller's fresh token (the other sign-ins end). */
    changePassword: fromPromise<PasswordChanged, { oldPassword: string; newPassword: string }>(async ({ input }) =>
      unwrap(await api.PUT('/account/password', { body: input })),
    ),
  };
}
