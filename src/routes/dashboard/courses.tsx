import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PageContainer } from '@/components/ui/page';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { coursesToTeachSearchSchema, DASHBOARD_PAGE_SIZE } from '@/lib/list-search';
import { CoursesToTeachPage } from '@/features/educator/courses-to-teach-page';
import { RouteError } from '@/features/layout/route-error';
import { settle, valueOr } from '@/lib/load';

/**
 * `/dashboard/courses?query&page` (educators, admins): courses to teach (GET /courses/to-teach)
 * with the US time zones for the request-session form (GET /timezones/us).
 */
export const Route = createFileRoute('/dashboard/courses')({
  validateSearch: coursesToTeachSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.staff),
  loaderDeps: ({ search: { query, page } }) => ({ query, page }),
  loader: async ({ context: { api }, deps }) => {
    const [courses, timezones] = await Promise.all([
      settle(
        api.GET('/courses/to-teach', {
          params: {
            query: {
              ...(deps.query ? { query: deps.query } : {}),
              page: deps.page ?? 1,
              pageSize: DASHBOARD_PAGE_SIZE,
            },
          },
        }),
      ),
      settle(api.GET('/timezones/us')),
    ]);
    return { courses, timezones: valueOr(timezones, []) };
  },
  pendingComponent: () => (
    <PageContainer>
      <CardGridSkeleton count={6} />
    </PageContainer>
  ),
  errorComponent: RouteError,
  component: function CoursesToTeachRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const router = useRouter();
    return (
      <CoursesToTeachPage
        data={Route.useLoaderData()}
        search={Route.useSearch()}
        api={api}
        onSearch={(search) => void navigate({ search: (s) => ({ ...s, query: search.query, page: search.page }) })}
        onRetry={() => void router.invalidate()}
      />
    );
  },
});
