import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SessionCertificatesPage } from '@/features/educator/session-certificates-page';
import { RouteError } from '@/features/layout/route-error';

const sessionRoute = getRouteApi('/dashboard/sessions/$sessionId');

/**
 * `/dashboard/sessions/$sessionId/certificates` (educators, admins): the session is the layout
 * route's; the page reviews and issues its certificates through the issuing machine.
 */
export const Route = createFileRoute('/dashboard/sessions/$sessionId/certificates')({
  errorComponent: RouteError,
  component: function SessionCertificatesRoute() {
    const { api } = Route.useRouteContext();
    const session = sessionRoute.useLoaderData();
    return <SessionCertificatesPage key={session.id} session={session} api={api} />;
  },
});
