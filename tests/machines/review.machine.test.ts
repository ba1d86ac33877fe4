import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  REVIEW_RESET_DELAY_MS,
  type MyReview,
  type ReviewContext,
  type ReviewEmitted,
  type SavedReview,
  reviewMachine,
} from '@machines/review.machine';
import { REVIEW_CONTENT_MAX, validateReview } from '@machines/review.form';
import {
  type ReviewSnapshot,
  isEditingReview,
  isReviewBusy,
  reviewDraftOf,
  reviewFailure,
  reviewIssues,
  reviewJustSaved,
  reviewStartDate,
  reviewView,
  savedReview,
} from '@machines/review.selectors';
import { describeModelBased } from './model';

const input = { courseId: 7 };
const author = { id: 21, name: 'Lina Kassem', pictureUrl: null };
const saved: SavedReview = {
  id: 55,
  ratingValue: 4,
  content: 'Great course',
  createdAt: '2031-05-07T12:00:00.000Z',
  updatedAt: null,
  author,
};
const edited: SavedReview = {
  ...saved,
  ratingValue: 2,
  content: 'Great course',
  updatedAt: '2031-05-08T12:00:00.000Z',
};
const mine = (m: Partial<MyReview>): MyReview => ({ review: null, eligibility: 'ELIGIBLE', startDate: null, ...m });

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadMine', output: mine({ review: saved }) },
  { type: 'xstate.done.actor.loadMine', output: mine({}) },
  { type: 'xstate.done.actor.loadMine', output: mine({ eligibility: 'NOT_STARTED', startDate: '2031-06-01' }) },
  { type: 'xstate.done.actor.loadMine', output: mine({ eligibility: 'NOT_ENROLLED' }) },
  { type: 'xstate.error.actor.loadMine', error: { status: 0 } },
  { type: 'review.retry' },
  { type: 'review.submitted', ratingValue: 4, content: '  Great course  ' },
  { type: 'review.submitted', ratingValue: 0, content: '   ' },
  { type: 'review.editStarted' },
  { type: 'review.editCancelled' },
  { type: 'xstate.done.actor.createReview', output: saved },
  {
    type: 'xstate.error.actor.createReview',
    error: { status: 409, serverMessage: 'You have already reviewed this course: edit your review instead' },
  },
  { type: 'xstate.done.actor.updateReview', output: edited },
  {
    type: 'xstate.error.actor.updateReview',
    error: { status: 403, serverMessage: 'You can only edit your own review' },
  },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as ReviewContext;
  const snap = s as ReviewSnapshot;
  const busy = ['loading', 'creating', 'updating'].some((k) => s.matches(k));
  expect(isReviewBusy(snap)).toBe(busy);
  const form = ['writing', 'creating', 'editing', 'updating', 'failed'].some((k) => s.matches(k));
  expect(reviewView(snap)).toBe(
    s.matches('loading')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('notEnrolled')
          ? 'notEnrolled'
          : s.matches('notStarted')
            ? 'notStarted'
            : form
              ? 'form'
              : 'reviewed',
  );
  expect(isEditingReview(snap)).toBe(form && c.review !== null);
  expect(savedReview(snap)).toBe(c.review);
  expect(reviewJustSaved(snap)).toBe(s.matches('saved'));
  expect(reviewStartDate(snap)).toBe(s.matches('notStarted') ? '2031-06-01' : null);
  if (s.matches('reviewed') || s.matches('saved')) expect(c.review).not.toBeNull();
  if (s.matches('writing') || s.matches('creating')) expect(c.review).toBeNull();
  if (s.matches('editing') || s.matches('updating')) expect(c.review).not.toBeNull();
  // product.md#states: once reset (reviewed, or back to the form after a failure) no error remains.
  if (s.matches('reviewed')) {
    expect(c.error).toBeNull();
    expect(c.draft).toBeNull();
  }
  if (s.matches('failed')) {
    expect(reviewFailure(snap)?.code).toBe('review.failed');
    expect(reviewFailure(snap)?.message).toMatch(/already reviewed|your own review/);
    // The draft survives a failure: the form is not emptied.
    expect(reviewDraftOf(snap)).toEqual({ ratingValue: 4, content: 'Great course' });
  } else expect(reviewFailure(snap)).toBeNull();
  if (s.matches('creating') || s.matches('updating'))
    expect(c.draft).toEqual({ ratingValue: 4, content: 'Great course' });
  if (s.matches('loadFailed')) expect(c.error?.code).toBe('review.loadFailed');
  if (Object.keys(reviewIssues(snap)).length > 0)
    expect(reviewIssues(snap)).toEqual({ ratingValue: 'rating.required', content: 'content.required' });
}

