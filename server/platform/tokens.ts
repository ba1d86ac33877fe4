import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '../db/types.js';

/** Claims carried by an access token. */
export interface AccessClaims {
  /** user id */
  sub: number;
  role: Role;
  /** company (tenant) id, or null */
  cid: number | null;
  /**
   * The user's `token_version` when the token was issued (claim `tv`, 0 when absent): a password
   * change or reset increments the stored one, which ends every token issued before it.
   */
  tv?: number;
  /**
   * The sign-in session (`auth_sessions.id`, a uuid; claim `sid`): the token holds only while that
   * session is neither revoked (sign-out, password change or reset, a reused refresh token) nor
   * expired (server/platform/sign-in-sessions.ts). A token without it is refused.
   */
  sid: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ISSUER = 'halaqa';
const AUDIENCE = 'halaqa-api';

/** Signs and verifies HS256 access tokens (RFC 7519) with `jose`. */
export class TokenService {
  /**
   * The HMAC key (HS256), imported into WebCrypto once: given the secret's bytes, jose imports them
   * again on every signature and verification, which took half the 90 µs of CPU of a verification
   * here (every authenticated request verifies one).
   */
  private readonly key: Promise<CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * @param ttlSeconds lifetime, default the configured one (federated sign-ins use a shorter one).
   * @returns the token and its expiry instant.
   */
  async issue(claims: AccessClaims, ttlSeconds: number = this.ttlSeconds): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ttlSeconds;
    const token = await new SignJWT({ role: claims.role, cid: claims.cid, tv: claims.tv ?? 0, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /**
   * Verifies signature, issuer, audience and expiry (5 s clock tolerance, product.md#limits).
   * @returns the claims, or null for any invalid or expired token, or one without a session id
   *   (`sid`, issued before sign-in sessions existed: its user signs in again).
   */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        clockTolerance: 5,
      });
      const sub = Number(payload.sub);
      if (!Number.isInteger(sub)) return null;
      const tv = typeof payload.tv === 'number' && Number.isInteger(payload.tv) ? payload.tv : 0;
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      return { sub, role: payload.role as Role, cid: (payload.cid as number | null) ?? null, tv, sid: payload.sid };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}
