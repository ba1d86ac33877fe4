import * as v from 'valibot';
import type { Schema } from './support/contract';

/**
 * The review form of a course (product.md#entities "Review: ratingValue, content"; openapi `ReviewRequest`):
 * the client-side rules that mirror the server's — a rating of 1 to 5 whole stars and a text of 1
 * to 2000 characters once trimmed. Pure and free of UI and language (rules answer codes the UI
 * translates); machines/review.machine.ts uses it under plain tsx.
 */

/** Most characters of a review's text (openapi `ReviewRequest.content`). */
export const REVIEW_CONTENT_MAX = 2000;

/** The form as chosen and typed: `ratingValue` is 0 while no star is chosen. */
export interface ReviewDraft {
  ratingValue: number;
  content: string;
}

/** Codes of the review rules. */
export type ReviewIssueCode = 'rating.required' | 'content.required' | 'content.tooLong';

/** Issues by field; `{}` when the form is valid. */
export type ReviewIssues = Partial<Record<keyof ReviewDraft, ReviewIssueCode>>;

/** The body of `POST /courses/{id}/reviews` and `PUT /courses/{id}/reviews/{reviewId}`. */
export type ReviewRequestBody = Schema<'ReviewRequest'>;

export const ratingSchema = v.pipe(
  v.number('rating.required'),
  v.integer('rating.required'),
  v.minValue(1, 'rating.required'),
  v.maxValue(5, 'rating.required'),
);
export const contentSchema = v.pipe(
  v.string('content.required'),
  v.trim(),
  v.nonEmpty('content.required'),
  v.maxLength(REVIEW_CONTENT_MAX, 'content.tooLong'),
);

/** Checks a draft: per field its first broken rule. */
export function validateReview(draft: ReviewDraft): ReviewIssues {
  const issues: ReviewIssues = {};
  const rating = v.safeParse(ratingSchema, draft.ratingValue, { abortPipeEarly: true });
  if (!rating.success) issues.ratingValue = rating.issues[0].message as ReviewIssueCode;
  const content = v.safeParse(contentSchema, draft.content, { abortPipeEarly: true });
  if (!content.success) issues.content = content.issues[0].message as ReviewIssueCode;
  return issues;
}

/** The request body of a valid draft (call after `validateReview` answered `{}`): the text trimmed. */
export function toReviewRequest(draft: ReviewDraft): ReviewRequestBody {
  return { ratingValue: draft.ratingValue, content: draft.content.trim() };
}
