import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { RequestedSession, SessionRequestBody } from './session-request.machine';
import { pick } from './support/contract';

/**
 * `POST /sessions` (SessionRequest → the new PENDING session). Rejects with an `ApiError`
 * (`status`, `serverMessage`, `fieldErrors`) on an error answer, or with the network error.
 */
export async function postSessionRequest(api: Api, body: SessionRequestBody): Promise<RequestedSession> {
  return pick(unwrap(await api.POST('/sessions', { body })), ['id', 'courseId', 'status']);
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
