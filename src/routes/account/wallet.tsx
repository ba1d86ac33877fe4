import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/features/auth/guards';
import { RouteError } from '@/features/layout/route-error';
import { loadSignedIn } from '@/features/payments/route-load';
import { WalletPage } from '@/features/payments/wallet-page';

/** `/account/wallet` (learners and generic users): balance and movements. */
export const Route = createFileRoute('/account/wallet')({
  beforeLoad: (opts) => requireAuth(opts, ['LEARNER', 'USER']),
  loader: ({ context: { api }, location }) => loadSignedIn(api.GET('/payments/wallets/me'), location.href),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function WalletRoute() {
    return <WalletPage wallet={Route.useLoaderData()} />;
  },
});
