import { assign, emit, setup } from 'xstate';
import type { Schema } from './support/contract';
import { notProvided } from './support/actors';
import { type Failure, failureOf } from './support/errors';

/**
 * The attendance analytics page (/dashboard/analytics/attendance; product.md#screens, the landing of QAD
 * partners), two regions:
 *
 * figures (GET /companies/{id}/analytics/attendance with the filters):
 *   loading ─done (no session)─▶ empty ; ─done─▶ ready ; ─error─▶ failed
 *   ready | empty | failed | loading ─filters.changed{filters} [datesInOrder]─▶ loading (the new filters)
 *                                    ─filters.changed [from after to]─▶ (stays; filterError 'dates.reversed')
 *   failed ─retry─▶ loading
 *   ready ─export.requested─▶ exporting ─done─▶ ready (emits `exported`) ; ─error─▶ ready (exportError)
 *
 * grid (a session's attendance grid, restricted by the server to the company's learners:
 * GET /sessions/{id}/attendance):
 *   closed ─grid.opened{sessionId}─▶ loading ─done─▶ shown ; ─error─▶ failed
 *   loading | shown | failed ─grid.opened{sessionId}─▶ loading (that session)
 *   failed ─grid.retry─▶ loading ; shown | failed | loading ─grid.closed─▶ closed
 *
 * Filters are dates 'YYYY-MM-DD' (inclusive) and ids; an empty filter is absent. No I/O here: the
 * load and the CSV download are injected actors (`createAttendanceAnalyticsActors`).
 */

export type CompanyAttendanceAnalytics = Schema<'CompanyAttendanceAnalytics'>;
export type SessionAttendance = Schema<'SessionAttendance'>;

/** The page's filters: a course, a session and occurrence dates ('YYYY-MM-DD', inclusive). */
export interface AttendanceFilters {
  courseId?: number;
  sessionId?: number;
  from?: string;
  to?: string;
}

export interface AttendanceAnalyticsInput {
  companyId: number;
  /** Filters to start with (from the URL). */
  filters?: AttendanceFilters;
}

export type AnalyticsFailure = Failure<'analytics.failed' | 'grid.failed' | 'export.failed'>;

export interface AttendanceAnalyticsContext {
  companyId: number;
  filters: AttendanceFilters;
  /** The last figures received (kept while new ones load, so the page does not jump). */
  data: CompanyAttendanceAnalytics | null;
  error: AnalyticsFailure | null;
  /** Why the last filter change was refused ('dates.reversed': from after to), or null. */
  filterError: 'dates.reversed' | null;
  exportError: AnalyticsFailure | null;
  /** The session whose grid is open or loading, or null. */
  gridSessionId: number | null;
  grid: SessionAttendance | null;
  gridError: AnalyticsFailure | null;
}

export type AttendanceAnalyticsEvent =
  | { type: 'filters.changed'; filters: AttendanceFilters }
  | { type: 'retry' }
  | { type: 'export.requested' }
  | { type: 'grid.opened'; sessionId: number }
  | { type: 'grid.retry' }
  | { type: 'grid.closed' };

export type AttendanceAnalyticsEmitted = { type: 'exported'; rows: number } | { type: 'export.failed' };

/** Drops empty filters (undefined, '', NaN) so that the request and the URL carry only real ones. */
export function cleanFilters(filters: AttendanceFilters): AttendanceFilters {
  const out: AttendanceFilters = {};
  if (filters.courseId !== undefined && Number.isInteger(filters.courseId) && filters.courseId > 0)
    out.courseId = filters.courseId;
  if (filters.sessionId !== undefined && Number.isInteger(filters.sessionId) && filters.sessionId > 0)
    out.sessionId = filters.sessionId;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  return out;
}

/** True unless both dates are set and `from` is after `to` ('YYYY-MM-DD' compares as text). */
export function datesInOrder(filters: AttendanceFilters): boolean {
  return !(filters.from && filters.to && filters.from > filters.to);
}

