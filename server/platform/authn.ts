import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Caller } from './context.js';
import type { TokenService } from './tokens.js';

/**
 * Reads the caller of a request (spec §6): the bearer token of `Authorization: Bearer …`, or the
 * `?token=` query parameter of authenticated URLs; the legacy flag from `X-Auth-Legacy` or
 * `?auth-legacy=` (`0` = federated sign-in, anything else = the product's own sign-in).
 * The user is read again on every request, so a deleted or rejected user's token stops working, and
 * so does a token issued before the password was changed or reset (its `tv` claim is older than
 * `users.token_version`, issue 13).
 * @returns the caller, or null when there is no token, it does not verify (HS256, expiry), or the
 *   user may no longer sign in, or the token predates the account's last password change.
 */
export async function authenticate(request: FastifyRequest, db: Kysely<Database>, tokens: TokenService): Promise<Caller | null> {
  const header = request.headers.authorization;
  const query = request.query as Record<string, unknown> | undefined;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : typeof query?.token === 'string' ? query.token : null;
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await db.selectFrom('users').select(['id', 'role', 'status', 'company_id', 'token_version']).where('id', '=', claims.sub).executeTakeFirst();
  if (!user || user.status === 'DELETED' || user.status === 'REJECTED') return null;
  if ((claims.tv ?? 0) !== user.token_version) return null;
  const legacy = request.headers['x-auth-legacy'] ?? query?.['auth-legacy'];
  return { userId: user.id, role: user.role, status: user.status, companyId: user.company_id, federated: String(legacy) === '0' };
}
