import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { PagePending } from '@/components/ui/spinner';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { selectRecord } from '@machines/auth.selectors';
import { RouteError } from '@/features/layout/route-error';
import { loadData } from '@/lib/load';

/**
 * `/dashboard`: counters of the signed-in user's role (any role), and whether the account still
 * waits for an administrator's approval (an educator or a partner who signed up: PENDING).
 */
export const Route = createFileRoute('/dashboard/')({
  loader: async ({ context: { api, record } }) => {
    const [stats, me] = await Promise.all([
      loadData(api.GET('/dashboard/stats')),
      api.GET('/users/{id}', { params: { path: { id: record.user.id } } }).then((r) => r.data?.data ?? null),
    ]);
    return { stats, pending: me?.status === 'PENDING' };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function DashboardRoute() {
    const { auth } = Route.useRouteContext();
    const record = useSelector(auth, selectRecord);
    const { stats, pending } = Route.useLoaderData();
    return <DashboardPage stats={stats} record={record} awaitingApproval={pending} />;
  },
});
