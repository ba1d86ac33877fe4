import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { getDashboardStats } from './service.js';

/** Handlers of the dashboard operations. */
export const dashboardHandlers = {
  getDashboardStats: async ({ app, caller }) => ({ data: await getDashboardStats(app, requireCaller(caller)) }),
} satisfies HandlerTable;
