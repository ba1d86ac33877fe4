import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import { type Failure, failureOf, fieldErrorsOf } from './support/errors';
import { type ReviewDraft, type ReviewIssues, toReviewRequest, validateReview } from './review.form';
import type { Schema } from './support/contract';

/**
 * A learner's review of a course, on the course page (product.md#entities Review, #states "review
 * (reset 1 s after success or failure)", #calls `POST /courses/{id}/reviews`, #messages 'New Review Created
 * Successfully' / 'Error while posting review !' with the server's message, #limits 1000 ms; docs/decisions.md
 * "Reviews"). Pure: the calls are actors of `review.actors.ts`; toasts are the UI's, from emitted facts.
 *
 *   loading ─done─▶ reviewed      (the learner's review exists)
 *                 ├▶ writing      (ELIGIBLE, no review yet)
 *                 ├▶ notStarted   (enrolled, no session started: the form waits for the start date)
 *                 └▶ notEnrolled  (no enrollment: nothing to write)
 *           ─error─▶ loadFailed ─review.retry─▶ loading
 *   writing ─review.submitted [valid]─▶ creating ─done─▶ saved ─after 1000 ms─▶ reviewed
 *   saved ─review.editStarted─▶ editing   (the saved review and its Edit button show at once)
 *           ─review.submitted [invalid]─▶ writing (issues by field)        ─error─▶ failed
 *   reviewed ─review.editStarted─▶ editing ─review.editCancelled─▶ reviewed
 *   editing ─review.submitted [valid]─▶ updating ─done─▶ saved ; ─error─▶ failed
 *           ─review.submitted [invalid]─▶ editing (issues by field)
 *   failed ─after 1000 ms─▶ editing (a review exists) | writing (none); the draft is kept, the error cleared
 *
 * Emitted facts: `review.created`, `review.updated` (the UI toasts and reloads the course's rating),
 * `review.failed` (the UI toasts 'Error while posting review !' with the server's message).
 */

/** Delay before the review state resets after a success or a failure (product.md#states, #limits: 1000 ms). */
export const REVIEW_RESET_DELAY_MS = 1000;

/** A saved review: rating, text, author and its ISO instants. */
export type SavedReview = Schema<'Review'>;

/**
 * What `GET /courses/{id}/reviews/mine` answers: the caller's review (or null), whether they may write one, and
 * with NOT_STARTED the earliest start date ('YYYY-MM-DD', in the session's time zone).
 */
export type MyReview = Schema<'MyCourseReview'>;

export type ReviewFailure = Failure<'review.failed' | 'review.loadFailed'>;

export interface ReviewInput {
  courseId: number;
}

export interface ReviewContext {
  courseId: number;
  /** The learner's saved review, once loaded or saved. */
  review: SavedReview | null;
  /** With notStarted: when the first session starts. */
  startDate: string | null;
  /** The last draft submitted (kept after a failure so the form is not emptied). */
  draft: ReviewDraft | null;
  /** Client rule codes, or the server's field messages after a 400. */
  issues: ReviewIssues;
  serverFieldErrors: Record<string, string>;
  error: ReviewFailure | null;
}

export type ReviewEvent =
  | { type: 'review.submitted'; ratingValue: number; content: string }
  | { type: 'review.editStarted' }
  | { type: 'review.editCancelled' }
  | { type: 'review.retry' };

export type ReviewEmitted =
  | { type: 'review.created'; review: SavedReview }
  | { type: 'review.updated'; review: SavedReview }
  | { type: 'review.failed'; error: ReviewFailure };

