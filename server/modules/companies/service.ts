import type { AppContext, Caller } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { CompanySettingsJson } from '../../db/types.js';

/** The contract's CompanySettings (spec §3 company theme). */
export interface CompanySettings extends CompanySettingsJson {
  companyId: number;
}

/** The contract's Company. */
export interface Company {
  id: number;
  name: string;
  acronym: string;
  settings: CompanySettings;
}

/** Loads a company, or null. */
export async function companyById(app: AppContext, id: number): Promise<Company | null> {
  const c = await app.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) return null;
  return { id: c.id, name: c.name, acronym: c.acronym, settings: { companyId: c.id, ...c.settings } };
}

const isStaff = (caller: Caller) => caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN';

/**
 * GET /companies/{id}/settings (the theme call of spec §7): members of the company and admins.
 * @throws 404 unknown company; 403 a user of another company.
 */
export async function getCompanySettings(app: AppContext, caller: Caller, id: number): Promise<CompanySettings> {
  const company = await companyById(app, id);
  if (!company) throw notFound('Company');
  if (!isStaff(caller) && caller.companyId !== id) throw forbidden('You are not a member of this company');
  return company.settings;
}

/**
 * PUT /companies/{id}/settings {style, links}: the company's partner or an admin. The logo is set
 * by POST /companies/{id}/picture and kept here.
 * @throws 404 unknown company; 403 anyone else.
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
  const settings: CompanySettingsJson = {
    style: input.style,
    links: input.links ?? company.settings.links,
    logo: company.settings.logo,
  };
  await app.db.updateTable('companies').set({ settings: JSON.stringify(settings) }).where('id', '=', id).execute();
  return { companyId: id, ...settings };
}
