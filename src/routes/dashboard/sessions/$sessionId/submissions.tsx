import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SessionSubmissionsPage } from '@/features/educator/session-submissions-page';
import { RouteError } from '@/features/layout/route-error';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/**
 * `/dashboard/sessions/$sessionId/submissions` (educators, admins): the session is the layout
 * route's (loaded once for the tabs); the page loads and grades the submissions through the
 * grading machine (its own loading, failure and retry).
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/submissions')({
  errorComponent: RouteError,
  component: SessionSubmissionsRoute,
});

function SessionSubmissionsRoute() {
  const { api } = Route.useRouteContext();
  const session = sessionRoute.useLoaderData();
  // A new session (tab to another session) starts a fresh grading machine.
  return <SessionSubmissionsPage key={session.id} session={session} api={api} />;
}
