import { createFileRoute, getRouteApi, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { learnersSearchSchema } from '@/lib/list-search';
import { SessionQuizzesPage } from '@/features/educator/session-quizzes-page';
import { RouteError } from '@/features/layout/route-error';
import { settle } from '@/lib/load';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/** Quiz attempts per page. */
export const QUIZ_ATTEMPTS_PAGE_SIZE = 20;

/**
 * `/dashboard/sessions/$sessionId/quizzes?page` (educators, admins): the quiz attempts of the
 * session's learners (GET /sessions/{id}/quiz-attempts, newest first; a failure is shown on the page
 * with a retry). The session itself is the layout route's.
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/quizzes')({
  validateSearch: learnersSearchSchema,
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: async ({ context: { api }, params: { sessionId }, deps }) => ({
    attempts: await settle(
      api.GET('/sessions/{id}/quiz-attempts', {
        params: { path: { id: sessionId }, query: { page: deps.page ?? 1, pageSize: QUIZ_ATTEMPTS_PAGE_SIZE } },
      }),
    ),
  }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: SessionQuizzesRoute,
});

function SessionQuizzesRoute() {
  const navigate = Route.useNavigate();
  const router = useRouter();
  return (
    <SessionQuizzesPage
      data={{ ...Route.useLoaderData(), session: sessionRoute.useLoaderData() }}
      onPage={(page) => void navigate({ search: (s) => ({ ...s, page: page === 1 ? undefined : page }) })}
      onRetry={() => void router.invalidate()}
    />
  );
}
