import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectRole } from '@machines/auth.selectors';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { sessionsSearchSchema } from '@/lib/list-search';
import { SessionsPage } from '@/features/moderation/sessions-page';
import { RouteError } from '@/features/layout/route-error';
import { PagePending } from '@/components/ui/spinner';
import { settle, valueOr } from '@/lib/load';

/**
 * `/dashboard/sessions?status&page` (educators: their sessions; admins: every session): sessions
 * with status badges and their actions (the moderation machine), plus the US time zones for
 * "Duplicate".
 */
export const Route = createFileRoute('/dashboard/sessions/')({
  validateSearch: sessionsSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.staff),
  loader: async ({ context: { api } }) => ({ timezones: valueOr(await settle(api.GET('/timezones/us')), []) }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function SessionsRoute() {
    const { api, auth } = Route.useRouteContext();
    const role = useSelector(auth, selectRole);
    const navigate = Route.useNavigate();
    return (
      <SessionsPage
        api={api}
        role={role}
        search={Route.useSearch()}
        timezones={Route.useLoaderData().timezones}
        onSearch={(search) => void navigate({ search: (s) => ({ ...s, status: search.status, page: search.page }) })}
      />
    );
  },
});
