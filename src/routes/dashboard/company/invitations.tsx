import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { xhrCredentials } from '@/app-services';
import { PagePending } from '@/components/ui/spinner';
import { CompanyPicker, companyNameIn, useStaffCompanies } from '@/features/company/company-picker';
import { InvitationsPage } from '@/features/company/invitations-page';
import { RouteError } from '@/features/layout/route-error';
import { requireRole } from '@/lib/auth/guards';
import { isStaff, ROLES } from '@/lib/auth/roles';
import { DASHBOARD_PAGE_SIZE, invitationsSearchSchema } from '@/lib/list-search';
import { settle, signInOn401 } from '@/lib/load';

/**
 * `/dashboard/company/invitations?status&page&company` (the company's partner, and admins): invite
 * one person or a file of them, and the company's invitations (GET /users/invitations) with
 * withdraw. An admin first chooses the company (`?company=<id>`, sent as `companyId`).
 */
export const Route = createFileRoute('/dashboard/company/invitations')({
  validateSearch: invitationsSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.brand),
  loaderDeps: ({ search: { status, page, company } }) => ({ status, page, company }),
  loader: async ({ context: { api, record }, deps, location }) => {
    // An admin lists nothing until a company is chosen (the picker shows instead).
    if (isStaff(record.user.role) && deps.company === undefined) return { invitations: null };
    const invitations = await settle(
      api.GET('/users/invitations', {
        params: {
          query: {
            page: deps.page ?? 1,
            pageSize: DASHBOARD_PAGE_SIZE,
            ...(deps.status ? { status: deps.status } : {}),
            ...(isStaff(record.user.role) && deps.company ? { companyId: deps.company } : {}),
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
    const { t } = useLingui();
    const { api, auth, record } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const router = useRouter();
    const credentials = useMemo(() => xhrCredentials(auth), [auth]);
    const search = Route.useSearch();
    const { invitations } = Route.useLoaderData();
    const staff = isStaff(record.user.role);
    const companyId = staff ? search.company : undefined;
    const companies = useStaffCompanies(api, companyId !== undefined);
    if (staff && (companyId === undefined || !invitations)) return <CompanyPicker api={api} staff for="invitations" />;
    const chosen =
      companyId !== undefined
        ? { id: companyId, name: companyNameIn(companies, companyId) ?? t`Company ${companyId}` }
        : undefined;
    if (!invitations) return null;
    return (
      <InvitationsPage
        api={api}
        chosen={chosen}
        credentials={credentials}
        invitations={invitations}
        search={search}
        onSearch={(next) => void navigate({ search: (s) => ({ ...s, status: next.status, page: next.page }) })}
        reload={() => void router.invalidate()}
      />
    );
  },
});
