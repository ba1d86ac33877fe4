import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { xhrCredentials } from '@/app-services';
import { PagePending } from '@/components/ui/spinner';
import { InvitationsPage } from '@/features/company/invitations-page';
import { RouteError } from '@/features/layout/route-error';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { DASHBOARD_PAGE_SIZE, invitationsSearchSchema } from '@/lib/list-search';
import { settle, signInOn401 } from '@/lib/load';

/**
 * `/dashboard/company/invitations?status&page` (the company's partner): invite one
 * person or a file of them, and the company's invitations (GET /users/invitations) with withdraw.
 */
export const Route = createFileRoute('/dashboard/company/invitations')({
  validateSearch: invitationsSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.partners),
  loaderDeps: ({ search: { status, page } }) => ({ status, page }),
  loader: async ({ context: { api }, deps, location }) => {
    const invitations = await settle(
      api.GET('/users/invitations', {
        params: {
          query: {
            page: deps.page ?? 1,
            pageSize: DASHBOARD_PAGE_SIZE,
            ...(deps.status ? { status: deps.status } : {}),
          },
        },
      }),
    );
    signInOn401([invitations], location.href);
    return { invitations };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function InvitationsRoute() {
    const { api, auth } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const router = useRouter();
    const credentials = useMemo(() => xhrCredentials(auth), [auth]);
    return (
      <InvitationsPage
        api={api}
        credentials={credentials}
        invitations={Route.useLoaderData().invitations}
        search={Route.useSearch()}
        onSearch={(search) => void navigate({ search: (s) => ({ ...s, status: search.status, page: search.page }) })}
        reload={() => void router.invalidate()}
      />
    );
  },
});
