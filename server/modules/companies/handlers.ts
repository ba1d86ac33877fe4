import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { companyAttendanceAnalytics } from './analytics.js';
import { listMembers, removeMember } from './members.js';
import { getCompanySettings, setCompanyLogo, updateCompanySettings } from './service.js';

/** Handlers of the Companies operations (openapi/halaqa.yaml tag Companies; the theme and logo of product.md#entities, #calls). */
export const companiesHandlers = {
  getCompanySettings: async ({ app, caller, params }) => ({
    data: await getCompanySettings(app, requireCaller(caller), params.id),
  }),
  updateCompanySettings: async ({ app, caller, params, body }) => ({
    data: await updateCompanySettings(app, requireCaller(caller), params.id, body),
  }),
  uploadCompanyPicture: async ({ app, caller, params, body }) => ({
    status: 201,
    data: await setCompanyLogo(app, requireCaller(caller), params.id, body.picture),
  }),
  getCompanyAttendanceAnalytics: async ({ app, caller, tenant, params, query }) => ({
    data: await companyAttendanceAnalytics(
      app,
      tenant,
      { partnerApproved: requireCaller(caller).status === 'APPROVED' },
      params.id,
      {
        courseId: query.courseId,
        sessionId: query.sessionId,
        from: query.from,
        to: query.to,
      },
    ),
  }),
  listCompanyMembers: async ({ app, tenant, params, query }) => ({
    data: await listMembers(app, tenant, params.id, query),
  }),
  removeCompanyMember: async ({ app, tenant, params }) => ({
    data: await removeMember(app, tenant, params.id, params.userId),
  }),
} satisfies HandlerTable;
