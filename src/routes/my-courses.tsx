import { createFileRoute } from '@tanstack/react-router';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { containerStyles } from '@/components/ui/page';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { RouteError } from '@/features/layout/route-error';
import { MyCoursesPage } from '@/features/my-courses/my-courses-page';
import { CancelEnrollment } from '@/features/payments/cancel-enrollment';
import { loadSignedIn, settle } from '@/lib/load';

/**
 * `/my-courses`: the learner's enrollments and receipts (learners and generic users, product.md#screens/#roles).
 * The wallet (how each session was paid) is loaded beside them; its failure only affects receipts.
 * Each ACTIVE enrollment can be cancelled and refunded from its card (payments' `CancelEnrollment`).
 */
export const Route = createFileRoute('/my-courses')({
  beforeLoad: (opts) => requireAuth(opts, ROLES.learners),
  loader: async ({ context: { api }, location }) => {
    const [enrollments, wallet] = await Promise.all([
      // A refused token (the auth actor has logged out): sign in again, then come back.
      loadSignedIn(api.GET('/sessions/enrollments'), location.href),
      settle(api.GET('/payments/wallets/me')),
    ]);
    return { enrollments, wallet };
  },
  pendingComponent: () => (
    <div className={containerStyles} style={{ paddingBlock: '3rem' }}>
      <CardGridSkeleton count={3} />
    </div>
  ),
  errorComponent: RouteError,
  component: function MyCoursesRoute() {
    const { enrollments, wallet } = Route.useLoaderData();
    const { api } = Route.useRouteContext();
    return (
      <MyCoursesPage
        enrollments={enrollments}
        wallet={wallet}
        cancelAction={(e) => <CancelEnrollment api={api} sessionId={e.session.id} courseTitle={e.course.title} />}
      />
    );
  },
});
