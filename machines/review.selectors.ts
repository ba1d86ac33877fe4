import type { SnapshotFrom } from 'xstate';
import type { ReviewFailure, SavedReview, reviewMachine } from './review.machine';
import type { ReviewDraft, ReviewIssues } from './review.form';

/** A snapshot of the review machine (machines/review.machine.ts). */
export type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;

/** What the review panel of the course page shows. */
export type ReviewView = 'loading' | 'loadFailed' | 'notEnrolled' | 'notStarted' | 'form' | 'reviewed';

/** The panel to show: the form while writing, editing, saving or just failed; the saved review after. */
export function reviewView(s: ReviewSnapshot): ReviewView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('notEnrolled')) return 'notEnrolled';
  if (s.matches('notStarted')) return 'notStarted';
  return s.hasTag('form') ? 'form' : 'reviewed';
}

/** True while a call is on its way (the submit button spins, clicks are ignored). */
export const isReviewBusy = (s: ReviewSnapshot): boolean => s.hasTag('busy');
/** True when the form edits an existing review (else it writes a new one). */
export const isEditingReview = (s: ReviewSnapshot): boolean => s.hasTag('form') && s.context.review !== null;
/** The learner's saved review, or null. */
export const savedReview = (s: ReviewSnapshot): SavedReview | null => s.context.review;
/** True right after a save, until the 1 s reset (product.md#states). */
export const reviewJustSaved = (s: ReviewSnapshot): boolean => s.matches('saved');
/** Why the last save failed (in `failed`, until the 1 s reset), else null. */
export const reviewFailure = (s: ReviewSnapshot): ReviewFailure | null =>
  s.matches('failed') ? s.context.error : null;
/** The client rule codes of the last submitted draft (by field). */
export const reviewIssues = (s: ReviewSnapshot): ReviewIssues => s.context.issues;
/** The server's field messages of the last failure (400), until the reset. */
export const reviewServerFieldErrors = (s: ReviewSnapshot): Record<string, string> =>
  s.matches('failed') ? s.context.serverFieldErrors : {};
/** The draft the form starts from: the last submitted one, else the saved review, else empty. */
export function reviewDraftOf(s: ReviewSnapshot): ReviewDraft {
  if (s.context.draft) return s.context.draft;
  if (s.context.review) return { ratingValue: s.context.review.ratingValue, content: s.context.review.content };
  return { ratingValue: 0, content: '' };
}
/** When the learner's first session starts (notStarted), else null. */
export const reviewStartDate = (s: ReviewSnapshot): string | null =>
  s.matches('notStarted') ? s.context.startDate : null;
