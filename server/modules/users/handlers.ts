import { requireCaller, type Handlers } from '../../platform/context.js';
import { createMyAddress, listMyAddresses } from './addresses.js';
import { decideUser, listInvitations, listUsersByRole, sendMail } from './admin-service.js';
import { getMyCompany, getUser } from './service.js';

/** Handlers of the Users operations built so far. */
export const usersHandlers: Handlers = {
  getUser: async ({ app, caller, params }) => ({ data: await getUser(app, requireCaller(caller), params.id) }),
  getMyCompany: async ({ app, caller }) => ({ data: await getMyCompany(app, requireCaller(caller)) }),
  listMyAddresses: async ({ app, caller }) => ({ data: await listMyAddresses(app, requireCaller(caller)) }),
  createMyAddress: async ({ app, caller, body }) => ({ status: 201, data: await createMyAddress(app, requireCaller(caller), body) }),
};


/** Handlers of the admin user lists and decisions, and of mail (spec §7 Users, Messaging). */
export const usersAdminHandlers: Handlers = {
  listEducators: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'EDUCATOR', query as never) }),
  listLearners: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'LEARNER', query as never) }),
  listPartners: async ({ app, caller, query }) => ({ data: await listUsersByRole(app, requireCaller(caller), 'PARTNER', query as never) }),
  listInvitations: async ({ app, caller, query }) => ({ data: await listInvitations(app, requireCaller(caller), query as never) }),
  approveUser: async ({ app, caller, params }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'approve', null) }),
  rejectUser: async ({ app, caller, params, body }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'reject', body.message.trim()) }),
  deleteUser: async ({ app, caller, params, body }) => ({ data: await decideUser(app, requireCaller(caller), params.id, 'delete', body.message.trim()) }),
  sendMail: async ({ app, caller, body }) => ({ status: 202, data: await sendMail(app, requireCaller(caller), body) }),
};
