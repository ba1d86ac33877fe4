import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { learnersSearchSchema } from '@/lib/list-search';
import { SessionLearnersPage } from '@/features/educator/session-learners-page';
import { RouteError } from '@/features/layout/route-error';
import { AdminRefund } from '@/features/payments/admin-refund';
import { isStaff } from '@/lib/auth/roles';
import { useViewer } from '@/lib/auth/use-viewer';
import { settle } from '@/lib/load';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/** Learners per page (the API's maximum): most sessions fit on one page. */
const LEARNERS_PAGE_SIZE = 100;

/**
 * `/dashboard/sessions/$sessionId?page` (educators, admins): the session's learners (GET
 * /sessions/{id}/learners; a failure is shown on the page with the spec's toast). The session
 * itself is the layout route's (loaded once for the tabs). Admins may refund a learner from here.
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/')({
  validateSearch: learnersSearchSchema,
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: async ({ context: { api }, params: { sessionId }, deps }) => {
    const path = { id: sessionId };
    const learners = await settle(
      api.GET('/sessions/{id}/learners', {
        params: { path, query: { page: deps.page ?? 1, pageSize: LEARNERS_PAGE_SIZE } },
      }),
    );
    return { learners };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: SessionLearnersRoute,
});

function SessionLearnersRoute() {
  const { api } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const { role } = useViewer();
  const session = sessionRoute.useLoaderData();
  const isAdmin = role !== null && isStaff(role);
  return (
    <SessionLearnersPage
      data={{ ...Route.useLoaderData(), session }}
      api={api}
      onPage={(page) => void navigate({ search: (s) => ({ ...s, page: page === 1 ? undefined : page }) })}
      onRetry={() => void router.invalidate()}
      {...(isAdmin
        ? {
            refundAction: (learner: { userId: number; name: string }) => (
              <AdminRefund api={api} sessionId={session.id} learnerId={learner.userId} learnerName={learner.name} />
            ),
          }
        : {})}
    />
  );
}
