import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { InboxPage } from '@/features/admin/inbox-page';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { DASHBOARD_PAGE_SIZE, inboxSearchSchema } from '@/lib/list-search';
import { RouteError } from '@/features/layout/route-error';
import { loadData } from '@/lib/load';

/** `/dashboard/inbox?unread&page` (admins, super admins): the messages of the contact form. */
export const Route = createFileRoute('/dashboard/inbox')({
  validateSearch: inboxSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.admins),
  loaderDeps: ({ search }) => ({ unread: search.unread ?? false, page: search.page ?? 1 }),
  loader: ({ context: { api }, deps }) =>
    loadData(
      api.GET('/contact/messages', {
        params: { query: { ...(deps.unread ? { unread: true } : {}), page: deps.page, pageSize: DASHBOARD_PAGE_SIZE } },
      }),
    ),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function InboxRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <InboxPage
        api={api}
        data={Route.useLoaderData()}
        unread={Route.useSearch().unread ?? false}
        onSearch={(search) =>
          void navigate({ search: (s) => ({ ...s, unread: search.unread || undefined, page: search.page }) })
        }
      />
    );
  },
});
