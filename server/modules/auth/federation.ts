import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { FederatedProviderCode, FederatedProviderConfig } from '../../config.js';
import type { Database, Role } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { federatedRedirectUri, partnerLoginUri } from '../../platform/identity/oidc-client.js';
import { configuredLocalOrigin } from '../../platform/local-origin.js';
import { addRefreshToken, openSession, revokeUserSessions } from '../../platform/sign-in-sessions.js';
import { DEFAULT_COMPANY_STYLE } from './service.js';

/**
 * MA and QA single sign-on (product.md#overview–#states, #messages, #limits; docs/decisions.md "Federated
 * sign-in"). The browser-facing steps:
 *
 *   POST /auth/oidc/{P}/start     → authorization URL (+ cookie halaqa.oidc binding this browser)
 *   directory sign-in page        → redirect to the SPA's /sso/{p}?code&state&iss
 *   POST /auth/oidc/{P}/callback  → Halaqa access token (+ HttpOnly cookie halaqa.refresh)
 *   POST /auth/refresh            → a new access token (and refresh cookie) after a refresh at the directory
 *   POST /auth/signout            → the directory's end-session URL (RP-initiated logout)
 *
 * The sign-in is a session of server/platform/sign-in-sessions.ts (kind `federated`, as long as
 * the refresh cookie): each refresh uses the cookie's token once and sets a new one (rotation); an
 * old one presented again ends the session.
 */

/** Browser-binding cookie of a sign-in under way (path /api/auth/oidc, 10 minutes). */
export const OIDC_BINDING_COOKIE = 'halaqa.oidc';
/** HttpOnly cookie carrying a federated sign-in's refresh token (path /api/auth). */
export const REFRESH_COOKIE = 'halaqa.refresh';
/** How long an authorization request may take, seconds. */
export const LOGIN_REQUEST_TTL_S = 600;
/** Lifetime of the refresh cookie, seconds (14 days, like the built-in provider's refresh tokens). */
export const REFRESH_COOKIE_TTL_S = 14 * 24 * 3600;
/** Roles a directory may give (product.md#entities roles; staff roles are never granted by a partner's directory). */
export const FEDERATED_ROLES: readonly Role[] = ['USER', 'LEARNER', 'EDUCATOR', 'PARTNER'];

type FederatedSignInResult = Schema<'FederatedSignInResult'>;
type CallbackBody = Schema<'FederatedCallbackRequest'>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * product.md#entities: "the role is taken from the second identity group if present, otherwise the first".
 * @param groups the groups claim: a list of names (a single name is read as a list of one)
 * @returns the Halaqa role, or null when that group is not one of {@link FEDERATED_ROLES}.
 */
export function roleFromGroups(groups: unknown): Role | null {
  const list = Array.isArray(groups)
    ? groups.filter((g): g is string => typeof g === 'string')
    : typeof groups === 'string'
      ? [groups]
      : [];
  const chosen = (list.length >= 2 ? list[1] : list[0])?.trim().toUpperCase();
  return chosen && (FEDERATED_ROLES as readonly string[]).includes(chosen) ? (chosen as Role) : null;
}

/** Reads one cookie of a request (no cookie plugin: two cookies are all this module needs). */
export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function cookie(
  app: AppContext,
  name: string,
  value: string,
  path: string,
  maxAgeS: number,
  sameSite: 'Lax' | 'Strict',
): string {
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeS}; HttpOnly; SameSite=${sameSite}${secure}`;
}

export function addCookie(reply: FastifyReply, value: string) {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  reply.header('set-cookie', [...list, value]);
}

function providerOrNotFound(app: AppContext, code: FederatedProviderCode): FederatedProviderConfig {
  const provider = app.federation.provider(code);
  if (!provider) throw new HttpError(404, `Sign-in with ${code} is not available on this server.`);
  return provider;
}

/**
 * The directories whose sign-in this server offers (those configured with an issuer, and on a
 * local install those of the built-in provider: server/config.ts `federationSettings`), in the
 * order of product.md#limits; the SPA shows a button for these only.
 */
export function listFederatedProviders(app: AppContext): { code: FederatedProviderCode; demo: boolean }[] {
  return app.config.federation.providers.map((p) => ({ code: p.code, demo: p.builtIn }));
}

/** A same-origin path (`/…`, not `//…`, no backslash), else null. */
function safePath(value: string | undefined): string | null {
  if (!value) return null;
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}

