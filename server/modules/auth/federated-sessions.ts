import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FederatedProviderCode } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import { unauthorized } from '../../platform/errors.js';
import { partnerLoginUri } from '../../platform/identity/oidc-client.js';
import type { Caller } from '../../platform/context.js';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from '../../platform/sign-in-sessions.js';
import { REFRESH_COOKIE, addCookie, cookie, readCookie } from './federation.js';

/**
 * A federated sign-in's life after the callback: its refresh-token rotation (the refresh cookie) and
 * the sign-out that ends it (auth/federation.ts starts and completes the sign-in).
 */

/** Seconds from now until `end`, at least 0: the Max-Age of a rotated refresh cookie. */
const secondsUntil = (end: Date) => Math.max(0, Math.floor((end.getTime() - Date.now()) / 1000));

/**
 * product.md#states, #limits: uses this browser's refresh cookie once (server/platform/sign-in-sessions.ts,
 * rotation with reuse detection), refreshes at the directory with its refresh token (rotated when
 * it sends a new one) and answers a new access token with a new cookie. A cookie another tab used
 * in the last 30 s gets an access token without refreshing again.
 * @throws 401 with no cookie, an unknown, ended or expired sign-in, a cookie used before (the
 *   sign-in is then ended: a copied cookie), an inactive account, or when the directory refuses
 *   (the sign-in is then ended).
 */
export async function refreshFederatedToken(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ token: string; expiresAt: string }> {
  const ended = 'Your sign-in has ended. Please sign in again.';
  const presented = readCookie(request, REFRESH_COOKIE);
  if (!presented) throw unauthorized(ended);
  const rotation = await rotateRefreshToken(app.db, presented, app.now());
  if (rotation.outcome === 'reused') {
    app.log.warn({ sessionId: rotation.sessionId }, 'a used refresh token was presented again: sign-in ended');
    await endFederatedSessions(app, [rotation.sessionId]);
  }
  if (rotation.outcome === 'reused' || rotation.outcome === 'refused') throw unauthorized(ended);
  const end = async () => {
    await revokeSession(app.db, rotation.sessionId, app.now());
    await endFederatedSessions(app, [rotation.sessionId]);
  };
  const session = await app.db
    .selectFrom('federated_sessions')
    .selectAll()
    .where('session_id', '=', rotation.sessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  const provider = session ? app.federation.provider(session.provider as FederatedProviderCode) : null;
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', rotation.userId).executeTakeFirst();
  if (
    !session ||
    !provider ||
    !session.provider_refresh_token ||
    !user ||
    user.status === 'DELETED' ||
    user.status === 'REJECTED'
  ) {
    await end();
    throw unauthorized(ended);
  }
  if (rotation.outcome === 'rotated') {
    let tokens;
    try {
      tokens = await app.federation.refresh(provider, session.provider_refresh_token);
    } catch (err) {
      app.log.info({ err, provider: provider.code, userId: user.id }, 'federated refresh refused');
      await end();
      throw unauthorized(ended);
    }
    await app.db
      .updateTable('federated_sessions')
      .set({
        provider_refresh_token: tokens.refreshToken ?? session.provider_refresh_token,
        id_token: tokens.idToken ?? session.id_token,
        refreshed_at: app.now(),
      })
      .where('id', '=', session.id)
      .execute();
    addCookie(
      reply,
      cookie(
        app,
        REFRESH_COOKIE,
        rotation.refreshToken,
        '/api/auth',
        secondsUntil(rotation.sessionExpiresAt),
        'Strict',
      ),
    );
  }
  const issued = await app.tokens.issue(
    { sub: user.id, role: user.role, cid: user.company_id, tv: user.token_version, sid: rotation.sessionId },
    Math.min(app.config.federation.accessTtlSeconds, Math.max(1, secondsUntil(rotation.sessionExpiresAt))),
  );
  return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
}

/** Marks the directory tokens of these sign-ins ended (they are not refreshed again). */
async function endFederatedSessions(app: AppContext, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await app.db
    .updateTable('federated_sessions')
    .set({ ended_at: app.now() })
    .where('session_id', 'in', sessionIds)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Signs out (OWASP ASVS 3.3.1): revokes the sign-in session of the bearer token and the one of
 * this browser's refresh cookie, so their access and refresh tokens stop working at once, and
 * clears the cookie. For a directory sign-in it also revokes the directory's refresh token and
 * answers the directory's end-session URL returning to the partner login (product.md#screens); `logoutUrl:
 * null` otherwise.
 */
export async function signOut(
  app: AppContext,
  caller: Caller | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ logoutUrl: string | null }> {
  const presented = readCookie(request, REFRESH_COOKIE);
  const ofCookie = presented ? await sessionOfRefreshToken(app.db, presented) : null;
  const sessionIds = [...new Set([caller?.sessionId, ofCookie].filter((id): id is string => typeof id === 'string'))];
  addCookie(reply, cookie(app, REFRESH_COOKIE, '', '/api/auth', 0, 'Strict'));
  if (sessionIds.length === 0) return { logoutUrl: null };
  const now = app.now();
  for (const id of sessionIds) await revokeSession(app.db, id, now);
  const federated = await app.db
    .updateTable('federated_sessions')
    .set({ ended_at: now })
    .where('session_id', 'in', sessionIds)
    .where('ended_at', 'is', null)
    .returningAll()
    .execute();
  let logoutUrl: string | null = null;
  for (const session of federated) {
    const provider = app.federation.provider(session.provider as FederatedProviderCode);
    if (!provider) continue;
    if (session.provider_refresh_token) await app.federation.revoke(provider, session.provider_refresh_token);
    logoutUrl ??= await app.federation
      .endSessionUrl(provider, session.id_token, partnerLoginUri(app.config.publicUrl, provider.code))
      .catch(() => null);
  }
  return { logoutUrl };
}
