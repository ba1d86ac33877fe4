import { COURSE_REVIEWS_PAGE_SIZE } from '@contract/first-load';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PagePending } from '@/components/ui/spinner';
import { CoursePage } from '@/features/courses/course-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId, settle } from '@/lib/load';
import { waitFor } from 'xstate';
import { isLearnerRole, selectIsRestoring, selectRole } from '@machines/auth.selectors';

/** The waitlist's form, shown only when every session is full: loaded then. */
const WaitlistPanel = lazy(() =>
  import('@/features/waitlist/waitlist-panel').then((m) => ({ default: m.WaitlistPanel })),
);

/** A learner's "Cancel enrollment" of their own session: loaded only for one. */
const CancelEnrollment = lazy(() =>
  import('@/features/payments/cancel-enrollment').then((m) => ({ default: m.CancelEnrollment })),
);

/**
 * `/courses/$courseId`: course info, active sessions and reviews; for a signed-in learner, which of
 * the sessions are theirs (`GET /sessions/enrollments`; a failure only leaves them unmarked).
 */
export const Route = createFileRoute('/courses/$courseId')({
  // A sales page: the server writes its title and tags; no default head (product.md#screens).
  staticData: { salesPage: true },
  params: {
    parse: ({ courseId }) => ({ courseId: parseId(courseId) }),
    stringify: ({ courseId }) => ({ courseId: String(courseId) }),
  },
  loader: async ({ context: { api, auth }, params: { courseId } }) => {
    if (Number.isNaN(courseId)) throw notFound();
    const path = { id: courseId };
    const mine = async (): Promise<number[]> => {
      const role = selectRole(await waitFor(auth, (s) => !selectIsRestoring(s)));
      if (!role || !isLearnerRole(role)) return [];
      const enrollments = await settle(api.GET('/sessions/enrollments'));
      return enrollments.ok ? enrollments.data.filter((e) => e.status === 'ACTIVE').map((e) => e.sessionId) : [];
    };
    const [course, sessions, reviews, enrolledSessionIds] = await Promise.all([
      loadData(api.GET('/courses/{id}/info', { params: { path } })),
      loadData(api.GET('/courses/{id}/sessions/active', { params: { path } })),
      loadData(
        api.GET('/courses/{id}/reviews', { params: { path, query: { page: 1, pageSize: COURSE_REVIEWS_PAGE_SIZE } } }),
      ),
      mine(),
    ]);
    return { course, sessions, reviews, enrolledSessionIds };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function CourseRoute() {
    const data = Route.useLoaderData();
    const { api } = Route.useRouteContext();
    return (
      <CoursePage
        data={data}
        cancelAction={(session) => (
          <Suspense fallback={null}>
            <CancelEnrollment api={api} sessionId={session.id} courseTitle={data.course.title} />
          </Suspense>
        )}
        waitlist={
          <Suspense fallback={null}>
            <WaitlistPanel courseId={data.course.id} />
          </Suspense>
        }
      />
    );
  },
});
