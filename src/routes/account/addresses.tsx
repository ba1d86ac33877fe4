import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { RouteError } from '@/features/layout/route-error';
import { AddressesPage } from '@/features/payments/addresses-page';
import { loadSignedIn } from '@/lib/load';

/** `/account/addresses` (any signed-in role): saved addresses and "Add an address". */
export const Route = createFileRoute('/account/addresses')({
  loader: ({ context: { api }, location }) => loadSignedIn(api.GET('/users/me/addresses'), location.href),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function AddressesRoute() {
    const { api } = Route.useRouteContext();
    const router = useRouter();
    return <AddressesPage addresses={Route.useLoaderData()} api={api} onChanged={() => void router.invalidate()} />;
  },
});
