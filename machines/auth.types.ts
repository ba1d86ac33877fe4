import type { Schema } from './support/contract';

/**
 * The shapes of the auth workflow (auth.machine.ts): the login record and theme it keeps, what its actors answer,
 * its context and events, and the time limits it runs on (product.md#limits).
 */

/** Roles of the product (product.md#entities). */
export type Role = Schema<'Role'>;

/** The user part of the login record (product.md#entities): id, email, display name and role. */
export type AuthUser = Schema<'AuthUser'>;

/** The company part of the login record: enough to route (acronym) and theme (id). */
export type CompanyRef = Pick<Schema<'UserCompany'>, 'id' | 'name' | 'acronym'>;

/**
 * Company theme as held in the session (product.md#entities): CSS hex colours, plus the company's logo URL and
 * named links (shown in the header and footer to the company's members) when known.
 */
export interface Theme {
  primary: string;
  secondary: string;
  tertiary: string;
  logo?: string | null;
  links?: Record<string, string>;
}

/**
 * The logged-in record kept in the `halaqa.auth` cookie (product.md#entities + `expiresAt`, ISO-8601 UTC,
 * the token's expiry).
 */
export interface LoginRecord {
  token: string;
  expiresAt: string;
  user: AuthUser;
  company: CompanyRef | null;
  federationAuth: boolean;
}

/** Enterprise directories (product.md#limits "Federated providers"). */
export type FederatedProvider = 'MA' | 'QA';

/** The authorization response a directory sent to the `/sso/{p}` page (its query parameters). */
export interface FederatedReturnParams {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** What the federated callback answers: a sign-in plus `redirect`, the same-origin path asked for when it started (or null). */
export type FederatedSignInResult = Schema<'FederatedSignInResult'>;

/** What sign-in and sign-up answer: the bearer token, its expiry (ISO-8601 UTC) and the user. */
export type SignInResult = Schema<'AuthResult'>;

/** What `restoreSession` reads from the cookies. */
export interface RestoredSession {
  record: LoginRecord | null;
  theme: Theme | null;
}

/**
 * A login failure: `code` for the UI, `message` the server's message when it sent one
 * (product.md#messages: show it, otherwise 'Invalid credentials').
 */
export interface AuthFailure {
  code: 'auth.signInFailed' | 'auth.companyFailed' | 'auth.userFailed' | 'auth.federatedFailed';
  message?: string;
  status?: number;
  /** Seconds to wait after a 429 (Retry-After), for the "try again in …" message. */
  retryAfter?: number;
}

export interface AuthContext {
  /** The logged-in record; null unless logged in. */
  record: LoginRecord | null;
  /** Company colours; null = default theme. */
  theme: Theme | null;
  /** The record being built while logging in. */
  pending: {
    token: string;
    expiresAt: string;
    user: AuthUser;
    company: CompanyRef | null;
    federationAuth: boolean;
  } | null;
  /** Why the last login failed (in `loggedOut.failed`). */
  error: AuthFailure | null;
  /** Where a federated sign-in asked to go once logged in (its `redirect`), else null. */
  returnTo: string | null;
}

export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string }
  /** Sign-up succeeded: the account exists and is signed in with `result`. */
  | { type: 'auth.signedUp'; result: SignInResult }
  | { type: 'auth.logout' }
  /** The user joined or left a company (an accepted invitation): reload company, user and theme. */
  | { type: 'auth.membershipChanged' }
  /** The user saved their profile (PUT /account/profile): the header shows the new name at once. */
  | { type: 'auth.profileChanged'; name: string }
  /** Start a federated sign-in (login buttons, `?sign-in-with-redirect=MA|QA`, product.md#screens). */
  | { type: 'auth.federatedStart'; provider: FederatedProvider; redirect?: string; locale?: 'en' | 'ar' }
  /** The directory sent the browser back to `/sso/{p}` with these parameters. */
  | { type: 'auth.federatedReturn'; provider: FederatedProvider; params: FederatedReturnParams }
  /** The API client got a 401; `attempt` counts the retries of that call (1 = first 401). */
  | { type: 'auth.unauthorized'; attempt: number }
  /** Company `companyId`'s theme was saved (theme editor): applies when it is the user's company. */
  | { type: 'auth.themeChanged'; companyId: number; theme: Theme }
  /** The password was changed: the server ended the other tokens and answered this one. */
  | { type: 'auth.tokenReplaced'; token: string; expiresAt: string };

/** Retries on 401 for federated users (product.md#limits). */
export const MAX_REFRESH_RETRIES = 3;
/**
 * Guest credentials refresh window (product.md#limits: 3,000,000 ms): a federated user's access token is
 * refreshed every 50 minutes while signed in, before its one-hour lifetime ends.
 */
export const GUEST_REFRESH_WINDOW_MS = 3_000_000;
/** Persisted store (cookie) rehydration time-out, ms (product.md#states, #limits). */
export const REHYDRATION_TIMEOUT_MS = 5000;
/** Longest delay setTimeout accepts (2^31 − 1 ms ≈ 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

/** True when the record's token expiry (`expiresAt`) has passed, or cannot be read. */
export function isExpired(record: Pick<LoginRecord, 'expiresAt'>, now: number = Date.now()): boolean {
  const expiry = Date.parse(record.expiresAt);
  return !Number.isFinite(expiry) || expiry <= now;
}

/** Reads an HTTP status and server message from whatever an actor threw. */
export function describeFailure(error: unknown): { status?: number; message?: string; retryAfter?: number } {
  if (!error || typeof error !== 'object') return {};
  const { status, serverMessage, retryAfter } = error as {
    status?: unknown;
    serverMessage?: unknown;
    retryAfter?: unknown;
  };
  return {
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof serverMessage === 'string' && serverMessage ? { message: serverMessage } : {}),
    ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
  };
}
