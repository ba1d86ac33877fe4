import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const backdrop = css({ position: 'fixed', inset: 0, zIndex: 60, bg: 'rgba(15, 23, 42, 0.55)' });
const positioner = css({
  position: 'fixed',
  inset: 0,
  zIndex: 61,
  display: 'flex',
  alignItems: { base: 'flex-end', tablet: 'center' },
  justifyContent: 'center',
  padding: { base: '0', tablet: '6' },
  overflowY: 'auto',
});
const content = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  width: 'full',
  maxWidth: '28rem',
  maxHeight: { base: '92dvh', tablet: '88dvh' },
  overflowY: 'auto',
  bg: 'bg.surface',
  borderRadius: { base: '2xl 2xl 0 0', tablet: '2xl' },
  boxShadow: 'raised',
  padding: { base: '5', tablet: '6' },
  outline: 'none',
});

/**
 * A modal dialog of the payments area on Ark UI's Dialog (focus trapped and restored, title and
 * description wired to aria-labelledby / aria-describedby, rendered in a portal so the page's
 * direction applies). Escape or a click outside calls `onDismiss` unless `busy`. `role` is
 * `alertdialog` for confirmations (removing a card, the bank's 3-D Secure step).
 */
export function PaymentDialog({
  open,
  onDismiss,
  title,
  description,
  children,
  footer,
  busy = false,
  role = 'dialog',
}: {
  open: boolean;
  onDismiss: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onDismiss();
      }}
      role={role}
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
              <Dialog.Title className={css({ fontSize: 'xl', fontWeight: 'bold', lineHeight: '1.3' })}>{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>{description}</Dialog.Description>
              ) : null}
            </div>
            {children}
            {footer ? (
              <div
                className={css({
                  display: 'flex',
                  flexWrap: 'wrap-reverse',
                  justifyContent: 'flex-end',
                  gap: '3',
                  paddingBlockStart: '2',
                  '& > *': { flexGrow: { base: 1, tablet: 0 } },
                })}
              >
                {footer}
              </div>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
