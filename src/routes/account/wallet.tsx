import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { WalletPage } from '@/features/payments/wallet-page';
import { loadSignedIn } from '@/lib/load';

/** `/account/wallet` (learners and generic users): balance and movements. */
export const Route = createFileRoute('/account/wallet')({
  beforeLoad: (opts) => requireRole(opts, ROLES.learners),
  loader: ({ context: { api }, location }) => loadSignedIn(api.GET('/payments/wallets/me'), location.href),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function WalletRoute() {
    return <WalletPage wallet={Route.useLoaderData()} />;
  },
});
