import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { emailVerificationLink } from './mails.js';

/**
 * E-mail ownership of self-service sign-ups (docs/decisions.md "E-mail ownership"). The link's
 * token is `<user id>.<expiry, epoch seconds>.<HMAC-SHA-256>` of the id, the address (lower case)
 * and the expiry under the JWT secret: nothing is stored, and a token stops working when the
 * account's address changes.
 */

/** How long a verification link works, days. */
export const VERIFICATION_TTL_DAYS = 7;

function mac(secret: string, userId: number, email: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`email-verification:${userId}:${email.toLowerCase()}:${expires}`)
    .digest('base64url');
}

/** A verification token for this account and address, valid {@link VERIFICATION_TTL_DAYS} days from `now`. */
export function verificationToken(secret: string, userId: number, email: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + VERIFICATION_TTL_DAYS * 24 * 3600;
  return `${userId}.${expires}.${mac(secret, userId, email, expires)}`;
}

/** Mails the verification link to a new account's address, in its language (after the commit). */
export async function mailVerificationLink(
  app: AppContext,
  user: { id: number; email: string; first_name: string; language: Language },
): Promise<void> {
  const token = verificationToken(app.config.jwtSecret, user.id, user.email, app.now());
  const url = `${app.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await app.mailer.sendTemplate(
    emailVerificationLink,
    { firstName: user.first_name, url, days: VERIFICATION_TTL_DAYS },
    { email: user.email, language: user.language },
    user.id,
  );
}

/**
 * Marks the token's account verified (POST /auth/verify-email); verifying twice is not an error.
 * @returns the verified address.
 * @throws 400 at `token` when it is malformed, forged, expired, or for an address the account no longer has.
 */
export async function verifyEmail(app: AppContext, token: string): Promise<{ email: string }> {
  const invalid = () =>
    badRequest('This confirmation link is not valid or has expired.', [
      { path: 'token', message: 'is not valid or has expired' },
    ]);
  const m = /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) throw invalid();
  const userId = Number(m[1]);
  const expires = Number(m[2]);
  if (expires * 1000 < app.now().getTime()) throw invalid();
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw invalid();
  const expected = Buffer.from(mac(app.config.jwtSecret, user.id, user.email, expires));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  await app.db
    .updateTable('users')
    .set({ email_verified_at: app.now() })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();
  return { email: user.email };
}
