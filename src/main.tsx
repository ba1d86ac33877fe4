import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import './index.css';
import { PagePending } from '@/components/ui/spinner';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { createAppServices } from '@/app-services';
import { readFirstLoad } from '@/lib/api/first-load';
import { activateLocale, i18n, needsFullCatalog, pickLocale } from '@/lib/i18n';
import { routeTree } from './routeTree.gen';
import { selectIsRestoring, selectRecord } from '@machines/auth.selectors';

/** The API answers the server sent with the page (a guest's landing pages: openapi/first-load.ts). */
const firstLoad = readFirstLoad();
/** API client and auth actor, created once and shared through the router context. */
const services = createAppServices({ firstLoad });

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
  // A guest's page sent with its first load's answers needs no request before it can show: its
  // route (code preloaded with the page, data at hand) is loaded before the first render, so that
  // render is the page itself, never its pending state first. Other pages render at once and show
  // their pending state while their data is asked for.
  if (firstLoad.sent && selectRecord(await waitFor(services.auth, (s) => !selectIsRestoring(s))) === null) {
    await router.load().catch(() => undefined);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a long task on a phone).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

void start();