export const attendanceAnalyticsMachine = setup({
  types: {
    context: {} as AttendanceAnalyticsContext,
    events: {} as AttendanceAnalyticsEvent,
    input: {} as AttendanceAnalyticsInput,
    emitted: {} as AttendanceAnalyticsEmitted,
    tags: {} as 'loading' | 'exporting' | 'loadingGrid',
  },
  actors: {
    /** GET /companies/{id}/analytics/attendance?courseId&sessionId&from&to → the figures. */
    loadAnalytics: notProvided<CompanyAttendanceAnalytics, { companyId: number; filters: AttendanceFilters }>(
      'attendance-analytics',
      'loadAnalytics',
      'createAttendanceAnalyticsActors',
    ),
    /** Builds the CSV of the figures and hands it to the browser as a download → number of rows. */
    exportCsv: notProvided<{ rows: number }, { data: CompanyAttendanceAnalytics }>(
      'attendance-analytics',
      'exportCsv',
      'createAttendanceAnalyticsActors',
    ),
    /** GET /sessions/{id}/attendance → the grid (the company's learners only, for a partner). */
    loadGrid: notProvided<SessionAttendance, { sessionId: number }>(
      'attendance-analytics',
      'loadGrid',
      'createAttendanceAnalyticsActors',
    ),
  },
  actions: {
    assignFilters: assign((_, params: { filters: AttendanceFilters }) => ({
      filters: cleanFilters(params.filters),
      filterError: null,
    })),
    flagReversed: assign({ filterError: 'dates.reversed' as const }),
    assignData: assign((_, params: { data: CompanyAttendanceAnalytics }) => ({ data: params.data, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: failureOf('analytics.failed', params.error) })),
    clearExportError: assign({ exportError: null }),
    assignExportError: assign((_, params: { error: unknown }) => ({
      exportError: failureOf('export.failed', params.error),
    })),
    emitExported: emit((_, params: { rows: number }) => ({ type: 'exported' as const, rows: params.rows })),
    emitExportFailed: emit({ type: 'export.failed' as const }),
    openGrid: assign((_, params: { sessionId: number }) => ({
      gridSessionId: params.sessionId,
      grid: null,
      gridError: null,
    })),
    assignGrid: assign((_, params: { grid: SessionAttendance }) => ({ grid: params.grid, gridError: null })),
    assignGridError: assign((_, params: { error: unknown }) => ({ gridError: failureOf('grid.failed', params.error) })),
    closeGrid: assign({ gridSessionId: null, grid: null, gridError: null }),
  },
  guards: {
    datesInOrder: (_, params: { filters: AttendanceFilters }) => datesInOrder(params.filters),
    hasNoSession: (_, params: { data: CompanyAttendanceAnalytics }) => params.data.sessions.length === 0,
  },
}).createMachine({
  id: 'attendanceAnalytics',
  type: 'parallel',
  context: ({ input }) => ({
    companyId: input.companyId,
    filters: cleanFilters(input.filters ?? {}),
    data: null,
    error: null,
    filterError: null,
    exportError: null,
    gridSessionId: null,
    grid: null,
    gridError: null,
  }),
  states: {
    figures: {
      initial: 'loading',
      on: {
        'filters.changed': [
          {
            guard: { type: 'datesInOrder', params: ({ event }) => ({ filters: event.filters }) },
            target: '.loading',
            actions: { type: 'assignFilters', params: ({ event }) => ({ filters: event.filters }) },
          },
          { actions: 'flagReversed' },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
          on: {
            // A change while loading restarts the load (the older answer is dropped with its actor).
            'filters.changed': [
              {
                guard: { type: 'datesInOrder', params: ({ event }) => ({ filters: event.filters }) },
                target: 'loading',
                reenter: true,
                actions: { type: 'assignFilters', params: ({ event }) => ({ filters: event.filters }) },
              },
              { actions: 'flagReversed' },
            ],
          },
          invoke: {
            id: 'loadAnalytics',
            src: 'loadAnalytics',
            input: ({ context }) => ({ companyId: context.companyId, filters: context.filters }),
            onDone: [
              {
                guard: { type: 'hasNoSession', params: ({ event }) => ({ data: event.output }) },
                target: 'empty',
                actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
              },
              { target: 'ready', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          on: { 'export.requested': { target: 'exporting', actions: 'clearExportError' } },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ data: context.data! }),
            onDone: {
              target: 'ready',
              actions: { type: 'emitExported', params: ({ event }) => ({ rows: event.output.rows }) },
            },
            onError: {
              target: 'ready',
              actions: [
                { type: 'assignExportError', params: ({ event }) => ({ error: event.error }) },
                'emitExportFailed',
              ],
            },
          },
        },
        empty: {},
        failed: {
          on: { retry: { target: 'loading' } },
        },
      },
    },
    grid: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'grid.opened': {
              target: 'loading',
              actions: { type: 'openGrid', params: ({ event }) => ({ sessionId: event.sessionId }) },
            },
          },
        },
        loading: {
          tags: ['loadingGrid'],
          invoke: {
            id: 'loadGrid',
            src: 'loadGrid',
            input: ({ context }) => ({ sessionId: context.gridSessionId! }),
            onDone: {
              target: 'shown',
              actions: { type: 'assignGrid', params: ({ event }) => ({ grid: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignGridError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'grid.opened': {
              target: 'loading',
              reenter: true,
              actions: { type: 'openGrid', params: ({ event }) => ({ sessionId: event.sessionId }) },
            },
            'grid.closed': { target: 'closed', actions: 'closeGrid' },
          },
        },
        shown: {
          on: {
            'grid.opened': {
              target: 'loading',
              actions: { type: 'openGrid', params: ({ event }) => ({ sessionId: event.sessionId }) },
            },
            'grid.closed': { target: 'closed', actions: 'closeGrid' },
          },
        },
        failed: {
          on: {
            'grid.retry': { target: 'loading' },
            'grid.opened': {
              target: 'loading',
              actions: { type: 'openGrid', params: ({ event }) => ({ sessionId: event.sessionId }) },
            },
            'grid.closed': { target: 'closed', actions: 'closeGrid' },
          },
        },
      },
    },
  },
});
