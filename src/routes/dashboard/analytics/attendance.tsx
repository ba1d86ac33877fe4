import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { AttendancePage } from '@/features/analytics/attendance-page';
import { selectRecord } from '../../../../machines/auth.selectors';
import { RouteError } from '@/features/layout/route-error';
import { loadData, mapLimit } from '@/lib/load';

/**
 * `/dashboard/analytics/attendance` (any signed-in user; the landing of QAD company users): the
 * sessions the user's company can see (GET /sessions/explore: public ones plus the company's
 * private ones), each with its secured info (course company, seats taken = learners). The
 * company's own sessions come first.
 */
export const Route = createFileRoute('/dashboard/analytics/attendance')({
  loader: async ({ context: { api, auth } }) => {
    const record = selectRecord(auth.getSnapshot());
    const page = await loadData(api.GET('/sessions/explore', { params: { query: { page: 1, pageSize: 50 } } }));
    const sessions = await mapLimit(page.items, 6, (item) =>
      loadData(api.GET('/sessions/{id}/info/secured', { params: { path: { id: item.id } } })),
    );
    return { sessions, companyId: record?.company?.id ?? null, companyName: record?.company?.name ?? null };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function AttendanceRoute() {
    return <AttendancePage data={Route.useLoaderData()} />;
  },
});