/**
 * Starts the code flow: fresh state, nonce and PKCE verifier kept server-side for 10 minutes,
 * bound to this browser by the `halaqa.oidc` cookie (so a stolen callback URL signs nobody in);
 * `locale` asks the directory for its pages in that language (`ui_locales`).
 * On a local install asked at another loopback name than PUBLIC_URL's (`hostname`: the request's,
 * without its port), from a page this server did not serve (Vite's, a tab opened earlier), nothing
 * starts: the answer is PUBLIC_URL's login starting this sign-in there (`?sign-in-with-redirect=`,
 * with `redirect` and `lang`), as the binding cookie would not reach the callback at PUBLIC_URL
 * (server/platform/local-origin.ts).
 * @throws 404 when the directory is not configured; 400 when `redirect` is not a same-origin path.
 */
export async function startFederatedSignIn(
  app: AppContext,
  code: FederatedProviderCode,
  body: { redirect?: string; locale?: 'en' | 'ar' } | undefined,
  hostname: string,
  reply: FastifyReply,
): Promise<{ authorizationUrl: string }> {
  const redirect = body?.redirect;
  const provider = providerOrNotFound(app, code);
  const target = safePath(redirect);
  if (redirect && !target)
    throw badRequest('Some fields are invalid', [
      { path: 'redirect', message: 'must be a path of this site, such as /my-courses' },
    ]);
  if (configuredLocalOrigin(app.config.publicUrl, hostname)) {
    const login = new URL(partnerLoginUri(app.config.publicUrl, code));
    if (target) login.searchParams.set('redirect', target);
    if (body?.locale) login.searchParams.set('lang', body.locale);
    return { authorizationUrl: login.href };
  }
  const request = await app.federation.authorizationRequest(
    provider,
    federatedRedirectUri(app.config.publicUrl, code),
    body?.locale,
  );
  const binding = randomBytes(32).toString('base64url');
  const now = app.now();
  await app.db
    .deleteFrom('federated_logins')
    .where('created_at', '<', new Date(now.getTime() - LOGIN_REQUEST_TTL_S * 1000))
    .execute();
  await app.db
    .insertInto('federated_logins')
    .values({
      state: request.state,
      provider: code,
      code_verifier: request.codeVerifier,
      nonce: request.nonce,
      browser_hash: sha256(binding),
      redirect: target,
      created_at: now,
    })
    .execute();
  addCookie(reply, cookie(app, OIDC_BINDING_COOKIE, binding, '/api/auth/oidc', LOGIN_REQUEST_TTL_S, 'Lax'));
  return { authorizationUrl: request.url };
}

/**
 * Finishes the code flow (see the contract's completeFederatedSignIn): single-use state bound to
 * this browser, code exchange with PKCE, ID token with nonce; groups → role (product.md#entities); provisions
 * or updates the user in the directory's company in one transaction; opens a federated session.
 * @throws 400 state unknown/used/expired/not this browser's; 401 cancelled or not verified;
 *   403 no role, no e-mail, an inactive account or the directory's company not approved; 409 e-mail
 *   of a password account whose address was verified (an unverified one is taken over).
 */
