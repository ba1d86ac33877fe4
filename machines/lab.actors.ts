import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { CodeDraft, CodeRun, LabCodeInput, Submission } from './lab.machine';

/**
 * The lab machine's actors over the generated client (docs/classroom.md "Labs"):
 * - loadDraft: `GET /assignments/{id}/draft?sessionId` → the learner's draft, or null;
 * - saveDraft: `PUT /assignments/{id}/draft {sessionId, code}` → the saved draft;
 * - runCode: `POST /assignments/{id}/run {sessionId, code}` → the visible tests' results;
 * - submitCode: `POST /assignments/{id}/code {sessionId, code}` → the graded submission.
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `retryAfter` for a 429) or the network error.
 */
export function createLabActors(api: Api) {
  return {
    loadDraft: fromPromise<CodeDraft | null, { lessonId: number; sessionId: number }>(async ({ input }) =>
      unwrap(
        await api.GET('/assignments/{id}/draft', {
          params: { path: { id: input.lessonId }, query: { sessionId: input.sessionId } },
        }),
      ),
    ),
    saveDraft: fromPromise<CodeDraft, LabCodeInput>(async ({ input }) =>
      unwrap(
        await api.PUT('/assignments/{id}/draft', {
          params: { path: { id: input.lessonId } },
          body: { sessionId: input.sessionId, code: input.code },
        }),
      ),
    ),
    runCode: fromPromise<CodeRun, LabCodeInput>(async ({ input }) =>
      unwrap(
        await api.POST('/assignments/{id}/run', {
          params: { path: { id: input.lessonId } },
          body: { sessionId: input.sessionId, code: input.code },
        }),
      ),
    ),
    submitCode: fromPromise<Submission, LabCodeInput>(async ({ input }) =>
      unwrap(
        await api.POST('/assignments/{id}/code', {
          params: { path: { id: input.lessonId } },
          body: { sessionId: input.sessionId, code: input.code },
        }),
      ),
    ),
  };
}
