import { createFileRoute, notFound } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { ClassroomPage } from '@/features/classroom/classroom-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/lib/load';

/**
 * `/classroom/$sessionId`: a session's classroom (GET /sessions/{id}/classroom) for its enrolled
 * learners, its educator and admins (the server answers 403 to anyone else; 404 → not found).
 */
export const Route = createFileRoute('/classroom/$sessionId/')({
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  beforeLoad: (opts) => requireAuth(opts, ROLES.classroom),
  loader: async ({ context: { api }, params: { sessionId } }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    return loadData(api.GET('/sessions/{id}/classroom', { params: { path: { id: sessionId } } }));
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function ClassroomRoute() {
    const { api, auth } = Route.useRouteContext();
    return <ClassroomPage classroom={Route.useLoaderData()} api={api} auth={auth} />;
  },
});
