import type { Schema } from '../../platform/handlers.js';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Language, Role } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, badRequest, conflict, type FieldError } from '../../platform/errors.js';
import { isValidEmail } from '../../platform/email.js';
import { passwords } from '../../platform/passwords.js';
import { openSession } from '../../platform/sign-in-sessions.js';
import { markInvitationAccepted, verifyInvitationToken } from '../users/invitation-links.js';
import { mailVerificationLink } from './verification.js';

/** The contract's AuthResult: a bearer token, its expiry and the signed-in user. */
export type AuthResult = Schema<'AuthResult'>;

/**
 * product.md#validation password policy: at least 8 characters with a lower-case letter, an upper-case letter,
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

/**
 * Opens a password sign-in session for a user (server/platform/sign-in-sessions.ts) and answers
 * the contract's AuthResult with its bearer token (claims sub, role, cid, tv, sid; JWT_TTL_SECONDS).
 * @param db where the session row is written: the caller's transaction when it has one.
 */
export async function issue(
  app: AppContext,
  user: TokenUser,
  db: Kysely<Database> | Transaction<Database> = app.db,
): Promise<AuthResult> {
  const { token, expiresAt } = await openSession(db, app.tokens, user);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), role: user.role },
  };
}

/**
 * Product sign-in (product.md#calls POST /auth/signin). An unknown e-mail is verified against a dummy hash
 * of the configured cost, so it takes the same scrypt work as a known one. A hash weaker
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
  const ok = await passwords.verify(
    password,
    user ? user.password_hash : await passwords.dummyHash(app.config.scryptLogN),
  );
  if (!user || !ok) throw new HttpError(401, 'Invalid credentials');
  if (passwords.needsRehash(user.password_hash, app.config.scryptLogN)) {
    const upgraded = await passwords.hash(password, app.config.scryptLogN);
    // Only if nobody changed the password meanwhile (a reset between the read and this write wins).
    await app.db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute();
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
  /** Language of the account's mails (the interface language at sign-up); default 'en'. */
  language?: Language;
  /** The token of an invitation link being accepted (see {@link signUp}). */
  invitationToken?: string;
}

/**
 * Checks the account fields of a sign-up (product.md#validation): names present, e-mail valid, password policy
 * ({@link passwordProblem}); `prefix` names nested fields (`account.`). @returns the problems, none when acceptable.
 */
export function accountErrors(
  input: { firstName?: string; lastName?: string; email?: string; password?: string },
  prefix = '',
): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.firstName?.trim()) errors.push({ path: `${prefix}firstName`, message: 'is required' });
  if (!input.lastName?.trim()) errors.push({ path: `${prefix}lastName`, message: 'is required' });
  if (!isValidEmail(input.email?.trim() ?? ''))
    errors.push({ path: `${prefix}email`, message: 'must be a valid email address' });
  const pw = passwordProblem(input.password ?? '');
  if (pw) errors.push({ path: `${prefix}password`, message: pw });
  return errors;
}

/**
 * The invitation an invitation link's token opens, locked for the sign-up's transaction
 * (`verifyInvitationToken`: 404 unknown, 409 used, 410 expired or withdrawn), for this e-mail only.
 * @throws 400 'This invitation is for another e-mail'.
 */
async function openInvitation(app: AppContext, trx: Transaction<Database>, token: string, email: string) {
  const invitation = await verifyInvitationToken(app, token, trx);
  if (invitation.email.toLowerCase() !== email.toLowerCase()) {
    throw badRequest('This invitation is for another e-mail', [
      { path: 'email', message: 'This invitation is for another e-mail' },
    ]);
  }
  return invitation;
}

/**
 * Learner or educator sign-up (product.md#calls POST /auth/signup; the captcha was spent at the edge).
 * Empty fields were omitted by the client. With `invitationToken`, in one transaction: the PENDING
 * invitation is found by its token, must be younger than 7 days and for this e-mail; the account
 * joins its company with the invited role (APPROVED: the partner vouched for it) and the invitation
 * becomes ACCEPTED, and the address counts as verified (the link proves it). Without one the address
 * is unverified and the verification link is mailed after the commit (./verification.ts).
 * @throws HttpError 400 with field errors (email format, password policy, names; an invitation for
 *   another e-mail); 404 an unknown invitation token; 409 the e-mail is taken or the invitation was
 *   used; 410 the invitation expired. Nothing is written on any of them.
 */
export async function signUp(app: AppContext, input: SignUpInput): Promise<AuthResult> {
  const errors = accountErrors(input);
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  const passwordHash = await passwords.hash(input.password, app.config.scryptLogN);
  const language: Language = input.language === 'ar' ? 'ar' : 'en';

  const user = await app.db.transaction().execute(async (trx) => {
    const invitation = input.invitationToken ? await openInvitation(app, trx, input.invitationToken, email) : null;
    const role: Role = invitation ? invitation.role : input.role === 'EDUCATOR' ? 'EDUCATOR' : 'LEARNER';
    const pending = !invitation && role === 'EDUCATOR';
    // An invitation link proves the address; otherwise it is verified by the mailed link.
    const created = await insertAccount(trx, {
      email,
      passwordHash,
      firstName,
      lastName,
      role,
      status: pending ? 'PENDING' : 'APPROVED',
      companyId: invitation?.company_id ?? null,
      language,
      verified: Boolean(invitation),
    });
    if (invitation) await markInvitationAccepted(app, trx, invitation.id);
    return created;
  });
  if (!user.email_verified_at) await mailVerificationLink(app, user);
  return issue(app, user);
}

/** The staff roles the admin command creates (docs/deploy.md "Admin command and backups"). */
export type StaffRole = 'ADMIN' | 'SUPER_ADMIN';