describeModelBased(reviewMachine, {
  name: 'review.machine',
  input,
  events,
  actors: ['loadMine', 'createReview', 'updateReview'],
  check: ({ snapshot, event, started }) => {
    checkState(snapshot);
    for (const [name, got] of started) {
      if (name === 'loadMine') expect(got).toEqual({ courseId: 7 });
      if (name === 'createReview') expect(got).toEqual({ courseId: 7, ratingValue: 4, content: 'Great course' });
      if (name === 'updateReview')
        expect(got).toEqual({ courseId: 7, reviewId: 55, ratingValue: 4, content: 'Great course' });
    }
    if (event.type.startsWith('xstate.after.')) expect(snapshot.context.error).toBeNull();
  },
});

describe('review.form (valibot rules)', () => {
  it('asks for 1 to 5 whole stars and a text of 1 to 2000 characters', () => {
    expect(validateReview({ ratingValue: 5, content: 'Fine' })).toEqual({});
    expect(validateReview({ ratingValue: 0, content: 'Fine' })).toEqual({ ratingValue: 'rating.required' });
    expect(validateReview({ ratingValue: 6, content: 'Fine' })).toEqual({ ratingValue: 'rating.required' });
    expect(validateReview({ ratingValue: 2.5, content: 'Fine' })).toEqual({ ratingValue: 'rating.required' });
    expect(validateReview({ ratingValue: 3, content: ' \n ' })).toEqual({ content: 'content.required' });
    expect(validateReview({ ratingValue: 3, content: 'x'.repeat(REVIEW_CONTENT_MAX + 1) })).toEqual({
      content: 'content.tooLong',
    });
    expect(validateReview({ ratingValue: 3, content: ` ${'x'.repeat(REVIEW_CONTENT_MAX)} ` })).toEqual({});
  });
});

describe('review.machine (timing and emitted facts)', () => {
  function start(
    overrides: { create?: () => Promise<SavedReview>; update?: () => Promise<SavedReview>; mine?: MyReview } = {},
  ) {
    const machine = reviewMachine.provide({
      actors: {
        loadMine: fromPromise(async () => overrides.mine ?? mine({})),
        createReview: fromPromise(overrides.create ?? (async () => saved)),
        updateReview: fromPromise(overrides.update ?? (async () => edited)),
      },
    });
    const actor = createActor(machine, { input });
    const emitted: ReviewEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as ReviewEmitted));
    actor.start();
    return { actor, emitted };
  }

  it('emits review.created and resets 1 s after the success (product.md#states, #limits)', async () => {
    vi.useFakeTimers();
    try {
      const { actor, emitted } = start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('writing')).toBe(true);
      actor.send({ type: 'review.submitted', ratingValue: 4, content: 'Great course' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('saved')).toBe(true);
      expect(emitted).toEqual([{ type: 'review.created', review: saved }]);
      await vi.advanceTimersByTimeAsync(REVIEW_RESET_DELAY_MS - 1);
      expect(actor.getSnapshot().matches('saved')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches('reviewed')).toBe(true);
      expect(REVIEW_RESET_DELAY_MS).toBe(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the form when Edit is pressed within the second after a save (the button shows at once)', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'review.submitted', ratingValue: 4, content: 'Great course' });
      await vi.advanceTimersByTimeAsync(0);
      expect(reviewView(actor.getSnapshot())).toBe('reviewed');
      actor.send({ type: 'review.editStarted' });
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(reviewDraftOf(actor.getSnapshot())).toEqual({ ratingValue: 4, content: 'Great course' });
      // The reset timer of the save is gone with its state: the form stays.
      await vi.advanceTimersByTimeAsync(REVIEW_RESET_DELAY_MS * 2);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("emits review.failed with the server's message and goes back to the form 1 s later, keeping the draft", async () => {
    vi.useFakeTimers();
    try {
      const { actor, emitted } = start({
        create: async () => {
          throw { status: 403, serverMessage: 'Only learners enrolled in a session of this course can review it' };
        },
      });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'review.submitted', ratingValue: 3, content: 'Good' });
      await vi.advanceTimersByTimeAsync(0);
      expect(emitted).toEqual([
        {
          type: 'review.failed',
          error: {
            code: 'review.failed',
            status: 403,
            message: 'Only learners enrolled in a session of this course can review it',
          },
        },
      ]);
      await vi.advanceTimersByTimeAsync(REVIEW_RESET_DELAY_MS);
      const snap = actor.getSnapshot();
      expect(snap.matches('writing')).toBe(true);
      expect(snap.context.error).toBeNull();
      expect(reviewDraftOf(snap)).toEqual({ ratingValue: 3, content: 'Good' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('edits an existing review and emits review.updated', async () => {
    const { actor, emitted } = start({ mine: mine({ review: saved }) });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('reviewed')).toBe(true);
    actor.send({ type: 'review.editStarted' });
    expect(reviewDraftOf(actor.getSnapshot())).toEqual({ ratingValue: 4, content: 'Great course' });
    actor.send({ type: 'review.submitted', ratingValue: 2, content: 'Great course' });
    await new Promise((r) => setTimeout(r, 0));
    expect(emitted).toEqual([{ type: 'review.updated', review: edited }]);
    expect(savedReview(actor.getSnapshot())).toEqual(edited);
    actor.stop();
  });
});
