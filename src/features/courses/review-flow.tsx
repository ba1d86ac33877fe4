import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { spreadRow } from '@/components/ui/layout-styles';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextareaField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { PencilIcon } from '@/components/ui/icons';
import { Rating } from '@/components/ui/rating';
import { StarRatingInput } from '@/components/ui/star-rating-input';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { createReviewActors } from '@machines/review.actors';
import { REVIEW_CONTENT_MAX, type ReviewDraft, type ReviewIssueCode } from '@machines/review.form';
import { reviewMachine } from '@machines/review.machine';
import {
  isEditingReview,
  isReviewBusy,
  reviewDraftOf,
  reviewIssues,
  reviewServerFieldErrors,
  reviewStartDate,
  reviewView,
  savedReview,
} from '@machines/review.selectors';
import { panel, panelTitle, ReviewChecking } from './review-parts';

/**
 * A signed-in learner's review workflow on a course page (machines/review.machine.ts), loaded
 * only for such a viewer (review-panel.tsx).
 */

/** What each review-form rule says (machines/review.form.ts codes). */
const issueMessages: Record<ReviewIssueCode, MessageDescriptor> = {
  'rating.required': msg`Choose a rating from 1 to 5 stars.`,
  'content.required': msg`Write a few words about the course.`,
  'content.tooLong': msg`Keep your review under ${REVIEW_CONTENT_MAX} characters.`,
};

/** The learner's review workflow on a course page. */
export function ReviewFlow({ courseId, api }: { courseId: number; api: Api }) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const router = useRouter();
  const reason = useErrorReason();
  const machine = useMemo(() => reviewMachine.provide({ actors: createReviewActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { courseId } });
  const view = reviewView(snapshot);
  const review = savedReview(snapshot);
  const issueOf = (code: ReviewIssueCode | undefined) => (code ? t(issueMessages[code]) : null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);

  // Toasts (product.md#messages texts) and the course's new rating, from the machine's emitted facts. Queued as
  // a task: the toast store must not flush while React is committing.
  useEffect(() => {
    const subscriptions = [
      actorRef.on('review.created', () => {
        later(() => toaster.create({ title: t`New Review Created Successfully`, type: 'success' }));
        later(() => void router.invalidate());
      }),
      actorRef.on('review.updated', () => {
        later(() => toaster.create({ title: t`Your review was updated.`, type: 'success' }));
        later(() => void router.invalidate());
      }),
      actorRef.on('review.failed', (e) => {
        const description = reason(e.error);
        later(() => toaster.create({ title: t`Error while posting review !`, description, type: 'error' }));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t, router, reason]);

  // Focus follows the panel: to its heading when the saved review shows after a save.
  const previous = useRef(view);
  useEffect(() => {
    const before = previous.current;
    previous.current = view;
    if (before === 'form' && view === 'reviewed') headingRef.current?.focus();
  }, [view]);

  if (view === 'loading') return <ReviewChecking />;
  if (view === 'loadFailed') {
    return (
      <FormAlert
        tone="warning"
        className={css({ marginBlockEnd: '4' })}
        title={<Trans>Could not load your review.</Trans>}
      >
        <p>{reason(snapshot.context.error)}</p>
        <Button
          size="sm"
          variant="outline"
          className={css({ marginBlockStart: '2' })}
          onClick={() => send({ type: 'review.retry' })}
        >
          <Trans>Try again</Trans>
        </Button>
      </FormAlert>
    );
  }
  if (view === 'notEnrolled') {
    return (
      <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlockEnd: '4' })}>
        <Trans>Enroll in a session of this course to review it once the session has started.</Trans>
      </p>
    );
  }
  if (view === 'notStarted') {
    const date = formatLongDate(reviewStartDate(snapshot) ?? '', locale);
    return (
      <FormAlert tone="info" className={css({ marginBlockEnd: '4' })}>
        <Trans>You can review this course once your session starts, on {date}.</Trans>
      </FormAlert>
    );
  }
  if (view === 'reviewed' && review) {
    return (
      <Card as="section" aria-labelledby="my-review-title" className={panel}>
        <div className={cx(spreadRow, css({ gap: '3' }))}>
          <h3 id="my-review-title" ref={headingRef} tabIndex={-1} className={panelTitle}>
            <Trans>Your review</Trans>
          </h3>
          <Rating average={review.ratingValue} size={16} />
        </div>
        <p className={css({ whiteSpace: 'pre-line' })}>
          <bdi>{review.content}</bdi>
        </p>
        <Button
          ref={editRef}
          variant="outline"
          size="sm"
          startIcon={<PencilIcon size={16} />}
          className={css({ alignSelf: 'flex-start' })}
          onClick={() => send({ type: 'review.editStarted' })}
        >
          <Trans>Edit your review</Trans>
        </Button>
      </Card>
    );
  }
  return (
    <ReviewForm
      key={isEditingReview(snapshot) ? `edit-${review?.id}` : 'new'}
      editing={isEditingReview(snapshot)}
      initial={reviewDraftOf(snapshot)}
      busy={isReviewBusy(snapshot)}
      issues={{
        ratingValue:
          issueOf(reviewIssues(snapshot).ratingValue) ?? reviewServerFieldErrors(snapshot).ratingValue ?? null,
        content: issueOf(reviewIssues(snapshot).content) ?? reviewServerFieldErrors(snapshot).content ?? null,
      }}
      onSubmit={(draft) => send({ type: 'review.submitted', ...draft })}
      onCancel={() => send({ type: 'review.editCancelled' })}
    />
  );
}

function ReviewForm({
  editing,
  initial,
  busy,
  issues,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  initial: ReviewDraft;
  busy: boolean;
  issues: { ratingValue: string | null; content: string | null };
  onSubmit: (draft: ReviewDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [rating, setRating] = useState(initial.ratingValue);
  const [content, setContent] = useState(initial.content);
  const formRef = useRef<HTMLFormElement>(null);
  const name = useId();
  const length = content.trim().length;

  // Forms move focus to the first invalid field (components/ui/field.tsx).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (issues.ratingValue) form.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
    else if (issues.content) form.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }, [issues.ratingValue, issues.content]);

  // Editing starts at the stars.
  useEffect(() => {
    if (editing) formRef.current?.querySelector<HTMLInputElement>('input[type=radio]:checked')?.focus();
  }, [editing]);

  const submit = useCallback(
    (e: FormEvent) => {
      e.preventDefault();
      if (!busy) onSubmit({ ratingValue: rating, content });
    },
    [busy, onSubmit, rating, content],
  );

  return (
    <Card as="section" aria-labelledby="review-form-title" className={panel}>
      <h3 id="review-form-title" className={panelTitle}>
        {editing ? <Trans>Edit your review</Trans> : <Trans>Write a review</Trans>}
      </h3>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <StarRatingInput
          legend={t`Your rating`}
          name={`rating-${name}`}
          value={rating}
          onChange={setRating}
          error={issues.ratingValue}
          disabled={busy}
        />
        <TextareaField
          label={t`Your review`}
          rows={4}
          value={content}
          maxLength={REVIEW_CONTENT_MAX + 200}
          onChange={(e) => setContent(e.target.value)}
          error={issues.content}
          helperText={t`${length} of ${REVIEW_CONTENT_MAX} characters`}
          readOnly={busy}
          required
        />
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          <Button type="submit" loading={busy}>
            {editing ? <Trans>Save your review</Trans> : <Trans>Post your review</Trans>}
          </Button>
          {editing ? (
            <Button variant="ghost" disabled={busy} onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
