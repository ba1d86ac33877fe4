import { createFileRoute, notFound } from '@tanstack/react-router';
import { xhrCredentials } from '@/app-services';
import { PagePending } from '@/components/ui/spinner';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { ClassroomLessonPage } from '@/features/classroom/lesson-page';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/lib/load';

/**
 * `/classroom/$sessionId/lessons/$lessonId`: one lesson of a session's classroom (GET
 * /sessions/{id}/lessons/{lessonId}), with the classroom (GET /sessions/{id}/classroom) for the
 * course title, the session's time zone, the viewer's role and the neighbouring lessons. 404 (an
 * unknown session, or a lesson not in its course) → not found.
 */
export const Route = createFileRoute('/classroom/$sessionId/lessons/$lessonId')({
  params: {
    parse: ({ sessionId, lessonId }) => ({ sessionId: parseId(sessionId), lessonId: parseId(lessonId) }),
    stringify: ({ sessionId, lessonId }) => ({ sessionId: String(sessionId), lessonId: String(lessonId) }),
  },
  beforeLoad: (opts) => requireAuth(opts, ROLES.classroom),
  loader: async ({ context: { api }, params: { sessionId, lessonId } }) => {
    if (Number.isNaN(sessionId) || Number.isNaN(lessonId)) throw notFound();
    const [classroom, detail] = await Promise.all([
      loadData(api.GET('/sessions/{id}/classroom', { params: { path: { id: sessionId } } })),
      loadData(api.GET('/sessions/{id}/lessons/{lessonId}', { params: { path: { id: sessionId, lessonId } } })),
    ]);
    return { classroom, detail };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function ClassroomLessonRoute() {
    const { api, auth } = Route.useRouteContext();
    const { classroom, detail } = Route.useLoaderData();
    return (
      <ClassroomLessonPage
        key={detail.lesson.id}
        classroom={classroom}
        detail={detail}
        api={api}
        {...xhrCredentials(auth)}
      />
    );
  },
});
