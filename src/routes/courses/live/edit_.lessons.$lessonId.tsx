import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { parseId } from '@/lib/load';
import { LessonAuthoringScreen } from '@/features/lesson-authoring/lesson-authoring-page';

/**
 * `/courses/live/edit/lessons/$lessonId`: the lesson-authoring screen (
 * docs/classroom.md) of a saved lesson, for educators and admins (the server answers 403 when
 * the lesson is not in one of the educator's courses). `lessonId` is a positive integer; anything
 * else is not found. Not nested in the course editor's route (`edit_`): the screen replaces it.
 * Keyed by the lesson, so another lesson starts a fresh form.
 */
export const Route = createFileRoute('/courses/live/edit_/lessons/$lessonId')({
  params: {
    parse: ({ lessonId }) => ({ lessonId: parseId(lessonId) }),
    stringify: ({ lessonId }) => ({ lessonId: String(lessonId) }),
  },
  beforeLoad: async (opts) => {
    const record = await requireAuth(opts, ROLES.staff);
    if (Number.isNaN(opts.params.lessonId)) throw notFound();
    return record;
  },
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function LessonAuthoringRoute() {
    const { api, auth } = Route.useRouteContext();
    const { lessonId } = Route.useParams();
    return <LessonAuthoringScreen key={lessonId} api={api} auth={auth} lessonId={lessonId} />;
  },
});
