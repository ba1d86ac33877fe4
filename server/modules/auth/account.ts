import { createHash, randomBytes } from 'node:crypto';
import type { Schema } from '../../platform/handlers.js';
import type { Caller } from '../../platform/context.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { MailLocale } from '../../platform/mail/templates.js';
import { passwords } from '../../platform/passwords.js';
import { revokeUserSessions } from '../../platform/sign-in-sessions.js';
import { toUserView } from '../users/service.js';
import { passwordResetFederated, passwordResetLink, passwordResetNoAccount } from './mails.js';
import { issue, passwordProblem } from './service.js';

/** How long a reset link works (one hour). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** The one answer of a reset request, whether the address has an account or not. */
export const RESET_REQUEST_ANSWER = 'If the address has an account, a reset link is on its way.';
export const RESET_DONE_ANSWER = 'Your password has been reset, you can now login!';
export const PASSWORD_CHANGED_ANSWER = 'password changed !';

/** SHA-256 of a reset token (hex): what `password_resets.token_hash` stores; the token itself is only mailed. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * POST /account/reset-password/request (product.md#calls). Both cases do the same work, so neither the
 * answer nor its timing tells whether `email` has an account: a 32-byte random token is made and
 * its SHA-256 recorded in `password_resets` (user_id null for no account), a scrypt verification
 * runs (against the account's hash or the dummy hash), and one mail is sent: the reset link in
 * the account's language, or "no account uses this address" in `language`. An account of a
 * directory (MA or QA single sign-on) has no Halaqa password: its mail says to sign in with the
 * directory, and its recorded request has no user, so no link can ever set a password on it.
 * @returns the same acknowledgement in every case.
 */
export async function requestPasswordReset(
  app: AppContext,
  email: string,
  language: MailLocale = 'en',
): Promise<{ message: string }> {
  const address = email.trim();
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language', 'status', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address.toLowerCase()))
    .executeTakeFirst();
  const found = user && user.status !== 'DELETED' && user.status !== 'REJECTED' ? user : null;
  // An account of a directory (single sign-on) has no Halaqa password: no usable token for it.
  const directory = found
    ? ((
        await app.db
          .selectFrom('federated_identities')
          .select('provider')
          .where('user_id', '=', found.id)
          .executeTakeFirst()
      )?.provider ?? null)
    : null;
  const active = directory ? null : found;
  // The same scrypt work as a sign-in, known address or not (its result is not needed).
  await passwords.verify(
    randomBytes(12).toString('base64url'),
    active ? active.password_hash : await passwords.dummyHash(app.config.scryptLogN),
  );
  const token = randomBytes(32).toString('base64url');
  const now = app.now();
  await app.db
    .insertInto('password_resets')
    .values({
      user_id: active?.id ?? null,
      email: found?.email ?? address,
      token_hash: hashResetToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
    })
    .execute();
  if (active) {
    const url = `${app.config.publicUrl}/reset-password?${new URLSearchParams({ email: active.email, token }).toString()}`;
    await app.mailer.sendTemplate(
      passwordResetLink,
      { firstName: active.first_name, url, minutes: RESET_TOKEN_TTL_MINUTES },
      { email: active.email, language: active.language },
      active.id,
    );
  } else if (found && directory) {
    const url = `${app.config.publicUrl}/login?${new URLSearchParams({ 'sign-in-with-redirect': directory }).toString()}`;
    await app.mailer.sendTemplate(
      passwordResetFederated,
      { firstName: found.first_name, provider: directory, url },
      { email: found.email, language: found.language },
      found.id,
    );
  } else {
    await app.mailer.sendTemplate(
      passwordResetNoAccount,
      { url: `${app.config.publicUrl}/signup` },
      { email: address, language },
    );
  }
  return { message: RESET_REQUEST_ANSWER };
}

export interface ResetInput {
  email: string;
  token: string;
  password: string;
  confirmPassword: string;
}

/**
 * POST /account/reset-password (product.md#calls, #validation "Reset password needs email, token, password,
 * confirmPassword"). In one transaction, with the reset row locked: the token is marked used, the
 * password replaced (at the configured scrypt cost), `token_version` incremented and every sign-in
 * session of the account revoked, which ends all its sign-ins (OWASP ASVS 3.3.3).
 * @throws 400 on `password` (#validation policy) or `confirmPassword` (not equal), nothing changed;
 *   422 with one field error on `token`: `invalid` (unknown, or not this e-mail's), `used`, `expired`.
 */
