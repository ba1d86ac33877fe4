import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { ConfirmedEntry, JoinRequest, JoinResult } from './waitlist.machine';
import { pick } from './support/contract';

/**
 * The waitlist machine's actors over the generated client:
 * - `joinWaitlist`: `POST /courses/{id}/waitlist {email, language}`; 200/201 → on the list
 *   (`kind: 'entry'`), 202 → a guest's confirmation link was mailed (`kind: 'pending'`);
 * - `confirmWaitlist`: `POST /waitlist/confirm/{token}`.
 * Both reject with an `ApiError` (`status`, `serverMessage`, `fieldErrors`) or the network error.
 *
 *   useMachine(waitlistMachine.provide({ actors: createWaitlistActors(api) }), { input: { courseId } })
 */
export function createWaitlistActors(api: Api) {
  return {
    joinWaitlist: fromPromise<JoinResult, JoinRequest>(async ({ input }) => {
      const answer = await api.POST('/courses/{id}/waitlist', {
        params: { path: { id: input.courseId } },
        body: { email: input.email, language: input.language },
      });
      // 200 and 201 carry the entry, 202 an acknowledgement (a guest's link was mailed).
      const data = unwrap<{ email?: string; message?: string }>(
        answer as { data?: { data: { email?: string; message?: string } }; error?: unknown; response: Response },
      );
      if (answer.response.status === 202 || data.email === undefined) return { kind: 'pending', email: input.email };
      return { kind: 'entry', created: answer.response.status === 201, email: data.email };
    }),
    confirmWaitlist: fromPromise<ConfirmedEntry, { token: string }>(async ({ input }) => {
      const data = unwrap(await api.POST('/waitlist/confirm/{token}', { params: { path: { token: input.token } } }));
      return pick(data, ['courseId', 'courseTitle', 'email']);
    }),
  };
}
