import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { messages as arMessages } from '@/locales/ar/messages.po';
// The toasts' view is loaded with the first toast in the app (src/components/ui/toast.tsx): loaded
// here beforehand, so a toast appears at once in the screens' tests.
import '@/components/ui/toaster-view';

/** Activates `locale` on the shared Lingui instance (Arabic: the real compiled catalog). */
export function activateLocale(locale: 'en' | 'ar') {
  i18n.loadAndActivate({ locale, messages: locale === 'ar' ? arMessages : {} });
}

/**
 * Renders `ui` inside Lingui and a memory router (so `<Link>`s resolve), at `/` by default, or at
 * `url` (e.g. '/dashboard/users?list=learners', so links know which one is current), with the
 * router `context` pages read (`{ api, auth }`).
 * Resolves once the router has rendered the element.
 */
export async function renderWithRouter(
  ui: ReactNode,
  { locale = 'en' as 'en' | 'ar', url = '/', context = {} as Record<string, unknown> } = {},
) {
  activateLocale(locale);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const catchAll = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => (url === '/' ? null : <>{ui}</>),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, catchAll]),
    history: createMemoryHistory({ initialEntries: [url] }),
    // What pages read with useRouteContext (the app's `api` and `auth`), when a test gives them.
    context,
  });
  await router.load();
  const result = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return result;
}
