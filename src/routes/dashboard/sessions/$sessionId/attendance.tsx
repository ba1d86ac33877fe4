import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/features/auth/guards';
import { settle } from '@/features/dashboard/load';
import { SessionAttendancePage } from '@/features/educator/session-attendance-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/features/layout/route-data';

/**
 * `/dashboard/sessions/$sessionId/attendance` (educators, admins): the session (GET
 * /sessions/{id}/info/secured; 404 → not found) and its attendance (GET /sessions/{id}/attendance;
 * a failure is shown on the page with a retry).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/attendance')({
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  beforeLoad: (opts) => requireAuth(opts, ['EDUCATOR', 'ADMIN', 'SUPER_ADMIN']),
  loader: async ({ context: { api }, params: { sessionId } }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    const path = { id: sessionId };
    const [session, attendance] = await Promise.all([
      loadData(api.GET('/sessions/{id}/info/secured', { params: { path } })),
      settle(api.GET('/sessions/{id}/attendance', { params: { path } })),
    ]);
    return { session, attendance };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function SessionAttendanceRoute() {
    const { api } = Route.useRouteContext();
    const router = useRouter();
    return <SessionAttendancePage data={Route.useLoaderData()} api={api} onRetry={() => void router.invalidate()} />;
  },
});
