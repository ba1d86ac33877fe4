import { createToaster } from '@ark-ui/react/toast';

/**
 * The app-wide toast store (Ark UI / zag toast).
 *
 * Usage anywhere (components, route loaders, actor glue):
 *   toaster.create({ title: t`Session Approved`, type: 'success' })   // 'success' | 'error' | 'info' | 'warning'
 *   toaster.create({ title, description, type: 'error', duration: 8000 })
 * `title` / `description` should already be translated text (Lingui `t` macro or `i18n._(msg)`).
 * Durations are in ms (default 5000). Placement: bottom-end, so it follows the page direction
 * (bottom-right in English, bottom-left in Arabic) and never covers the sticky header and its
 * account menu, which open at the top-end.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: false,
  max: 5,
  gap: 12,
  duration: 5000,
  removeDelay: 250,
  offsets: '16px',
});
