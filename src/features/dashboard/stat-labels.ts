import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Names of the dashboard counters the API sends (DashboardStats.counters keys). */
export const counterLabels: Record<string, MessageDescriptor> = {
  enrollments: msg`Enrollments`,
  upcomingSessions: msg`Upcoming sessions`,
  runningSessions: msg`Running sessions`,
  completedSessions: msg`Completed sessions`,
  members: msg`Members`,
  privateCourses: msg`Private courses`,
  walletBalance: msg`Wallet balance`,
  courses: msg`Courses`,
  sessions: msg`Sessions`,
  learners: msg`Learners`,
  earnings: msg`Earnings`,
  users: msg`Users`,
  invitations: msg`Invitations`,
  pendingSessions: msg`Sessions awaiting approval`,
  pendingUsers: msg`Users awaiting approval`,
  revenue: msg`Revenue`,
};

/** Counters that are amounts of money in US dollars. */
export const MONEY_COUNTERS = new Set(['walletBalance', 'earnings', 'revenue']);

/** "pendingSessions" → "Pending sessions" for a counter the UI does not know yet. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names of the dashboard charts (DashboardStats.series keys). */
export const seriesLabels: Record<string, MessageDescriptor> = {
  usersByRole: msg`Users by role`,
  enrollmentsByWeek: msg`Enrollments per week`,
  revenueByWeek: msg`Revenue per week`,
  earningsByWeek: msg`Earnings per week`,
};

/** Series whose values are US dollars. */
export const MONEY_SERIES = new Set(['revenueByWeek', 'earningsByWeek']);

/** Series whose labels are week starts ('YYYY-MM-DD', Mondays). */
export const WEEKLY_SERIES = new Set(['enrollmentsByWeek', 'revenueByWeek', 'earningsByWeek']);

/** The order charts are shown in (others follow, by name). */
export const SERIES_ORDER = ['enrollmentsByWeek', 'earningsByWeek', 'revenueByWeek', 'usersByRole'];
