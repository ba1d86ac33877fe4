import { requireCaller, type Handlers } from '../../platform/context.js';
import { getCompanySettings, updateCompanySettings } from './service.js';

/** Handlers of the Companies operations built so far (the theme call of spec §7). */
export const companiesHandlers: Handlers = {
  getCompanySettings: async ({ app, caller, params }) => ({ data: await getCompanySettings(app, requireCaller(caller), params.id) }),
  updateCompanySettings: async ({ app, caller, params, body }) => ({
    data: await updateCompanySettings(app, requireCaller(caller), params.id, body),
  }),
};
