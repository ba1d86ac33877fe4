import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { InviteRequest, SentInvitation } from './invitation.machine';
import { pick } from './support/contract';

/**
 * The invitation machine's actor over the generated client: `POST /users/invite {email, role,
 * companyId?}` (`companyId`: the company an admin chose; a partner's is their own).
 * Rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`) or the network error.
 *
 *   useMachine(invitationMachine.provide({ actors: createInvitationActors(api) }))
 */
export function createInvitationActors(api: Api) {
  return {
    sendInvitation: fromPromise<SentInvitation, InviteRequest>(async ({ input }) => {
      const inv = unwrap(
        await api.POST('/users/invite', {
          body: {
            email: input.email.trim(),
            role: input.role,
            ...(input.companyId !== undefined ? { companyId: input.companyId } : {}),
          },
        }),
      );
      return pick(inv, ['id', 'email', 'role', 'status', 'expiresAt']);
    }),
  };
}