export async function completeFederatedSignIn(
  app: AppContext,
  code: FederatedProviderCode,
  body: CallbackBody,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FederatedSignInResult> {
  const provider = providerOrNotFound(app, code);
  const binding = readCookie(request, OIDC_BINDING_COOKIE);
  // Single use: the row goes whatever happens next.
  const pending = await app.db
    .deleteFrom('federated_logins')
    .where('state', '=', body.state)
    .where('provider', '=', code)
    .returningAll()
    .executeTakeFirst();
  const fresh = pending && new Date(pending.created_at).getTime() > app.now().getTime() - LOGIN_REQUEST_TTL_S * 1000;
  if (!pending || !fresh || !binding || sha256(binding) !== pending.browser_hash) {
    throw badRequest('This sign-in is not valid any more. Please start again.', [
      { path: 'state', message: 'is unknown, already used, expired or not from this browser' },
    ]);
  }
  addCookie(reply, cookie(app, OIDC_BINDING_COOKIE, '', '/api/auth/oidc', 0, 'Lax'));
  if (body.error) {
    throw unauthorized(
      body.error === 'access_denied' ? 'The sign-in was cancelled.' : `The ${code} directory refused the sign-in.`,
    );
  }
  if (!body.code) throw badRequest('Some fields are invalid', [{ path: 'code', message: 'is required' }]);

  const callbackUrl = new URL(federatedRedirectUri(app.config.publicUrl, code));
  callbackUrl.searchParams.set('code', body.code);
  callbackUrl.searchParams.set('state', body.state);
  if (body.iss) callbackUrl.searchParams.set('iss', body.iss);
  let tokens;
  try {
    tokens = await app.federation.finishCodeFlow(provider, callbackUrl, {
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.code_verifier,
    });
  } catch (err) {
    app.log.warn({ err, provider: code }, 'federated sign-in refused');
    throw unauthorized(`The ${code} directory's answer could not be verified. Please try again.`);
  }
  const claims = tokens.claims;
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!subject || !email) throw forbidden(`Your ${code} directory account has no e-mail address.`);
  const role = roleFromGroups(claims[provider.groupsClaim]);
  if (!role) throw forbidden(`Your ${code} directory groups give no Halaqa role.`);
  const { firstName, lastName } = namesOf(claims, email);

  const { user, issued, refresh } = await app.db.transaction().execute(async (trx) => {
    const companyId = await directoryCompany(trx, provider);
    const link = await trx
      .selectFrom('federated_identities')
      .select('user_id')
      .where('provider', '=', code)
      .where('subject', '=', subject)
      .executeTakeFirst();
    let row;
    if (link) {
      row = await trx
        .updateTable('users')
        .set({ role, first_name: firstName, last_name: lastName, company_id: companyId })
        .where('id', '=', link.user_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (row.status === 'DELETED' || row.status === 'REJECTED')
        throw forbidden('This account is not active. Please contact us.');
    } else {
      row = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: 'federated',
          first_name: firstName,
          last_name: lastName,
          role,
          status: 'APPROVED',
          company_id: companyId,
          picture_url: null,
        })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returningAll()
        .executeTakeFirst();
      // The address belongs to an account whose owner never proved it (a sign-up not yet verified):
      // the directory vouches for its user, who takes the account over — the password goes, and
      // with it every session and reset link of whoever signed up (docs/decisions.md "E-mail ownership").
      row ??= await trx
        .updateTable('users')
        .set({
          password_hash: 'federated',
          role,
          first_name: firstName,
          last_name: lastName,
          company_id: companyId,
          status: 'APPROVED',
          email_verified_at: app.now(),
          token_version: sql<number>`token_version + 1`,
        })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('email_verified_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict('An account with this e-mail already exists. Sign in with your password.');
      await trx.deleteFrom('password_resets').where('user_id', '=', row.id).execute();
      await revokeUserSessions(trx, row.id, app.now());
      await trx.insertInto('federated_identities').values({ provider: code, subject, user_id: row.id }).execute();
    }
    const session = await openSession(trx, app.tokens, row, {
      kind: 'federated',
      ttlSeconds: app.config.federation.accessTtlSeconds,
      sessionTtlSeconds: REFRESH_COOKIE_TTL_S,
    });
    await trx
      .insertInto('federated_sessions')
      .values({
        user_id: row.id,
        provider: code,
        session_id: session.sessionId,
        provider_refresh_token: tokens.refreshToken,
        id_token: tokens.idToken,
      })
      .execute();
    return { user: row, issued: session, refresh: await addRefreshToken(trx, session.sessionId, app.now()) };
  });
  addCookie(reply, cookie(app, REFRESH_COOKIE, refresh, '/api/auth', REFRESH_COOKIE_TTL_S, 'Strict'));
  return {
    token: issued.token,
    expiresAt: issued.expiresAt.toISOString(),
    user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), role: user.role },
    redirect: pending.redirect,
  };
}

/**
 * The id of the company a directory's users belong to: the one named by OIDC_<CODE>_COMPANY, which
 * must be APPROVED. Missing, it is made now, APPROVED (the operator's configuration names it; the
 * acronym is reserved at company sign-up, so nobody else registered it first). One that exists but
 * is not approved — signed up before the acronym was reserved, or refused by an administrator — is
 * never joined: directory users would be listed by whoever registered it.
 * @throws 403 naming the directory when its company is not approved.
 */
async function directoryCompany(trx: Transaction<Database>, provider: FederatedProviderConfig): Promise<number> {
  const find = () =>
    trx
      .selectFrom('companies')
      .select(['id', 'status'])
      .where('acronym', '=', provider.companyAcronym)
      .executeTakeFirst();
  let company = await find();
  if (!company) {
    await trx
      .insertInto('companies')
      .values({
        name: provider.companyAcronym,
        acronym: provider.companyAcronym,
        settings: JSON.stringify({ style: DEFAULT_COMPANY_STYLE, links: {}, logo: null }),
        status: 'APPROVED',
      })
      .onConflict((oc) => oc.column('acronym').doNothing())
      .execute();
    company = await find();
  }
  if (company?.status !== 'APPROVED') throw forbidden(directoryCompanyNotApproved(provider.code));
  return company.id;
}

/** The refusal of a directory's sign-in while its company is not approved (the SPA translates it). */
export const directoryCompanyNotApproved = (code: FederatedProviderCode) =>
  `Sign-in with ${code} is not open yet: its company is not approved on Halaqa. Please contact us.`;

function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName) {
    const [first, ...rest] = text(claims.name).split(/\s+/);
    firstName = first || email.split('@')[0]!.slice(0, 100);
    lastName ||= rest.join(' ');
  }
  return { firstName, lastName };
}
