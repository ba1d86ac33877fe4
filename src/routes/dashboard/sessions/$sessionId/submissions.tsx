import { createFileRoute, notFound } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/features/auth/guards';
import { SessionSubmissionsPage } from '@/features/educator/session-submissions-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/features/layout/route-data';

/**
 * `/dashboard/sessions/$sessionId/submissions` (educators, admins): the session (GET
 * /sessions/{id}/info/secured; 404 → not found); the page loads and grades the submissions
 * through the grading machine (its own loading, failure and retry).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/submissions')({
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  beforeLoad: (opts) => requireAuth(opts, ['EDUCATOR', 'ADMIN', 'SUPER_ADMIN']),
  loader: async ({ context: { api }, params: { sessionId } }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    return loadData(api.GET('/sessions/{id}/info/secured', { params: { path: { id: sessionId } } }));
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function SessionSubmissionsRoute() {
    const { api } = Route.useRouteContext();
    const session = Route.useLoaderData();
    // A new session (tab to another session) starts a fresh grading machine.
    return <SessionSubmissionsPage key={session.id} session={session} api={api} />;
  },
});
