import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { AttendanceFilters, CompanyAttendanceAnalytics, SessionAttendance } from './attendance-analytics.machine';

/**
 * The attendance analytics machine's actors:
 * - loadAnalytics: `GET /companies/{id}/analytics/attendance` with the filters as query;
 * - loadGrid: `GET /sessions/{id}/attendance` (a partner gets only their company's learners);
 * - exportCsv: the browser-bound download, injected by the page (`effects.exportCsv`: builds the
 *   CSV with `buildAttendanceCsv` and saves it), answering the number of rows written.
 * The calls reject with an `ApiError` (`status`, `serverMessage`) or the network error.
 */
export function createAttendanceAnalyticsActors(
  api: Api,
  effects: { exportCsv: (data: CompanyAttendanceAnalytics) => Promise<{ rows: number }> },
) {
  return {
    loadAnalytics: fromPromise<CompanyAttendanceAnalytics, { companyId: number; filters: AttendanceFilters }>(
      async ({ input }) =>
        unwrap(
          await api.GET('/companies/{id}/analytics/attendance', {
            params: { path: { id: input.companyId }, query: { ...input.filters } },
          }),
        ),
    ),
    loadGrid: fromPromise<SessionAttendance, { sessionId: number }>(async ({ input }) =>
      unwrap(await api.GET('/sessions/{id}/attendance', { params: { path: { id: input.sessionId } } })),
    ),
    exportCsv: fromPromise<{ rows: number }, { data: CompanyAttendanceAnalytics }>(({ input }) =>
      effects.exportCsv(input.data),
    ),
  };
}
