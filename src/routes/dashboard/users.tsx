import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/admin/users-page';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { usersSearchSchema } from '@/lib/list-search';
import { RouteError } from '@/features/layout/route-error';

/**
 * `/dashboard/users?list&query&status&page` (admins, super admins): educators, learners, partners
 * and invited users, with approve / reject / delete.
 */
export const Route = createFileRoute('/dashboard/users')({
  validateSearch: usersSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.admins),
  errorComponent: RouteError,
  component: function UsersRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <UsersPage
        api={api}
        search={Route.useSearch()}
        onSearch={(search) =>
          void navigate({
            search: (s) => ({ ...s, list: search.list, query: search.query, status: search.status, page: search.page }),
          })
        }
      />
    );
  },
});
