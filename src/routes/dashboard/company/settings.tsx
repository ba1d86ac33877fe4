import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CompanyPicker, companyNameIn, useStaffCompanies } from '@/features/company/company-picker';
import { ThemeEditorPage } from '@/features/company/theme-editor-page';
import { RouteError } from '@/features/layout/route-error';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { companySearchParam } from '@/lib/list-search';

const searchSchema = v.object({ company: companySearchParam });

/**
 * `/dashboard/company/settings` (partners, admins): the company's
 * theme, logo and links. A partner edits their own company; an admin picks one (`?company=<id>`).
 */
export const Route = createFileRoute('/dashboard/company/settings')({
  validateSearch: searchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.brand),
  errorComponent: RouteError,
  component: function CompanySettingsRoute() {
    const { t } = useLingui();
    const { api, auth, record } = Route.useRouteContext();
    const { company } = Route.useSearch();
    const staff = record.user.role === 'ADMIN' || record.user.role === 'SUPER_ADMIN';
    const companyId = staff ? (company ?? null) : (record.company?.id ?? null);
    // Staff name the company from the same list the picker shows (GET /users/partners).
    const companies = useStaffCompanies(api, staff && companyId !== null);
    if (companyId === null) return <CompanyPicker api={api} staff={staff} />;
    const name =
      !staff && record.company ? record.company.name : (companyNameIn(companies, companyId) ?? t`Company ${companyId}`);
    return <ThemeEditorPage key={companyId} api={api} auth={auth} companyId={companyId} companyName={name} />;
  },
});