/**
 * Creates an ADMIN or SUPER_ADMIN account who signs in with a password, for the admin command
 * (server/cli/create-admin.ts: nobody signs up as staff). The sign-up's rules for names, e-mail
 * and password (product.md#validation, {@link passwordProblem}) and its hashing (scrypt at SCRYPT_LOG_N);
 * APPROVED, the address counted as verified, no company, mails in `language` (default 'en').
 * @returns the new users row.
 * @throws HttpError 400 with field errors (firstName, lastName, email, password); 409 when the
 *   e-mail has an account (any letter case). Nothing is written on either.
 */
export async function createStaffAccount(
  app: Pick<AppContext, 'db' | 'config'>,
  input: { firstName: string; lastName: string; email: string; password: string; role: StaffRole; language?: Language },
) {
  const errors = accountErrors(input);
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  const passwordHash = await passwords.hash(input.password, app.config.scryptLogN);
  return insertAccount(app.db, {
    email: input.email.trim(),
    passwordHash,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    role: input.role,
    status: 'APPROVED',
    companyId: null,
    language: input.language ?? 'en',
    verified: true,
  });
}

/** Inserts an account; null e-mail conflicts become 409 (the caller's transaction rolls back). */
async function insertAccount(
  db: Kysely<Database> | Transaction<Database>,
  a: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: Role;
    status: 'PENDING' | 'APPROVED';
    companyId: number | null;
    language: Language;
    verified: boolean;
  },
) {
  const user = await db
    .insertInto('users')
    .values({
      email: a.email,
      password_hash: a.passwordHash,
      first_name: a.firstName,
      last_name: a.lastName,
      role: a.role,
      status: a.status,
      company_id: a.companyId,
      picture_url: null,
      language: a.language,
      ...(a.verified ? {} : { email_verified_at: null }),
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!user) throw conflict('An account with this email already exists');
  return user;
}

/** The contract's CompanySignUpRequest. */
export type CompanySignUpInput = Schema<'CompanySignUpRequest'>;

/** Theme of a new company: the spec's default colours (#limits); also of a directory's company made from configuration. */
export const DEFAULT_COMPANY_STYLE = { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' };

/**
 * The answer to a company sign-up under a directory's acronym (FederationConfig.reservedAcronyms):
 * that company is created by an administrator, so the directory's users are never provisioned
 * into a company a stranger registered first.
 */
export const RESERVED_ACRONYM = "This acronym is reserved for an organisation's single sign-on";

/**
 * Company sign-up (product.md#validation "partner sign-up", #calls POST /auth/signup/company; the captcha was spent
 * at the edge). In ONE transaction: the company (status PENDING, its language, the default theme,
 * `website` as its link, `phone`), its postal address (an `addresses` row owned by the company,
 * docs/decisions.md "Company sign-up") and its PARTNER account (status PENDING, language = the
 * interface language). Answers like sign-in; the partner's address is unverified and mailed the
 * verification link (./verification.ts).
 * @throws HttpError 400 with field errors (`account.email`, `company.name`…); 409 'An account with
 *   this email already exists' or 'A company with this acronym already exists', or
 *   {@link RESERVED_ACRONYM} at `company.acronym` (a directory's company). Nothing is written.
 */
export async function signUpCompany(app: AppContext, input: CompanySignUpInput): Promise<AuthResult> {
  const { company, account } = input;
  const errors = accountErrors(account, 'account.');
  const name = company.name.trim();
  const acronym = company.acronym.trim().toUpperCase();
  if (!name) errors.push({ path: 'company.name', message: 'is required' });
  const a = company.address;
  if (!a.line1.trim()) errors.push({ path: 'company.address.line1', message: 'is required' });
  if (!a.city.trim()) errors.push({ path: 'company.address.city', message: 'is required' });
  if (!a.postalCode.trim()) errors.push({ path: 'company.address.postalCode', message: 'is required' });
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  if (app.config.federation.reservedAcronyms.includes(acronym)) {
    throw new HttpError(409, RESERVED_ACRONYM, [{ path: 'company.acronym', message: RESERVED_ACRONYM }]);
  }
  const passwordHash = await passwords.hash(account.password, app.config.scryptLogN);
  const links: Record<string, string> = {};
  if (company.website?.trim()) {
    if (!/^https?:\/\/\S+$/.test(company.website.trim()))
      throw badRequest('Some fields are invalid', [{ path: 'company.website', message: 'must be an http(s) address' }]);
    links.website = company.website.trim();
  }

  const user = await app.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('companies')
      .values({
        name,
        acronym,
        settings: JSON.stringify({ style: DEFAULT_COMPANY_STYLE, links, logo: null }),
        status: 'PENDING',
        language: company.language === 'ar' ? 'ar' : 'en',
        phone: company.phone?.trim() || null,
      })
      .onConflict((oc) => oc.column('acronym').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) throw conflict('A company with this acronym already exists');
    await trx
      .insertInto('addresses')
      .values({
        user_id: null,
        company_id: created.id,
        line1: a.line1.trim(),
        line2: a.line2?.trim() || null,
        city: a.city.trim(),
        state: a.state?.trim() || null,
        postal_code: a.postalCode.trim(),
        country: a.country,
        is_default: true,
      })
      .execute();
    return insertAccount(trx, {
      email: account.email.trim(),
      passwordHash,
      firstName: account.firstName.trim(),
      lastName: account.lastName.trim(),
      role: 'PARTNER',
      status: 'PENDING',
      companyId: created.id,
      language: account.language === 'ar' ? 'ar' : 'en',
      verified: false,
    });
  });
  await mailVerificationLink(app, user);
  return issue(app, user);
}
