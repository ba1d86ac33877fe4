import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { createMyAddress, listMyAddresses } from './addresses.js';
import { decideUser, listInvitations, listUsersByRole } from './admin-service.js';
import { getMyCompany, getUser } from './service.js';

/** Handlers of the Users operations (openapi/halaqa.yaml tag Users; spec §7): accounts, addresses, admin lists and decisions. */
export const usersHandlers = {
  getUser: async ({ app, caller, params }) => ({ data: await getUser(app, requireCaller(caller), params.id) }),
  getMyCompany: async ({ app, caller }) => ({ data: await getMyCompany(app, requireCaller(caller)) }),
  listMyAddresses: async ({ app, caller }) => ({ data: await listMyAddresses(app, requireCaller(caller)) }),
  createMyAddress: async ({ app, caller, body }) => ({ status: 201, data: await createMyAddress(app, requireCaller(caller), body) }),
  listEducators: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'EDUCATOR', query) }),
  listLearners: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'LEARNER', query) }),
  listPartners: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'PARTNER', query) }),
  listInvitations: async ({ app, caller, query }) => ({ data: await listInvitations(app, requireCaller(caller), query) }),
  approveUser: async ({ app, caller, params }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'approve', null) }),
  rejectUser: async ({ app, caller, params, body }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'reject', body.message.trim()) }),
  deleteUser: async ({ app, caller, params, body }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'delete', body.message.trim()) }),
} satisfies HandlerTable;
