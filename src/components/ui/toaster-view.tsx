import { Toast, Toaster as ArkToaster } from '@ark-ui/react/toast';
import { useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import { toaster } from './toast-store';

const rootClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  width: 'min(24rem, calc(100vw - 2rem))',
  paddingBlock: '3',
  paddingInlineStart: '4',
  paddingInlineEnd: '10',
  borderRadius: 'lg',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderInlineStartWidth: '4px',
  boxShadow: 'raised',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms',
  transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
  '&[data-state=closed]': {
    transition: 'translate 400ms, scale 400ms, opacity 200ms',
    transitionTimingFunction: 'cubic-bezier(0.06, 0.71, 0.55, 1)',
  },
  '&[data-type=success]': { borderInlineStartColor: 'success.strong' },
  '&[data-type=error]': { borderInlineStartColor: 'error.strong' },
  '&[data-type=warning]': { borderInlineStartColor: 'warning.strong' },
  '&[data-type=info]': { borderInlineStartColor: 'info.strong' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
});

const iconClass = css({
  flexShrink: 0,
  marginBlockStart: '0.5',
  '&[data-type=success]': { color: 'success.strong' },
  '&[data-type=error]': { color: 'error.strong' },
  '&[data-type=warning]': { color: 'warning.strong' },
  '&[data-type=info]': { color: 'info.strong' },
});

const closeClass = css({
  position: 'absolute',
  insetBlockStart: '2',
  insetInlineEnd: '2',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '8',
  height: '8',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
});

function TypeIcon({ type }: { type: string | undefined }) {
  if (type === 'success') return <CheckCircleIcon data-type={type} className={iconClass} />;
  if (type === 'error' || type === 'warning') return <AlertIcon data-type={type} className={iconClass} />;
  return <InfoIcon data-type={type ?? 'info'} className={iconClass} />;
}

/** Renders the toasts of `toaster` (loaded by `Toaster` in toast.tsx once there is one). */
export default function ToasterView() {
  const { t, i18n } = useLingui();
  return (
    <ArkToaster toaster={toaster} dir={i18n.locale === 'ar' ? 'rtl' : 'ltr'}>
      {(toast) => (
        <Toast.Root key={toast.id} className={rootClass}>
          <TypeIcon type={toast.type} />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: 0 })}>
            {toast.title ? (
              <Toast.Title className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{toast.title}</Toast.Title>
            ) : null}
            {toast.description ? (
              <Toast.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {toast.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.CloseTrigger className={closeClass} aria-label={t`Close`}>
            <CloseIcon size={16} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
