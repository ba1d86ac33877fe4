import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/lib/load';

/**
 * `/dashboard/sessions/$sessionId/*` layout (educators, admins): loads the session once for its
 * tabs (learners, attendance, submissions) — GET /sessions/{id}/info/secured, 404 or a bad id →
 * not found. The tabs read it with `getRouteApi('/dashboard/sessions/$sessionId').useLoaderData()`.
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId')({
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  beforeLoad: (opts) => requireRole(opts, ROLES.staff),
  loader: async ({ context: { api }, params: { sessionId } }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    return loadData(api.GET('/sessions/{id}/info/secured', { params: { path: { id: sessionId } } }));
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: Outlet,
});
