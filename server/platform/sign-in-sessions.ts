import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Role } from '../db/types.js';
import type { TokenService } from './tokens.js';

/**
 * Sign-in sessions (OWASP ASVS 3.3.1 "logout invalidates the session", 3.5 token-based sessions;
 * docs/decisions.md "Sign-in sessions"). Every sign-in is an `auth_sessions` row; its access tokens
 * carry the row's id as `sid`, and `authenticate` (authn.ts) accepts a token only while its row is
 * neither revoked nor expired. Sign-out revokes the row; a password change or reset revokes every
 * row of the user. A directory sign-in also has refresh tokens (the `halaqa.refresh` cookie): each
 * is used once and replaced (rotation); a used one presented again ends the sign-in (reuse detection).
 *
 * Lifetimes run on the wall clock (`Date.now()`), like the access token's `exp` that jose checks.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** What a sign-in was made with. */
export type SessionKind = 'password' | 'federated';

/** A used refresh token presented again this soon (seconds) is two tabs refreshing at once, not a theft. */
export const REFRESH_REUSE_GRACE_S = 30;

/** SHA-256 (base64url) of a refresh token: what `auth_refresh_tokens` stores. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * Opens a session and issues its first access token (claims `sub`, `role`, `cid`, `tv`, `sid`).
 * @param ttlSeconds the access token's lifetime (default the configured JWT_TTL_SECONDS)
 * @param sessionTtlSeconds the session's lifetime, seconds: the token's by default (a password
 *   sign-in has no refresh); a directory sign-in lives as long as its refresh cookie.
 * @returns the token, its expiry and the session id.
 */
export async function openSession(
  db: Db,
  tokens: TokenService,
  user: { id: number; role: Role; company_id: number | null; token_version?: number },
  options: { kind?: SessionKind; ttlSeconds?: number; sessionTtlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: Date; sessionId: string; sessionExpiresAt: Date }> {
  const sessionId = randomUUID();
  const issued = await tokens.issue(
    { sub: user.id, role: user.role, cid: user.company_id, tv: user.token_version ?? 0, sid: sessionId },
    options.ttlSeconds,
  );
  const sessionExpiresAt =
    options.sessionTtlSeconds === undefined
      ? issued.expiresAt
      : new Date(Date.now() + options.sessionTtlSeconds * 1000);
  await db
    .insertInto('auth_sessions')
    .values({ id: sessionId, user_id: user.id, kind: options.kind ?? 'password', expires_at: sessionExpiresAt })
    .execute();
  // Counted for the dashboard's greeting ("Welcome" on the first sign-in, then "Welcome back").
  await db
    .updateTable('users')
    .set((eb) => ({ sign_in_count: eb('sign_in_count', '+', 1) }))
    .where('id', '=', user.id)
    .execute();
  return { ...issued, sessionId, sessionExpiresAt };
}

/** Revokes one session (sign-out): its access and refresh tokens stop working. Idempotent. */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user (password change or reset: ASVS 3.3.3). */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Adds a fresh refresh token (32 random bytes, base64url) to a session; only its hash is stored.
 * @returns the token, to be set as the `halaqa.refresh` cookie.
 */
export async function addRefreshToken(db: Db, sessionId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_refresh_tokens')
    .values({ token_hash: hashRefreshToken(token), session_id: sessionId, created_at: now })
    .execute();
  return token;
}

/** The session a refresh token belongs to, used or not, or null (unknown token). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('auth_refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  return row?.session_id ?? null;
}

/** What presenting a refresh token did (see {@link rotateRefreshToken}). */
export type Rotation =
  /** The token was current: it is used now, `refreshToken` replaces it. */
  | { outcome: 'rotated'; sessionId: string; userId: number; refreshToken: string; sessionExpiresAt: Date }
  /** Used less than {@link REFRESH_REUSE_GRACE_S} ago (another tab's refresh won): no new refresh token. */
  | { outcome: 'grace'; sessionId: string; userId: number; sessionExpiresAt: Date }
  /** Reused after the grace: the whole session was revoked. */
  | { outcome: 'reused'; sessionId: string }
  /** Unknown token, or its session is revoked or expired. */
  | { outcome: 'refused' };

/**
 * Uses a refresh token once, in one transaction: the current token of a live session is marked
 * used and replaced by a new one; a token already used is a replay (a copied cookie) and revokes
 * its session, so the thief's and the owner's tokens all stop (ASVS 3.5, "refresh token rotation"
 * with reuse detection), except within {@link REFRESH_REUSE_GRACE_S} of its use, when two tabs of
 * one browser refreshed at once (the cookie jar already holds the successor).
 * @param now the app's clock, for `used_at` and the grace.
 */
export async function rotateRefreshToken(db: Kysely<Database>, token: string, now: Date): Promise<Rotation> {
  const hash = hashRefreshToken(token);
  return db.transaction().execute(async (trx): Promise<Rotation> => {
    const claimed = await trx
      .updateTable('auth_refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('session_id')
      .executeTakeFirst();
    const earlier = claimed
      ? null
      : await trx
          .selectFrom('auth_refresh_tokens')
          .select(['session_id', 'used_at'])
          .where('token_hash', '=', hash)
          .executeTakeFirst();
    const sessionId = claimed?.session_id ?? earlier?.session_id;
    if (!sessionId) return { outcome: 'refused' };
    const session = await trx
      .selectFrom('auth_sessions')
      .select(['user_id', 'expires_at'])
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!session) return { outcome: 'refused' };
    if (earlier) {
      if (earlier.used_at && now.getTime() - earlier.used_at.getTime() < REFRESH_REUSE_GRACE_S * 1000) {
        return { outcome: 'grace', sessionId, userId: session.user_id, sessionExpiresAt: session.expires_at };
      }
      await revokeSession(trx, sessionId, now);
      return { outcome: 'reused', sessionId };
    }
    await trx.updateTable('auth_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    const refreshToken = await addRefreshToken(trx, sessionId, now);
    return {
      outcome: 'rotated',
      sessionId,
      userId: session.user_id,
      refreshToken,
      sessionExpiresAt: session.expires_at,
    };
  });
}

/** How long an expired or revoked session is kept before the jobs delete it (seconds): a day, for the logs' sake. */
export const SESSION_KEPT_AFTER_END_S = 24 * 3600;

/**
 * Deletes sessions that expired more than {@link SESSION_KEPT_AFTER_END_S} ago, with their refresh
 * tokens and directory tokens (foreign keys, on delete cascade). Run by the periodic jobs.
 * @returns how many sessions went.
 */
export async function purgeExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SESSION_KEPT_AFTER_END_S * 1000);
  const gone = await db.deleteFrom('auth_sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Signs a user in without a password, for tests and benchmarks that need many callers (scrypt per
 * sign-in would dominate them): a password session and its access token.
 * @returns the bearer token.
 */
export async function signInForTests(
  db: Kysely<Database>,
  tokens: TokenService,
  user: { id: number; role: Role; company_id?: number | null; token_version?: number },
  ttlSeconds?: number,
): Promise<string> {
  return (
    await openSession(
      db,
      tokens,
      { id: user.id, role: user.role, company_id: user.company_id ?? null, token_version: user.token_version ?? 0 },
      { ttlSeconds },
    )
  ).token;
}
