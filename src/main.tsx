import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { PagePending } from '@/components/ui/spinner';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { createAppServices } from '@/app-services';
import { readFirstLoad } from '@/lib/api/first-load';
import { activateLocale, i18n, needsFullCatalog, pickLocale } from '@/lib/i18n';
import { routeTree } from './routeTree.gen';

/** API client and auth actor, created once and shared through the router context. */
const services = createAppServices({ firstLoad: readFirstLoad() });

const router = createRouter({
  routeTree,
  context: services,
  defaultPreload: 'intent',
  defaultPendingMs: 200,
  defaultPendingComponent: PagePending,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start() {
  // Activate the catalog before the first paint so nothing flashes in the wrong language; an
  // explore page takes its core part, and other pages wait for the rest (src/lib/i18n.ts).
  await activateLocale(pickLocale(window.location.search), { coreOnly: !needsFullCatalog(window.location.pathname) });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
