import type { Schema } from '../../platform/handlers.js';
import { sql } from 'kysely';
import type { Role } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, badRequest, conflict } from '../../platform/errors.js';
import { passwords } from '../../platform/passwords.js';

/** The contract's AuthResult: a bearer token, its expiry and the signed-in user. */
export type AuthResult = Schema<'AuthResult'>;

/** Spec §5: one @, a domain with a top-level part of 2 or more letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/**
 * Spec §5 password policy: at least 8 characters with a lower-case letter, an upper-case letter,
 * a digit and a special character. @returns the problem, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'must be at least 8 characters long';
  if (!/[a-z]/.test(password)) return 'must contain a lower-case letter';
  if (!/[A-Z]/.test(password)) return 'must contain an upper-case letter';
  if (!/\d/.test(password)) return 'must contain a digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'must contain a special character';
  return null;
}

/** The users-row fields a token and the AuthResult need. */
export interface TokenUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  company_id: number | null;
  /** carried as the `tv` claim (a password change ends older tokens) */
  token_version: number;
}

/** Issues a bearer token for a user (claims sub, role, cid, tv) and answers the contract's AuthResult. */
export async function issue(app: AppContext, user: TokenUser): Promise<AuthResult> {
  const { token, expiresAt } = await app.tokens.issue({ sub: user.id, role: user.role, cid: user.company_id, tv: user.token_version });
  return { token, expiresAt: expiresAt.toISOString(), user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), role: user.role } };
}

/**
 * Product sign-in (spec §7 POST /auth/signin). An unknown e-mail is verified against a dummy hash
 * of the configured cost, so it takes the same scrypt work as a known one (issue 13). A hash weaker
 * than `SCRYPT_LOG_N` (e.g. N = 2^14 from before) is stored again at that cost once the password
 * is proven right. Rate-limited per IP and e-mail (server/platform/rate-limits.ts).
 * @throws HttpError 401 'Invalid credentials' for an unknown email or a wrong password (same
 *   answer for both, so emails cannot be probed); 403 for a rejected or deleted account.
 */
export async function signIn(app: AppContext, email: string, password: string): Promise<AuthResult> {
  const user = await app.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const ok = await passwords.verify(password, user ? user.password_hash : await passwords.dummyHash(app.config.scryptLogN));
  if (!user || !ok) throw new HttpError(401, 'Invalid credentials');
  if (passwords.needsRehash(user.password_hash, app.config.scryptLogN)) {
    const upgraded = await passwords.hash(password, app.config.scryptLogN);
    // Only if nobody changed the password meanwhile (a reset between the read and this write wins).
    await app.db.updateTable('users').set({ password_hash: upgraded }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
  }
  if (user.status === 'REJECTED' || user.status === 'DELETED') {
    throw new HttpError(403, 'This account is not active. Please contact us.');
  }
  return issue(app, user);
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** LEARNER (default) or EDUCATOR; educators start PENDING until an admin approves them. */
  role?: 'LEARNER' | 'EDUCATOR';
}

/**
 * Learner (or educator) sign-up (spec §7 POST /auth/signup). Empty fields were omitted by the client.
 * @throws HttpError 400 with field errors (email format, password policy, names); 409 when the email is taken.
 */
export async function signUp(app: AppContext, input: SignUpInput): Promise<AuthResult> {
  const errors = [];
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  if (!firstName) errors.push({ path: 'firstName', message: 'is required' });
  if (!lastName) errors.push({ path: 'lastName', message: 'is required' });
  if (!EMAIL_PATTERN.test(email)) errors.push({ path: 'email', message: 'must be a valid email address' });
  const pw = passwordProblem(input.password ?? '');
  if (pw) errors.push({ path: 'password', message: pw });
  if (errors.length) throw badRequest('Some fields are invalid', errors);

  const role: Role = input.role === 'EDUCATOR' ? 'EDUCATOR' : 'LEARNER';
  const passwordHash = await passwords.hash(input.password, app.config.scryptLogN);
  const user = await app.db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      first_name: firstName,
      last_name: lastName,
      role,
      status: role === 'EDUCATOR' ? 'PENDING' : 'APPROVED',
      company_id: null,
      picture_url: null,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!user) throw conflict('An account with this email already exists');
  return issue(app, user);
}
