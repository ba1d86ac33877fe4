import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useErrorReason } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';
import { toaster } from '@/components/ui/toast';
import { unwrap } from '@/lib/api/client';
import { useAction } from '@/lib/use-action';
import type { components } from '@contract/schema';
import { later } from '@/lib/later';

type Review = components['schemas']['Review'];

/**
 * An admin's "Remove" on one review of the list (`DELETE /courses/{id}/reviews/{reviewId}`, audited
 * on the server), after a confirmation; the page reloads (list and rating). Loaded only for an
 * admin (review-panel.tsx, `RemoveReviewButton`).
 */
export function RemoveReviewAction({ courseId, review }: { courseId: number; review: Review }) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const reason = useErrorReason();
  const [open, setOpen] = useState(false);
  const remove = useCallback(
    async (id: number) =>
      unwrap(
        await api.DELETE('/courses/{id}/reviews/{reviewId}', { params: { path: { id: courseId, reviewId: id } } }),
      ),
    [api, courseId],
  );
  const onSuccess = useCallback(() => {
    setOpen(false);
    later(() => toaster.create({ title: t`The review was removed.`, type: 'success' }));
    void router.invalidate();
  }, [router, t]);
  const onError = useCallback(
    (error: unknown) =>
      toaster.create({ title: t`Could not remove the review !`, description: reason(error), type: 'error' }),
    [reason, t],
  );
  const { state, start } = useAction(remove, { onSuccess, onError });
  const author = review.author.name;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        startIcon={<TrashIcon size={16} />}
        onClick={() => setOpen(true)}
        aria-label={t`Remove the review by ${author}`}
      >
        <Trans>Remove</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={state.status === 'pending'}
        title={<Trans>Remove this review?</Trans>}
        description={
          <Trans>
            The review by {author} is deleted and the course's rating recomputed. The removal is recorded in the audit
            log.
          </Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Remove the review</Trans>}
        onConfirm={() => void start(String(review.id), review.id)}
      />
    </>
  );
}
