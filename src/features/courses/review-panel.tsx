import { Trans } from '@lingui/react/macro';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { css } from 'styled-system/css';
import { inlineLink } from 'styled-system/recipes';
import type { components } from '@contract/schema';
import { selectRole } from '@machines/auth.selectors';
import { useViewer } from '@/lib/auth/use-viewer';
import { ReviewChecking } from './review-parts';

type Review = components['schemas']['Review'];

/** The learner's review workflow and an admin's removal: code that a guest's course page never runs. */
const ReviewFlow = lazy(() => import('./review-flow').then((m) => ({ default: m.ReviewFlow })));
const RemoveReviewAction = lazy(() => import('./review-removal').then((m) => ({ default: m.RemoveReviewAction })));

/**
 * The review part of the course page: a signed-in LEARNER gets the review
 * workflow (machines/review.machine.ts: write, edit, why not yet); visitors a sign-in link; other
 * roles nothing (admins remove reviews from the list, `RemoveReviewButton`).
 */
export function ReviewPanel({ courseId }: { courseId: number }) {
  const { api, loggedIn, role, href } = useViewer();
  if (!loggedIn) {
    return (
      <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlockEnd: '4' })}>
        <Trans>
          Took a session of this course?{' '}
          <Link to="/login" search={{ redirect: href }} className={inlineLink()}>
            Sign in to review it
          </Link>
          .
        </Trans>
      </p>
    );
  }
  if (role !== 'LEARNER') return null;
  return (
    <Suspense fallback={<ReviewChecking />}>
      <ReviewFlow key={courseId} courseId={courseId} api={api} />
    </Suspense>
  );
}

/**
 * An admin's "Remove" on one review of the list, with its confirmation (review-removal.tsx).
 * Renders nothing for other roles.
 */
export function RemoveReviewButton({ courseId, review }: { courseId: number; review: Review }) {
  const { auth } = useRouteContext({ from: '__root__' });
  const role = useSelector(auth, selectRole);
  if (role !== 'ADMIN' && role !== 'SUPER_ADMIN') return null;
  return (
    <Suspense fallback={null}>
      <RemoveReviewAction courseId={courseId} review={review} />
    </Suspense>
  );
}
