import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectRole } from '@/features/auth/auth.selectors';
import { requireAuth } from '@/features/auth/guards';
import { sessionsSearchSchema } from '@/features/dashboard/list-search';
import { settle, valueOr } from '@/features/dashboard/load';
import { SessionsPage } from '@/features/educator/sessions-page';
import { RouteError } from '@/features/layout/route-error';
import { PagePending } from '@/components/ui/spinner';

/**
 * `/dashboard/sessions?status&page` (educators: their sessions; admins: every session): sessions
 * with status badges and their actions (the moderation machine), plus the US time zones for
 * "Duplicate".
 */
export const Route = createFileRoute('/dashboard/sessions/')({
  validateSearch: sessionsSearchSchema,
  beforeLoad: (opts) => requireAuth(opts, ['EDUCATOR', 'ADMIN', 'SUPER_ADMIN']),
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
