import type { Schema } from '../../platform/handlers.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { companyById, type Company } from '../companies/service.js';

/** The contract's User. */
export type UserView = Schema<'User'>;

/**
 * GET /users/{id}: the user themself, admins, and partners for users of their own company.
 * @throws 404 for an unknown (or deleted) user, 403 for anyone else.
 */
export async function getUser(app: AppContext, caller: Caller, id: number): Promise<UserView> {
  const u = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u || u.status === 'DELETED') throw notFound('User');
  const allowed =
    caller.userId === u.id ||
    caller.role === 'ADMIN' ||
    caller.role === 'SUPER_ADMIN' ||
    (caller.role === 'PARTNER' && caller.companyId !== null && caller.companyId === u.company_id);
  if (!allowed) throw forbidden('You cannot see this user');
  return toUserView(u);
}

/** The contract's User from a users row (never the password hash). */
export function toUserView(u: UserRow): UserView {
  return {
    id: u.id,
    email: u.email,
    name: `${u.first_name} ${u.last_name}`.trim(),
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role,
    status: u.status,
    companyId: u.company_id,
    pictureUrl: u.picture_url,
    language: u.language,
    createdAt: u.created_at.toISOString(),
  };
}

/** GET /users/me/company. @throws 404 when the caller belongs to no company (product.md#calls). */
export async function getMyCompany(app: AppContext, caller: Caller): Promise<Company> {
  if (caller.companyId === null) throw notFound('Company');
  const company = await companyById(app, caller.companyId);
  if (!company) throw notFound('Company');
  return company;
}
