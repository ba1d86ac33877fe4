import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { CertificateDecision, CertificateReview, CertificateRule } from './certificate-issuing.machine';

/**
 * The issuing machine's actors over the generated client (GET/POST /sessions/{id}/certificates,
 * PUT /sessions/{id}/certificates/rule); each rejects with an `ApiError` or the network error:
 *
 *   useMachine(certificateIssuingMachine.provide({ actors: createCertificateIssuingActors(api) }), { input })
 */
export function createCertificateIssuingActors(api: Api) {
  const path = (sessionId: number) => ({ params: { path: { id: sessionId } } });
  return {
    load: fromPromise<CertificateReview, { sessionId: number }>(async ({ input }) =>
      unwrap(await api.GET('/sessions/{id}/certificates', path(input.sessionId))),
    ),
    saveRule: fromPromise<CertificateReview, { sessionId: number; rule: CertificateRule }>(async ({ input }) =>
      unwrap(await api.PUT('/sessions/{id}/certificates/rule', { ...path(input.sessionId), body: input.rule })),
    ),
    issue: fromPromise<CertificateReview, { sessionId: number; decisions: CertificateDecision[] }>(async ({ input }) =>
      unwrap(
        await api.POST('/sessions/{id}/certificates', {
          ...path(input.sessionId),
          body: { decisions: input.decisions },
        }),
      ),
    ),
  };
}