export async function resetPassword(app: AppContext, input: ResetInput): Promise<{ message: string }> {
  const errors = [];
  const problem = passwordProblem(input.password);
  if (problem) errors.push({ path: 'password', message: problem });
  if (input.confirmPassword !== input.password)
    errors.push({ path: 'confirmPassword', message: 'must be the same as the password' });
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  const passwordHash = await passwords.hash(input.password, app.config.scryptLogN);
  const tokenHash = hashResetToken(input.token);
  await app.db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    const refuse = (why: 'invalid' | 'used' | 'expired', message: string) =>
      unprocessable(message, [{ path: 'token', message: why }]);
    if (!reset || reset.user_id === null || reset.email.toLowerCase() !== input.email.trim().toLowerCase()) {
      throw refuse('invalid', 'This reset link is not valid');
    }
    if (reset.used_at) throw refuse('used', 'This reset link has already been used');
    if (reset.expires_at.getTime() <= app.now().getTime()) throw refuse('expired', 'This reset link has expired');
    const user = await trx
      .selectFrom('users')
      .select(['id', 'status'])
      .where('id', '=', reset.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.status === 'DELETED' || user.status === 'REJECTED')
      throw refuse('invalid', 'This reset link is not valid');
    await trx.updateTable('password_resets').set({ used_at: app.now() }).where('id', '=', reset.id).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, app.now());
  });
  return { message: RESET_DONE_ANSWER };
}

/**
 * PUT /account/password (product.md#calls {oldPassword, newPassword}). Checks the old password; then, in one
 * transaction, stores the new one and increments `token_version` in one statement guarded by the
 * hash it checked, revokes every sign-in session of the account (OWASP ASVS 3.3.3) and opens a new
 * one for the caller, whose fresh token it answers.
 * @throws 403 for a federated sign-in (no password here); 400 with a message on `oldPassword`
 *   when it is wrong, on `newPassword` when it breaks the #validation policy; nothing changed.
 */
export async function changePassword(
  app: AppContext,
  caller: Caller,
  oldPassword: string,
  newPassword: string,
): Promise<Schema<'PasswordChanged'>> {
  if (caller.federated) throw forbidden('Your password is managed by your organisation’s sign-in');
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', caller.userId).executeTakeFirst();
  if (!user) throw notFound('User');
  if (!(await passwords.verify(oldPassword, user.password_hash))) {
    throw badRequest('Your current password is not correct', [{ path: 'oldPassword', message: 'is not correct' }]);
  }
  const problem = passwordProblem(newPassword);
  if (problem) throw badRequest('Some fields are invalid', [{ path: 'newPassword', message: problem }]);
  const passwordHash = await passwords.hash(newPassword, app.config.scryptLogN);
  const { token, expiresAt } = await app.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .returningAll()
      .executeTakeFirst();
    // Changed by another request between the check and the write: the old password proven is stale.
    if (!updated)
      throw badRequest('Your current password is not correct', [{ path: 'oldPassword', message: 'is not correct' }]);
    await revokeUserSessions(trx, user.id, app.now());
    return issue(app, updated, trx);
  });
  return { message: PASSWORD_CHANGED_ANSWER, token, expiresAt };
}

/**
 * PUT /account/profile (product.md#calls account info): first and last name (trimmed, 1-100 characters)
 * and, when sent, the language of the caller's mails.
 * @returns the contract's User. @throws 400 with field errors for a blank name, nothing changed.
 */
export async function updateProfile(
  app: AppContext,
  caller: Caller,
  input: { firstName: string; lastName: string; language?: MailLocale },
): Promise<Schema<'User'>> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const errors = [];
  if (!firstName) errors.push({ path: 'firstName', message: 'is required' });
  if (!lastName) errors.push({ path: 'lastName', message: 'is required' });
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  const row = await app.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName, ...(input.language ? { language: input.language } : {}) })
    .where('id', '=', caller.userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('User');
  return toUserView(row);
}
