import { createRootRouteWithContext, Outlet, redirect, retainSearchParams } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsLoggedIn, selectIsRestoring } from '@machines/auth.selectors';
import { PagePending } from '@/components/ui/spinner';
import { AppShell } from '@/features/layout/app-shell';
import type { AuthActor } from '@/lib/auth/auth-service';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { federatedSignInHref, rootSearchSchema } from '@/lib/route-flags';
import type { Api } from '@/lib/api/client';
import { activateLocale, catalogComplete, currentLocale, i18n, needsFullCatalog, pickLocale } from '@/lib/i18n';

/** What every route's loader and beforeLoad receive (created once in main.tsx). */
export interface RouterContext {
  /** Typed /api client (openapi-fetch). */
  api: Api;
  /** The auth actor (login record, theme, logout). */
  auth: AuthActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // lang | sign-in-with-redirect | redirect; invalid values are dropped (product.md#screens).
  validateSearch: rootSearchSchema,
  search: { middlewares: [retainSearchParams(['lang'])] },
  beforeLoad: async ({ search, location, context: { auth } }) => {
    // `?lang=` wins, then the remembered language, then English (product.md#overview).
    const locale = search.lang ?? pickLocale('');
    if (!i18n.locale || currentLocale() !== locale) await activateLocale(locale);
    // After a first load of an explore page (the catalog's core part), other pages wait for the rest.
    if (needsFullCatalog(location.pathname)) await catalogComplete();
    // `?sign-in-with-redirect=MA|QA` on any page: a signed-out visitor starts that directory's
    // sign-in and comes back to this page (product.md#screens); `/login` handles it itself.
    const federated = federatedSignInHref(location.pathname, location.searchStr);
    if (federated && !selectIsLoggedIn(await waitFor(auth, (s) => !selectIsRestoring(s)))) {
      throw redirect({ href: federated, replace: true });
    }
  },
  component: RootLayout,
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { auth } = Route.useRouteContext();
  return (
    <AppShell auth={auth}>
      <Outlet />
    </AppShell>
  );
}
