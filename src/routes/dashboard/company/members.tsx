import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { MembersPage } from '@/features/company/members-page';
import { RouteError } from '@/features/layout/route-error';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { DASHBOARD_PAGE_SIZE, membersSearchSchema } from '@/lib/list-search';
import { settle, signInOn401 } from '@/lib/load';

/**
 * `/dashboard/company/members?query&page` (the company's partner): the company's
 * members (GET /companies/{id}/members) with remove (DELETE /companies/{id}/members/{userId}).
 */
export const Route = createFileRoute('/dashboard/company/members')({
  validateSearch: membersSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.partners),
  loaderDeps: ({ search: { query, page } }) => ({ query, page }),
  loader: async ({ context: { api, record }, deps, location }) => {
    const companyId = record.company?.id ?? 0;
    const members = await settle(
      api.GET('/companies/{id}/members', {
        params: {
          path: { id: companyId },
          query: { page: deps.page ?? 1, pageSize: DASHBOARD_PAGE_SIZE, ...(deps.query ? { query: deps.query } : {}) },
        },
      }),
    );
    signInOn401([members], location.href);
    return { members, companyId, companyName: record.company?.name ?? '' };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function MembersRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const router = useRouter();
    const data = Route.useLoaderData();
    return (
      <MembersPage
        api={api}
        companyId={data.companyId}
        companyName={data.companyName}
        members={data.members}
        search={Route.useSearch()}
        onSearch={(search) => void navigate({ search: (s) => ({ ...s, query: search.query, page: search.page }) })}
        reload={() => void router.invalidate()}
      />
    );
  },
});
