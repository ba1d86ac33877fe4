import { requireCaller, type Handlers } from '../../platform/context.js';
import { getDashboardStats } from './service.js';

/** Handlers of the dashboard operations. */
export const dashboardHandlers: Handlers = {
  getDashboardStats: async ({ app, caller }) => ({ data: await getDashboardStats(app, requireCaller(caller)) }),
};
