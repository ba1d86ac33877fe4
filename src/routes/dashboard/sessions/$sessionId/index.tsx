import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/features/auth/guards';
import { learnersSearchSchema } from '@/features/dashboard/list-search';
import { settle } from '@/features/dashboard/load';
import { SessionLearnersPage } from '@/features/educator/session-learners-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/features/layout/route-data';

/** Learners per page (the API's maximum): most sessions fit on one page. */
const LEARNERS_PAGE_SIZE = 100;

/**
 * `/dashboard/sessions/$sessionId?page` (educators, admins): the session (GET
 * /sessions/{id}/info/secured; 404 → not found) and its learners (GET /sessions/{id}/learners;
 * a failure is shown on the page with the spec's toast).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/')({
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  validateSearch: learnersSearchSchema,
  beforeLoad: (opts) => requireAuth(opts, ['EDUCATOR', 'ADMIN', 'SUPER_ADMIN']),
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: async ({ context: { api }, params: { sessionId }, deps }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    const path = { id: sessionId };
    const [session, learners] = await Promise.all([
      loadData(api.GET('/sessions/{id}/info/secured', { params: { path } })),
      settle(api.GET('/sessions/{id}/learners', { params: { path, query: { page: deps.page ?? 1, pageSize: LEARNERS_PAGE_SIZE } } })),
    ]);
    return { session, learners };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function SessionLearnersRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const router = useRouter();
    return (
      <SessionLearnersPage
        data={Route.useLoaderData()}
        api={api}
        onPage={(page) => void navigate({ search: (s) => ({ ...s, page: page === 1 ? undefined : page }) })}
        onRetry={() => void router.invalidate()}
      />
    );
  },
});
