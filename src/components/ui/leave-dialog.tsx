import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';

/**
 * "Leave without saving?": the confirmation a form with unsaved changes shows before the user
 * leaves it (`useUnsavedChangesGuard`, or a screen's own "Back" link). `description` says what
 * would be lost; "Stay on this page" calls `onStay` (also on Escape / close), "Leave without
 * saving" calls `onLeave`.
 */
export function LeaveWithoutSavingDialog({
  open,
  description,
  onStay,
  onLeave,
}: {
  open: boolean;
  description: ReactNode;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <AppDialog
      open={open}
      onClose={onStay}
      role="alertdialog"
      size="sm"
      title={<Trans>Leave without saving?</Trans>}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onStay}>
            <Trans>Stay on this page</Trans>
          </Button>
          <Button variant="danger" onClick={onLeave}>
            <Trans>Leave without saving</Trans>
          </Button>
        </>
      }
    />
  );
}
