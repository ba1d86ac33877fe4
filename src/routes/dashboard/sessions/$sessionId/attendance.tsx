import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { SessionAttendancePage } from '@/features/educator/session-attendance-page';
import { RouteError } from '@/features/layout/route-error';
import { settle } from '@/lib/load';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/**
 * `/dashboard/sessions/$sessionId/attendance` (educators, admins): the session's attendance (GET
 * /sessions/{id}/attendance; a failure is shown on the page with a retry). The session itself is
 * the layout route's (loaded once for the tabs).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/attendance')({
  loader: async ({ context: { api }, params: { sessionId } }) => ({
    attendance: await settle(api.GET('/sessions/{id}/attendance', { params: { path: { id: sessionId } } })),
  }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: SessionAttendanceRoute,
});

function SessionAttendanceRoute() {
  const { api } = Route.useRouteContext();
  const router = useRouter();
  return (
    <SessionAttendancePage
      data={{ ...Route.useLoaderData(), session: sessionRoute.useLoaderData() }}
      api={api}
      onRetry={() => void router.invalidate()}
    />
  );
}
