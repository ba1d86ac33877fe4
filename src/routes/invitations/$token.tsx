import { createFileRoute } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { PagePending } from '@/components/ui/spinner';
import { InvitationPage } from '@/features/invitation/invitation-page';
import { RouteError } from '@/features/layout/route-error';
import { settle } from '@/lib/load';
import { selectIsRestoring } from '@machines/auth.selectors';

/**
 * `/invitations/$token` (public; the link of an invitation mail): reads the
 * invitation (GET /invitations/{token}) once the auth actor has read the cookie, so the page knows
 * whether someone is signed in.
 */
export const Route = createFileRoute('/invitations/$token')({
  // Full-screen, like the sign-in callback: no header or footer (product.md#screens).
  staticData: { hideHeaderFooter: true },
  loader: async ({ context: { api, auth }, params: { token } }) => {
    await waitFor(auth, (s) => !selectIsRestoring(s));
    return { preview: await settle(api.GET('/invitations/{token}', { params: { path: { token } } })) };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function InvitationRoute() {
    const { api, auth } = Route.useRouteContext();
    const { token } = Route.useParams();
    return <InvitationPage api={api} auth={auth} token={token} preview={Route.useLoaderData().preview} />;
  },
});
