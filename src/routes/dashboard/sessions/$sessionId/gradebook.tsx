import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SessionGradebookPage } from '@/features/educator/session-gradebook-page';
import { RouteError } from '@/features/layout/route-error';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/**
 * `/dashboard/sessions/$sessionId/gradebook` (educators, admins): the session is the layout
 * route's; the page loads the gradebook, edits its weights and exports it through the gradebook
 * machine (its own loading, failure and retry).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/gradebook')({
  errorComponent: RouteError,
  component: SessionGradebookRoute,
});

function SessionGradebookRoute() {
  const { api } = Route.useRouteContext();
  const session = sessionRoute.useLoaderData();
  return <SessionGradebookPage key={session.id} session={session} api={api} />;
}
