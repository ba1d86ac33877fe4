import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { ModerationPage } from '@/features/moderation/moderation-page';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { moderationSearchSchema } from '@/lib/list-search';
import { RouteError } from '@/features/layout/route-error';
import { settle, valueOr } from '@/lib/load';

/**
 * `/dashboard/moderation?queue&status&courseStatus&query&page` (admins, super admins): the session
 * moderation queue (PENDING by default) with approve / reject / delete / duplicate, and the course
 * queue (`queue=courses`: courses sent for review, approve / reject / unpublish / publish).
 */
export const Route = createFileRoute('/dashboard/moderation')({
  validateSearch: moderationSearchSchema,
  beforeLoad: (opts) => requireRole(opts, ROLES.admins),
  loader: async ({ context: { api } }) => ({ timezones: valueOr(await settle(api.GET('/timezones/us')), []) }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function ModerationRoute() {
    const { api } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <ModerationPage
        api={api}
        search={Route.useSearch()}
        timezones={Route.useLoaderData().timezones}
        onSearch={(search) =>
          void navigate({
            search: (s) => ({
              ...s,
              queue: search.queue,
              status: search.status,
              courseStatus: search.courseStatus,
              query: search.query,
              page: search.page,
            }),
          })
        }
      />
    );
  },
});