type Tag = 'busy' | 'form';

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
    emitted: {} as ReviewEmitted,
    tags: {} as Tag,
  },
  actors: {
    /** GET /courses/{id}/reviews/mine. */
    loadMine: notProvided<MyReview, { courseId: number }>('review', 'loadMine', 'createReviewActors'),
    /** POST /courses/{id}/reviews → the review created (201). Rejects with an `ApiError` (400, 403, 409, 422…). */
    createReview: notProvided<SavedReview, { courseId: number; ratingValue: number; content: string }>(
      'review',
      'createReview',
      'createReviewActors',
    ),
    /** PUT /courses/{id}/reviews/{reviewId} → the review as edited. Rejects with an `ApiError`. */
    updateReview: notProvided<
      SavedReview,
      { courseId: number; reviewId: number; ratingValue: number; content: string }
    >('review', 'updateReview', 'createReviewActors'),
  },
  delays: {
    reviewResetDelay: REVIEW_RESET_DELAY_MS,
  },
  actions: {
    assignMine: assign((_, params: MyReview) => ({ review: params.review, startDate: params.startDate, error: null })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('review.loadFailed', params.error),
    })),
    assignDraft: assign((_, params: ReviewDraft) => ({
      draft: toReviewRequest(params),
      issues: {},
      serverFieldErrors: {},
      error: null,
    })),
    assignIssues: assign((_, params: ReviewDraft) => ({
      draft: { ratingValue: params.ratingValue, content: params.content },
      issues: validateReview(params),
    })),
    assignSaved: assign((_, params: SavedReview) => ({ review: params })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      error: failureOf('review.failed', params.error),
      serverFieldErrors: fieldErrorsOf(params.error),
    })),
    emitCreated: emit(({ context }) => ({ type: 'review.created' as const, review: context.review! })),
    emitUpdated: emit(({ context }) => ({ type: 'review.updated' as const, review: context.review! })),
    emitFailed: emit(({ context }) => ({
      type: 'review.failed' as const,
      error: context.error ?? { code: 'review.failed' as const },
    })),
    /** product.md#states: the review state resets (1 s after a success or a failure); a failed draft stays in the form. */
    resetAfterSuccess: assign({ draft: null, issues: {}, serverFieldErrors: {}, error: null }),
    resetAfterFailure: assign({ issues: {}, serverFieldErrors: {}, error: null }),
    clearForm: assign({ draft: null, issues: {}, serverFieldErrors: {}, error: null }),
  },
  guards: {
    hasReview: ({ context }) => context.review !== null,
    mineHasReview: (_, params: MyReview) => params.review !== null,
    mineIs: (_, params: { mine: MyReview; eligibility: MyReview['eligibility'] }) =>
      params.mine.eligibility === params.eligibility,
    draftIsValid: (_, params: ReviewDraft) => Object.keys(validateReview(params)).length === 0,
  },
}).createMachine({
  id: 'review',
  initial: 'loading',
  context: ({ input }) => ({
    courseId: input.courseId,
    review: null,
    startDate: null,
    draft: null,
    issues: {},
    serverFieldErrors: {},
    error: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'mineHasReview', params: ({ event }) => event.output },
            target: 'reviewed',
            actions: { type: 'assignMine', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'mineIs',
              params: ({ event }) => ({ mine: event.output, eligibility: 'ELIGIBLE' as const }),
            },
            target: 'writing',
            actions: { type: 'assignMine', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'mineIs',
              params: ({ event }) => ({ mine: event.output, eligibility: 'NOT_STARTED' as const }),
            },
            target: 'notStarted',
            actions: { type: 'assignMine', params: ({ event }) => event.output },
          },
          { target: 'notEnrolled', actions: { type: 'assignMine', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'review.retry': { target: 'loading' } },
    },
    notEnrolled: {},
    notStarted: {},
    writing: {
      tags: ['form'],
      on: {
        'review.submitted': [
          {
            guard: { type: 'draftIsValid', params: ({ event }) => event },
            target: 'creating',
            actions: { type: 'assignDraft', params: ({ event }) => event },
          },
          { actions: { type: 'assignIssues', params: ({ event }) => event } },
        ],
      },
    },
    creating: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'createReview',
        src: 'createReview',
        input: ({ context }) => ({ courseId: context.courseId, ...context.draft! }),
        onDone: {
          target: 'saved',
          actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'emitCreated'],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
        },
      },
    },
    reviewed: {
      on: { 'review.editStarted': { target: 'editing', actions: 'clearForm' } },
    },
    editing: {
      tags: ['form'],
      on: {
        'review.submitted': [
          {
            guard: { type: 'draftIsValid', params: ({ event }) => event },
            target: 'updating',
            actions: { type: 'assignDraft', params: ({ event }) => event },
          },
          { actions: { type: 'assignIssues', params: ({ event }) => event } },
        ],
        'review.editCancelled': { target: 'reviewed', actions: 'clearForm' },
      },
    },
    updating: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'updateReview',
        src: 'updateReview',
        input: ({ context }) => ({ courseId: context.courseId, reviewId: context.review!.id, ...context.draft! }),
        onDone: {
          target: 'saved',
          actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'emitUpdated'],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
        },
      },
    },
    // The saved review and its Edit button show at once: a click within the second is taken.
    saved: {
      on: { 'review.editStarted': { target: 'editing', actions: 'clearForm' } },
      after: { reviewResetDelay: { target: 'reviewed', actions: 'resetAfterSuccess' } },
    },
    failed: {
      tags: ['form'],
      after: {
        reviewResetDelay: [
          { guard: 'hasReview', target: 'editing', actions: 'resetAfterFailure' },
          { target: 'writing', actions: 'resetAfterFailure' },
        ],
      },
    },
  },
});
