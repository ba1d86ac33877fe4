import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { PaymentMethodsPage } from '@/features/payments/payment-methods-page';
import { toGatewayConfig } from '@/features/payments/route-load';
import { loadSignedIn, settle, signInOn401 } from '@/lib/load';

/** `/account/payment-methods` (learners and generic users): saved cards, default, remove, add a card. */
export const Route = createFileRoute('/account/payment-methods')({
  beforeLoad: (opts) => requireRole(opts, ROLES.learners),
  loader: async ({ context: { api }, location }) => {
    const [cards, config] = await Promise.all([
      loadSignedIn(api.GET('/payments/cards'), location.href),
      settle(api.GET('/payments/config')),
    ]);
    signInOn401([config], location.href);
    return { cards, config: config.ok ? { ok: true as const, data: toGatewayConfig(config.data) } : config };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function PaymentMethodsRoute() {
    const { api } = Route.useRouteContext();
    const router = useRouter();
    return <PaymentMethodsPage data={Route.useLoaderData()} api={api} onChanged={() => void router.invalidate()} />;
  },
});
