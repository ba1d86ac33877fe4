import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { BankAccountPage } from '@/features/payments/bank-account-page';
import { toGatewayConfig } from '@/features/payments/route-load';
import { settle, signInOn401 } from '@/lib/load';

/** `/account/bank-account` (educators): payout bank account, earnings, payouts. */
export const Route = createFileRoute('/account/bank-account')({
  beforeLoad: (opts) => requireRole(opts, ROLES.educators),
  loader: async ({ context: { api }, location }) => {
    const [account, earnings, config] = await Promise.all([
      settle(api.GET('/payments/accounts/external-account'), { notFoundAs: null }),
      settle(api.GET('/payments/earnings')),
      settle(api.GET('/payments/config')),
    ]);
    signInOn401([account, earnings, config], location.href);
    return {
      account,
      earnings,
      config: config.ok ? { ok: true as const, data: toGatewayConfig(config.data) } : config,
    };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function BankAccountRoute() {
    const { api } = Route.useRouteContext();
    const router = useRouter();
    return <BankAccountPage data={Route.useLoaderData()} api={api} onChanged={() => void router.invalidate()} />;
  },
});
