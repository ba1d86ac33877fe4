import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { DiscountCodesPage } from '@/features/payments/discount-codes-page';
import { RouteError } from '@/features/layout/route-error';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { loadData } from '@/lib/load';

/**
 * `/dashboard/discount-codes` (educators, partners, admins): the codes the caller manages with their uses
 * (GET /payments/discount-codes), and the courses a new code may be for: an educator's and an admin's courses to
 * teach (GET /courses/to-teach), a partner's catalog (GET /courses/explore); the server refuses the others.
 */
export const Route = createFileRoute('/dashboard/discount-codes')({
  beforeLoad: (opts) => requireRole(opts, ROLES.discounters),
  loader: async ({ context: { api, record } }) => {
    const userId = record.user.id;
    const role = record.user.role;
    const [codes, courses] = await Promise.all([
      loadData(api.GET('/payments/discount-codes')),
      role === 'PARTNER'
        ? loadData(api.GET('/courses/explore', { params: { query: { page: 1, pageSize: 100 } } })).then((p) =>
            p.items.map((c) => ({ id: c.id, title: c.title })),
          )
        : loadData(api.GET('/courses/to-teach', { params: { query: { page: 1, pageSize: 100 } } })).then((p) =>
            p.items
              // An educator discounts only their own courses (courses to teach also lists shared ones).
              .filter((c) => role !== 'EDUCATOR' || c.educator?.id === userId)
              .map((c) => ({ id: c.id, title: c.title })),
          ),
    ]);
    return { codes, courses, role };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function DiscountCodesRoute() {
    const { api } = Route.useRouteContext();
    const router = useRouter();
    const data = Route.useLoaderData();
    return (
      <DiscountCodesPage
        api={api}
        role={data.role}
        codes={data.codes}
        courses={data.courses}
        reload={() => void router.invalidate()}
      />
    );
  },
});
