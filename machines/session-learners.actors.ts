import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';

/**
 * The session-learners machine's actors over the generated client:
 * - sendMail: `POST /mail/send {message, userIdsTo}` → `{recipients}` (e-mails queued, 202);
 * - resetContent: `PUT /sessions/{id}/content` with `[]` (the session gets a copy of its course's
 *   syllabus).
 * Each rejects with an `ApiError` (`status`, `serverMessage`) or the network error.
 */
export function createSessionLearnersActors(api: Api) {
  return {
    sendMail: fromPromise<{ recipients: number }, { message: string; userIdsTo: number[] }>(async ({ input }) =>
      unwrap(await api.POST('/mail/send', { body: { message: input.message, userIdsTo: input.userIdsTo } })),
    ),
    resetContent: fromPromise<unknown, { sessionId: number }>(async ({ input }) =>
      unwrap(await api.PUT('/sessions/{id}/content', { params: { path: { id: input.sessionId } }, body: [] })),
    ),
  };
}
