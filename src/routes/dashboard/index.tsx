import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { PagePending } from '@/components/ui/spinner';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { selectRecord } from '../../../machines/auth.selectors';
import { RouteError } from '@/features/layout/route-error';
import { loadData } from '@/lib/load';

/** `/dashboard`: counters of the signed-in user's role (any role). */
export const Route = createFileRoute('/dashboard/')({
  loader: ({ context: { api } }) => loadData(api.GET('/dashboard/stats')),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function DashboardRoute() {
    const { auth } = Route.useRouteContext();
    const record = useSelector(auth, selectRecord);
    return <DashboardPage stats={Route.useLoaderData()} record={record} />;
  },
});
