import type { SnapshotFrom } from 'xstate';
import type { attendanceAnalyticsMachine } from './attendance-analytics.machine';

/** A snapshot of the attendance analytics machine. */
export type AttendanceAnalyticsSnapshot = SnapshotFrom<typeof attendanceAnalyticsMachine>;

/** True while figures are being loaded (first load or after a filter change). */
export const isLoadingFigures = (s: AttendanceAnalyticsSnapshot): boolean => s.hasTag('loading');

/** True when the figures are shown (at least one session with the company's learners). */
export const hasFigures = (s: AttendanceAnalyticsSnapshot): boolean =>
  s.matches({ figures: 'ready' }) || s.matches({ figures: 'exporting' });

/** True when the company has no learner in any session of the filter. */
export const isEmpty = (s: AttendanceAnalyticsSnapshot): boolean => s.matches({ figures: 'empty' });

/** True when loading the figures failed (the page offers a retry). */
export const figuresFailed = (s: AttendanceAnalyticsSnapshot): boolean => s.matches({ figures: 'failed' });

/** True when "Export CSV" may be pressed (figures shown, no export running). */
export const canExport = (s: AttendanceAnalyticsSnapshot): boolean => s.can({ type: 'export.requested' });

/** True while the CSV is being built and saved. */
export const isExporting = (s: AttendanceAnalyticsSnapshot): boolean => s.hasTag('exporting');

/** True when the last filter change was refused because the start date is after the end date. */
export const datesReversed = (s: AttendanceAnalyticsSnapshot): boolean => s.context.filterError === 'dates.reversed';

/** True while a session's attendance grid is open (loading, shown or failed). */
export const isGridOpen = (s: AttendanceAnalyticsSnapshot): boolean => !s.matches({ grid: 'closed' });

/** True while a session's attendance grid is loading. */
export const isGridLoading = (s: AttendanceAnalyticsSnapshot): boolean => s.hasTag('loadingGrid');

/** True when loading a session's attendance grid failed. */
export const gridFailed = (s: AttendanceAnalyticsSnapshot): boolean => s.matches({ grid: 'failed' });
