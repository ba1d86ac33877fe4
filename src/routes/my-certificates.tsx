import { createFileRoute } from '@tanstack/react-router';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { containerStyles } from '@/components/ui/page';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { MyCertificatesPage } from '@/features/certificates/my-certificates-page';
import { loadSignedIn } from '@/lib/load';

/** `/my-certificates`: the learner's certificates (learners and generic users; docs/product.md "Certificates"). */
export const Route = createFileRoute('/my-certificates')({
  beforeLoad: (opts) => requireAuth(opts, ROLES.learners),
  loader: ({ context: { api }, location }) => loadSignedIn(api.GET('/certificates/mine'), location.href),
  pendingComponent: () => (
    <div className={containerStyles} style={{ paddingBlock: '3rem' }}>
      <CardGridSkeleton count={2} />
    </div>
  ),
  errorComponent: RouteError,
  component: function MyCertificatesRoute() {
    const { api } = Route.useRouteContext();
    return <MyCertificatesPage api={api} certificates={Route.useLoaderData()} />;
  },
});
