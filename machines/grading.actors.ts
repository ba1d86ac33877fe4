import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { GradeSubmissionInput, Submission } from './grading.machine';

/** Submissions asked per page (the API's maximum). */
export const SUBMISSIONS_PAGE_SIZE = 100;
/** Most pages read for one session (10 × 100 submissions). */
export const SUBMISSIONS_MAX_PAGES = 10;

/**
 * The grading machine's actors over the generated client:
 * - loadSubmissions: `GET /sessions/{id}/submissions?page&pageSize=100`, page after page until
 *   `total` is reached (at most {@link SUBMISSIONS_MAX_PAGES} pages) → every submission, newest first;
 * - gradeSubmission: `PATCH /submissions/{id} {grade, comment}` → the graded submission (DONE).
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`: e.g. the 422 for a
 * grade above the assignment's points) or the network error.
 */
export function createGradingActors(api: Api) {
  return {
    loadSubmissions: fromPromise<Submission[], { sessionId: number }>(async ({ input }) => {
      const items: Submission[] = [];
      for (let page = 1; page <= SUBMISSIONS_MAX_PAGES; page++) {
        const data = unwrap(
          await api.GET('/sessions/{id}/submissions', {
            params: { path: { id: input.sessionId }, query: { page, pageSize: SUBMISSIONS_PAGE_SIZE } },
          }),
        );
        items.push(...data.items);
        if (data.items.length === 0 || items.length >= data.total) break;
      }
      return items;
    }),
    gradeSubmission: fromPromise<Submission, GradeSubmissionInput>(async ({ input }) =>
      unwrap(
        await api.PATCH('/submissions/{id}', {
          params: { path: { id: input.submissionId } },
          body: { grade: input.grade, comment: input.comment },
        }),
      ),
    ),
  };
}
