import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { PagePending } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { WalletPage } from '@/features/payments/wallet-page';
import { loadSignedIn } from '@/lib/load';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({
  /** The amount to propose, integer cents (a checkout's shortfall). */
  topUp: lenient(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
  /** The session whose checkout sent the learner here: they go back to it once topped up. */
  session: lenient(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
});

/**
 * `/account/wallet?topUp=&session=` (learners and generic users): balance, top-up by card and
 * movements. From a checkout short of money, `topUp` proposes the missing cents and `session` is
 * the checkout to go back to, once topped up, to pay from the wallet.
 */
export const Route = createFileRoute('/account/wallet')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  beforeLoad: (opts) => requireRole(opts, ROLES.learners),
  loader: ({ context: { api }, location }) => loadSignedIn(api.GET('/payments/wallets/me'), location.href),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function WalletRoute() {
    const search = Route.useSearch();
    const { api } = Route.useRouteContext();
    const router = useRouter();
    const navigate = useNavigate();
    const returnTo = search.session ?? null;
    // Once credited: the balance reloads, or the learner goes back to the checkout they came from.
    const onCredited = useCallback(() => {
      if (returnTo !== null)
        void navigate({ to: '/sessions/$sessionId', params: { sessionId: returnTo }, search: { pay: 'wallet' } });
      else void router.invalidate();
    }, [navigate, router, returnTo]);
    return (
      <WalletPage
        wallet={Route.useLoaderData()}
        topUp={{ api, amount: search.topUp ?? null, returning: returnTo !== null, onCredited }}
      />
    );
  },
});
