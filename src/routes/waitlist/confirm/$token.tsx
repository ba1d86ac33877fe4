import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/features/layout/route-error';
import { WaitlistConfirmPage } from '@/features/waitlist/confirm-page';

/** `/waitlist/confirm/$token`: the link mailed to a guest who joined a waitlist. */
export const Route = createFileRoute('/waitlist/confirm/$token')({
  errorComponent: RouteError,
  component: function WaitlistConfirmRoute() {
    const { api } = Route.useRouteContext();
    const { token } = Route.useParams();
    return <WaitlistConfirmPage key={token} token={token} api={api} />;
  },
});
