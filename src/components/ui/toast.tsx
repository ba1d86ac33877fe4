import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from './toast-store';

export { toaster };

/** The toasts' view (Ark UI's toaster and zag's toast machines), loaded with the first toast. */
const ToasterView = lazy(() => import('./toaster-view'));

/**
 * Renders the toasts of `toaster`. Mount once, in the root layout. Nothing is rendered, and the
 * view's code (~17 kB gzip) is not loaded, until the first toast is created: most pages never
 * show one, and the explore page's first load counts every byte. The view then shows
 * the toasts already in the store.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribe, hasHadToast, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}

/** Whether a toast was ever created: once loaded, the view stays (closing toasts animate out). */
let hadToast = false;
const hasHadToast = () => (hadToast ||= toaster.getVisibleToasts().length > 0);
// The store tells its subscribers before it lists the new toast: the call itself is the news.
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    hadToast = true;
    onChange();
  });
