import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AttendancePage } from '@/features/analytics/attendance-page';
import { RouteError } from '@/features/layout/route-error';
import { lenient } from '@/lib/route-flags';

const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(2147483647),
);
const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/** `?courseId&sessionId&from&to`: the page's filters (invalid values are dropped). */
const attendanceSearchSchema = v.object({
  courseId: lenient(positiveInt),
  sessionId: lenient(positiveInt),
  from: lenient(isoDate),
  to: lenient(isoDate),
});

/**
 * `/dashboard/analytics/attendance?courseId&sessionId&from&to` (product.md#screens: the landing of QAD
 * users): attendance of the signed-in partner's company's own learners (GET
 * /companies/{id}/analytics/attendance), driven by `machines/attendance-analytics.machine.ts`. The
 * filters live in the URL (a reload or a shared link keeps them). Users who are not a partner or
 * an admin of a company are told whom the page is for.
 */
export const Route = createFileRoute('/dashboard/analytics/attendance')({
  validateSearch: attendanceSearchSchema,
  errorComponent: RouteError,
  component: function AttendanceRoute() {
    const { api, record } = Route.useRouteContext();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AttendancePage
        api={api}
        record={record}
        initialFilters={search}
        onFiltersChange={(filters) => void navigate({ search: filters, replace: true })}
      />
    );
  },
});
