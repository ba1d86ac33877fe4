import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { waitFor } from 'xstate';
import { safeRedirect, selectIsLoggedIn, selectIsRestoring, selectLanding } from '@machines/auth.selectors';
import { LoginScreen } from '@/features/auth/login-page';
import { settle } from '@/lib/load';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({
  redirect: lenient(v.pipe(v.string(), v.minLength(1))),
  'sign-in-with-redirect': lenient(v.picklist(['MA', 'QA'])),
});

/**
 * `/login?redirect=`: sign-in (product.md#screens). Signed-in visitors go straight to `redirect` or their
 * landing page. `?sign-in-with-redirect=MA|QA` starts that directory's sign-in at once. The
 * directories offered come from `GET /auth/oidc/providers`; when that call fails both are shown
 * (starting one then answers the server's own message).
 */
export const Route = createFileRoute('/login')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  beforeLoad: async ({ context: { auth }, search }) => {
    const snapshot = await waitFor(auth, (s) => !selectIsRestoring(s));
    if (selectIsLoggedIn(snapshot)) {
      throw redirect({ href: safeRedirect(search.redirect) ?? selectLanding(snapshot), replace: true });
    }
  },
  loader: async ({ context: { api } }) => {
    const providers = await settle(api.GET('/auth/oidc/providers'));
    return { federated: providers.ok ? providers.data.map((p) => p.code) : undefined };
  },
  component: function LoginRoute() {
    const { auth } = Route.useRouteContext();
    const { federated } = Route.useLoaderData();
    const { redirect: target, 'sign-in-with-redirect': signInWith } = Route.useSearch();
    return <LoginScreen auth={auth} redirect={target} signInWith={signInWith} {...(federated ? { federated } : {})} />;
  },
});
