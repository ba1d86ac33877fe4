import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';

/**
 * "Remove …?" confirmation of the lesson-authoring screen (the shared alert dialog): `open`
 * while an item waits for confirmation; `onConfirm` removes it, `onCancel` keeps it.
 */
export function ConfirmRemove({
  open,
  title,
  description,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onCancel}
      busy={false}
      title={title}
      description={description ?? <Trans>This cannot be undone once the lesson is saved.</Trans>}
      cancelLabel={<Trans>Keep it</Trans>}
      confirmLabel={<Trans>Remove</Trans>}
      onConfirm={onConfirm}
    />
  );
}
