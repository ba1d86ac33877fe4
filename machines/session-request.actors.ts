import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { RequestedSession, SessionRequestBody } from './session-request.machine';

/**
 * `POST /sessions` (SessionRequest → the new PENDING session). Rejects with an `ApiError`
 * (`status`, `serverMessage`, `fieldErrors`) on an error answer, or with the network error.
 */
export async function postSessionRequest(api: Api, body: SessionRequestBody): Promise<RequestedSession> {
  const session = unwrap(await api.POST('/sessions', { body }));
  return { id: session.id, courseId: session.courseId, status: session.status };
}

/**
 * The session-request machine's actor over the generated client:
 *
 *   useMachine(sessionRequestMachine.provide({ actors: createSessionRequestActors(api) }))
 */
export function createSessionRequestActors(api: Api) {
  return {
    requestSession: fromPromise<RequestedSession, SessionRequestBody>(({ input }) => postSessionRequest(api, input)),
  };
}
