import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';

/**
 * "Remove …?" confirmation of the lesson-authoring screen (an alert dialog on Ark UI): `open`
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
    <AppDialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      title={title}
      description={description ?? <Trans>This cannot be undone once the lesson is saved.</Trans>}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            <Trans>Keep it</Trans>
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            <Trans>Remove</Trans>
          </Button>
        </>
      }
    />
  );
}
