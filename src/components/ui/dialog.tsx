import { Dialog } from '@ark-ui/react/dialog';
import { LocaleProvider } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { squareIconButton } from '@/components/ui/form-controls';

const backdrop = css({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  bg: 'rgba(15, 23, 42, 0.55)',
});

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
  width: 'full',
  maxHeight: { base: '92dvh', tablet: '88dvh' },
  bg: 'bg.surface',
  borderRadius: { base: '2xl 2xl 0 0', tablet: '2xl' },
  boxShadow: 'raised',
  outline: 'none',
});

const pad = { paddingInline: { base: '5', tablet: '6' } } as const;

/**
 * How the dialog lays out its parts:
 * - `sections` (default): header, a body that scrolls on its own, and a footer bar under a rule,
 *   each padded (long forms);
 * - `compact`: one padded column that scrolls as a whole, the footer under the body without a
 *   rule (short confirmations, the payment steps).
 */
const layouts = {
  sections: {
    content: css({ overflow: 'hidden' }),
    header: css({ ...pad, paddingBlockStart: { base: '5', tablet: '6' }, paddingBlockEnd: '4' }),
    footer: css({
      ...pad,
      paddingBlock: '4',
      borderBlockStartWidth: '1px',
      borderColor: 'border.default',
      bg: 'bg.surface',
    }),
  },
  compact: {
    content: css({ gap: '4', overflowY: 'auto', padding: { base: '5', tablet: '6' } }),
    header: undefined,
    footer: css({ paddingBlockStart: '2' }),
  },
} as const;

const sizes = { sm: '28rem', md: '36rem', lg: '46rem' } as const;

/**
 * The one modal dialog of the SPA, on Ark UI's Dialog: focus trapped inside and restored on close,
 * Escape closes it (unless `busy`), title and description wired to `aria-labelledby` /
 * `aria-describedby`. `role="alertdialog"` for confirmations of destructive actions. Rendered in
 * a portal, in the page's direction (rtl in Arabic: Ark's locale is the page's language).
 * `initialFocus` picks the field focused first (default: the first focusable element). Variants: `layout` (see `layouts`),
 * `closeButton` (the × in the corner, default shown) and `closeOnOutsideClick` (default true;
 * payment steps keep it false so a stray click never abandons them).
 */
export function AppDialog(props: Parameters<typeof DialogInLocale>[0]) {
  const { i18n } = useLingui();
  // Ark writes `dir` on the dialog's parts from its locale (left to right unless told): the page's language.
  return (
    <LocaleProvider locale={i18n.locale}>
      <DialogInLocale {...props} />
    </LocaleProvider>
  );
}

/** {@link AppDialog} inside Ark's locale. */
function DialogInLocale({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  busy = false,
  role = 'dialog',
  size = 'md',
  initialFocus,
  layout = 'sections',
  closeButton = true,
  closeOnOutsideClick = true,
}: {
  open: boolean;
  /** Escape, the close button, a click outside (when allowed): never while `busy`. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** While a call is in progress the dialog cannot be dismissed. */
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  size?: keyof typeof sizes;
  initialFocus?: () => HTMLElement | null;
  layout?: keyof typeof layouts;
  closeButton?: boolean;
  closeOnOutsideClick?: boolean;
}) {
  const { t } = useLingui();
  const parts = layouts[layout];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      role={role}
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={closeOnOutsideClick && !busy}
      {...(initialFocus ? { initialFocusEl: initialFocus } : {})}
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={cx(content, parts.content)} style={{ maxWidth: sizes[size] }}>
            <div
              className={cx(
                css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
                parts.header,
                closeButton && layout === 'sections' ? css({ paddingInlineEnd: '14' }) : undefined,
              )}
            >
              <Dialog.Title className={css({ fontSize: 'xl', fontWeight: 'bold', lineHeight: '1.3' })}>
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            {layout === 'compact' ? (
              children
            ) : children ? (
              <div
                className={css({
                  ...pad,
                  flex: '1',
                  minHeight: 0,
                  overflowY: 'auto',
                  paddingBlockEnd: footer ? '4' : { base: '5', tablet: '6' },
                })}
              >
                {children}
              </div>
            ) : null}
            {footer ? (
              <div
                className={cx(
                  css({
                    display: 'flex',
                    flexWrap: 'wrap-reverse',
                    justifyContent: 'flex-end',
                    gap: '3',
                    '& > *': { flexGrow: { base: 1, tablet: 0 } },
                  }),
                  parts.footer,
                )}
              >
                {footer}
              </div>
            ) : null}
            {closeButton ? (
              <Dialog.CloseTrigger
                aria-label={t`Close`}
                disabled={busy}
                className={css(squareIconButton, { position: 'absolute', insetBlockStart: '3', insetInlineEnd: '3' })}
              >
                <CloseIcon size={18} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A small {@link AppDialog} (`alertdialog`, compact) that only its own buttons close: no × and no
 * closing on a click outside (Escape still does, unless `busy`). For confirmations a stray click
 * must not answer, and for payment steps a stray click must not abandon.
 */
export function HeldAlertDialog(
  props: Omit<Parameters<typeof AppDialog>[0], 'layout' | 'size' | 'closeButton' | 'closeOnOutsideClick' | 'role'>,
) {
  return (
    <AppDialog
      {...props}
      layout="compact"
      size="sm"
      closeButton={false}
      closeOnOutsideClick={false}
      role="alertdialog"
    />
  );
}

/**
 * A confirmation before a destructive action (remove, withdraw, delete): a small alertdialog whose footer
 * has `cancelLabel` (closes it) and the danger button `confirmLabel` (runs `onConfirm`, spinning while
 * `busy`, when the dialog cannot be dismissed either).
 */
export function ConfirmDialog({
  open,
  onClose,
  busy,
  title,
  description,
  cancelLabel,
  confirmLabel,
  confirmIcon,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmIcon?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={busy}
      role="alertdialog"
      size="sm"
      layout="compact"
      title={title}
      description={description}
      footer={
        <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
          <Button variant="ghost" disabled={busy} onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant="danger" loading={busy} startIcon={confirmIcon} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    />
  );
}
