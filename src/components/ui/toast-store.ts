import { createToaster } from '@ark-ui/react/toast';

/**
 * The app-wide toast store (Ark UI / zag toast).
 *
 * Usage anywhere (components, route loaders, actor glue):
 *   toaster.create({ title: t`Session Approved`, type: 'success' })   // 'success' | 'error' | 'info' | 'warning'
 *   toaster.create({ title, description, type: 'error', duration: 8000 })
 * `title` / `description` should already be translated text (Lingui `t` macro or `i18n._(msg)`).
 * Durations are in ms (default 5000). Placement: top-end, so it
 * follows the page direction (top-right in English, top-left in Arabic).
 */
export const toaster = createToaster({
  placement: 'top-end',
  overlap: false,
  max: 5,
  gap: 12,
  duration: 5000,
  removeDelay: 250,
  offsets: '16px',
});
