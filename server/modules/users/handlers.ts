import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { createMyAddress, listMyAddresses } from './addresses.js';
import { decideUser, listUsersByRole } from './admin-service.js';
import { inviteMany } from './invitation-bulk.js';
import { readBulkInviteFile } from './invitation-file.js';
import {
  acceptInvitation,
  inviteOne,
  listInvitations,
  previewInvitation,
  resendInvitation,
  withdrawInvitation,
} from './invitations.js';
import { getMyCompany, getUser } from './service.js';

/** Handlers of the Users operations (openapi/halaqa.yaml tag Users; product.md#calls): accounts, addresses, admin lists and decisions, invitations. */
export const usersHandlers = {
  getUser: async ({ app, caller, params }) => ({ data: await getUser(app, requireCaller(caller), params.id) }),
  getMyCompany: async ({ app, caller }) => ({ data: await getMyCompany(app, requireCaller(caller)) }),
  listMyAddresses: async ({ app, caller }) => ({ data: await listMyAddresses(app, requireCaller(caller)) }),
  createMyAddress: async ({ app, caller, body }) => ({
    status: 201,
    data: await createMyAddress(app, requireCaller(caller), body),
  }),
  listEducators: async ({ app, caller, query }) => ({
    data: await listUsersByRole(app, requireCaller(caller), 'EDUCATOR', query),
  }),
  listLearners: async ({ app, caller, query }) => ({
    data: await listUsersByRole(app, requireCaller(caller), 'LEARNER', query),
  }),
  listPartners: async ({ app, caller, query }) => ({
    data: await listUsersByRole(app, requireCaller(caller), 'PARTNER', query),
  }),
  listInvitations: async ({ app, tenant, query }) => ({ data: await listInvitations(app, tenant, query) }),
  inviteUser: async ({ app, tenant, body }) => ({ status: 201, data: await inviteOne(app, tenant, body) }),
  bulkInviteUsers: async ({ app, tenant, body }) => ({
    status: 201,
    data: await inviteMany(app, tenant, await readBulkInviteFile(body.file)),
  }),
  deleteInvite: async ({ app, tenant, params }) => ({ data: await withdrawInvitation(app, tenant, params.id) }),
  resendInvitation: async ({ app, tenant, params }) => ({
    status: 202,
    data: await resendInvitation(app, tenant, params.id, params.invitationId),
  }),
  getInvitation: async ({ app, params }) => ({ data: await previewInvitation(app, params.token) }),
  acceptInvitation: async ({ app, caller, params }) => ({
    data: await acceptInvitation(app, requireCaller(caller), params.token),
  }),
  approveUser: async ({ app, caller, params }) => ({
    data: await decideUser(app, requireCaller(caller), params.id, 'approve', null),
  }),
  rejectUser: async ({ app, caller, params, body }) => ({
    data: await decideUser(app, requireCaller(caller), params.id, 'reject', body.message.trim()),
  }),
  deleteUser: async ({ app, caller, params, body }) => ({
    data: await decideUser(app, requireCaller(caller), params.id, 'delete', body.message.trim()),
  }),
} satisfies HandlerTable;
