import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireAuth } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { CourseEditorScreen } from '@/features/course-editor/course-editor-page';
import { RouteError } from '@/features/layout/route-error';
import { lenient, parseSearch } from '@/lib/route-flags';

/** `id`: the course to edit (a positive integer, from `?id=12`); absent or invalid = a new course. */
const searchSchema = v.object({
  id: lenient(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
});

/**
 * `/courses/live/edit?id={id}`: the course editor (product.md#screens), for educators and admins. Without
 * `id` it creates a course; after a create or an update the editor comes back here with the id.
 * The screen is keyed by the id, so another course starts a fresh form.
 */
export const Route = createFileRoute('/courses/live/edit')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  beforeLoad: (opts) => requireAuth(opts, ROLES.staff),
  errorComponent: RouteError,
  component: function CourseEditorRoute() {
    const { api, auth } = Route.useRouteContext();
    const { id } = Route.useSearch();
    return <CourseEditorScreen key={id ?? 'new'} api={api} auth={auth} courseId={id} />;
  },
});
