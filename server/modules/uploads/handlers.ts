import { requireCaller, type Handlers } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { UPLOAD_POLICIES } from './policy.js';
import { storeUpload } from './service.js';

const { uploadCompanyPicture: companyPolicy, ...userUploads } = UPLOAD_POLICIES;

/** The upload operations of spec §7 (answer 201 `{id, url, type}`), and the company picture. */
export const uploadsHandlers: Handlers = {
  ...Object.fromEntries(
    Object.entries(userUploads).map(([operationId, policy]) => [
      operationId,
      (async ({ app, caller, body }) => ({ status: 201, data: await storeUpload(app, requireCaller(caller), policy, body?.[policy.field]) })) satisfies Handlers[string],
    ]),
  ),
  /** POST /companies/{id}/picture: the company's partner or an admin; the logo becomes the company's. */
  uploadCompanyPicture: async ({ app, caller, params, body }) => {
    const who = requireCaller(caller);
    const company = await app.db.selectFrom('companies').select(['id', 'settings']).where('id', '=', params.id).executeTakeFirst();
    if (!company) throw notFound('Company');
    const staff = who.role === 'ADMIN' || who.role === 'SUPER_ADMIN';
    if (!staff && !(who.role === 'PARTNER' && who.companyId === company.id && who.status === 'APPROVED')) {
      throw forbidden('Only the company partner can change its logo');
    }
    const upload = await storeUpload(app, who, companyPolicy, body?.[companyPolicy.field]);
    await app.db
      .updateTable('companies')
      .set({ settings: JSON.stringify({ ...company.settings, logo: upload.url }) })
      .where('id', '=', company.id)
      .execute();
    return { status: 201, data: upload };
  },
};
