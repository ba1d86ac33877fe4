import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { MyReview, SavedReview } from './review.machine';

/**
 * The review machine's actors over the generated client:
 *
 *   useMachine(reviewMachine.provide({ actors: createReviewActors(api) }), { input: { courseId } })
 *
 * - loadMine: `GET /courses/{id}/reviews/mine` → the learner's review (or null) and eligibility;
 * - createReview: `POST /courses/{id}/reviews {ratingValue, content}` → the review (201);
 * - updateReview: `PUT /courses/{id}/reviews/{reviewId} {ratingValue, content}` → the review edited.
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`) or the network error.
 */
export function createReviewActors(api: Api) {
  return {
    loadMine: fromPromise<MyReview, { courseId: number }>(async ({ input }) =>
      unwrap(await api.GET('/courses/{id}/reviews/mine', { params: { path: { id: input.courseId } } })),
    ),
    createReview: fromPromise<SavedReview, { courseId: number; ratingValue: number; content: string }>(
      async ({ input }) =>
        unwrap(
          await api.POST('/courses/{id}/reviews', {
            params: { path: { id: input.courseId } },
            body: { ratingValue: input.ratingValue, content: input.content },
          }),
        ),
    ),
    updateReview: fromPromise<
      SavedReview,
      { courseId: number; reviewId: number; ratingValue: number; content: string }
    >(async ({ input }) =>
      unwrap(
        await api.PUT('/courses/{id}/reviews/{reviewId}', {
          params: { path: { id: input.courseId, reviewId: input.reviewId } },
          body: { ratingValue: input.ratingValue, content: input.content },
        }),
      ),
    ),
  };
}
