import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Caller } from './context.js';
import type { TokenService } from './tokens.js';

/**
 * Reads the caller of a request (product.md#roles): the bearer token of `Authorization: Bearer …`, or the
 * `?token=` query parameter of authenticated URLs; the legacy flag from `X-Auth-Legacy` or
 * `?auth-legacy=` (`0` = federated sign-in, anything else = the product's own sign-in).
 * The user is read again on every request, so a deleted or rejected user's token stops working, and
 * so does a token issued before the password was changed or reset (its `tv` claim is older than
 * `users.token_version`). The same statement reads the token's sign-in session (claim `sid`, primary
 * keys of `auth_sessions` and `users`): a session ended by sign-out, a password change or reset, or a
 * reused refresh token, or one past its expiry, ends its tokens at once (OWASP ASVS 3.3.1;
 * server/platform/sign-in-sessions.ts).
 * @returns the caller, or null when there is no token, it does not verify (HS256, expiry, no `sid`),
 *   its session is revoked or expired, the user may no longer sign in, or the token predates the
 *   account's last password change.
 */
export async function authenticate(
  request: FastifyRequest,
  db: Kysely<Database>,
  tokens: TokenService,
): Promise<Caller | null> {
  const header = request.headers.authorization;
  const query = request.query as Record<string, unknown> | undefined;
  const token = header?.startsWith('Bearer ')
    ? header.slice(7).trim()
    : typeof query?.token === 'string'
      ? query.token
      : null;
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.role', 'u.status', 'u.company_id', 'u.token_version'])
    .where('s.id', '=', claims.sid)
    .where('s.user_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!user || user.status === 'DELETED' || user.status === 'REJECTED') return null;
  if ((claims.tv ?? 0) !== user.token_version) return null;
  const legacy = request.headers['x-auth-legacy'] ?? query?.['auth-legacy'];
  return {
    userId: user.id,
    role: user.role,
    status: user.status,
    companyId: user.company_id,
    federated: String(legacy) === '0',
    sessionId: claims.sid,
  };
}
