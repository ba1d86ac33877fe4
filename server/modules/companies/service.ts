import type { Schema } from '../../platform/handlers.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { themeContrastErrors } from '../../platform/theme-contrast.js';
import type { CompanySettingsJson } from '../../db/types.js';
import { UPLOAD_POLICIES } from '../uploads/policy.js';
import { storeUpload, type UploadView } from '../uploads/service.js';

/** The contract's CompanySettings (product.md#entities company theme). */
export type CompanySettings = Schema<'CompanySettings'>;

/** The contract's Company. */
export type Company = Schema<'Company'>;

/** Loads a company, or null. */
export async function companyById(app: AppContext, id: number): Promise<Company | null> {
  const c = await app.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) return null;
  return { id: c.id, name: c.name, acronym: c.acronym, settings: { companyId: c.id, ...c.settings } };
}

const isStaff = (caller: Caller) => caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN';

/**
 * GET /companies/{id}/settings (the theme call of product.md#calls): members of the company and admins.
 * @throws 404 unknown company; 403 a user of another company.
 */
export async function getCompanySettings(app: AppContext, caller: Caller, id: number): Promise<CompanySettings> {
  const company = await companyById(app, id);
  if (!company) throw notFound('Company');
  if (!isStaff(caller) && caller.companyId !== id) throw forbidden('You are not a member of this company');
  return company.settings;
}

/**
 * PUT /companies/{id}/settings {style, links}: the company's approved partner, an admin or a super
 * admin. The logo is set by POST /companies/{id}/picture and kept here. Only readable themes are
 * stored (WCAG 2.1 AA, see `themeContrastErrors`).
 * @throws 404 unknown company; 403 anyone else; 400 "The theme is not readable" with one field
 *   error per unreadable colour (`style.primaryColor` …), nothing written.
 */
export async function updateCompanySettings(
  app: AppContext,
  caller: Caller,
  id: number,
  input: { style: CompanySettingsJson['style']; links?: Record<string, string> },
): Promise<CompanySettings> {
  const company = await companyById(app, id);
  if (!company) throw notFound('Company');
  const isPartner = caller.role === 'PARTNER' && caller.companyId === id && caller.status === 'APPROVED';
  if (!isStaff(caller) && !isPartner) throw forbidden('Only the company partner can change its settings');
  const unreadable = themeContrastErrors(input.style);
  if (unreadable.length > 0) throw badRequest('The theme is not readable', unreadable);
  const settings: CompanySettingsJson = {
    style: input.style,
    links: input.links ?? company.settings.links,
    logo: company.settings.logo,
  };
  await app.db
    .updateTable('companies')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', id)
    .execute();
  return { companyId: id, ...settings };
}

/**
 * POST /companies/{id}/picture: the company's approved partner, or an admin, uploads the logo
 * (COMPANYLOGO, images of product.md#validation), which becomes the company's `settings.logo`.
 * @throws 404 unknown company; 403 another company's partner; 400/413/415 from the upload checks.
 */
export async function setCompanyLogo(
  app: AppContext,
  caller: Caller,
  companyId: number,
  file: unknown,
): Promise<UploadView> {
  const company = await app.db
    .selectFrom('companies')
    .select(['id', 'settings'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw notFound('Company');
  const staff = caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN';
  if (!staff && !(caller.role === 'PARTNER' && caller.companyId === company.id && caller.status === 'APPROVED')) {
    throw forbidden('Only the company partner can change its logo');
  }
  const upload = await storeUpload(app, caller, UPLOAD_POLICIES.uploadCompanyPicture, file);
  await app.db
    .updateTable('companies')
    .set({ settings: JSON.stringify({ ...company.settings, logo: upload.url }) })
    .where('id', '=', company.id)
    .execute();
  return upload;
}
