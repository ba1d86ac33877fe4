import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * Authentication workflow (product.md#entities, #states, #messages, #limits). Pure: every effect (HTTP calls, cookies, logs) is
 * a named actor or action implemented in `auth.actors.ts` and provided with `machine.provide`.
 *
 *   restoring ──(cookie record, not expired)──▶ loggedIn.active
 *       │                                         │ after untilExpiry / auth.logout / 401 (legacy
 *       ▼                                         ▼   user or 4th attempt) ─▶ loggingOut ─▶ loggedOut
 *   loggedOut.idle ─auth.login─▶ loggingIn.signingIn ─▶ fetchingCompany ─▶ fetchingUser
 *       ▲   ▲                                    ─▶ loadingTheme (company only) ─▶ loggedIn.active
 *       │   └─ loggedOut.failed ◀── any failure before the theme (error code + server message)
 *   loggedIn.active ─auth.unauthorized (federated, attempt ≤ 3)─▶ loggedIn.refreshing ─▶ active
 *   loggedIn ─auth.themeChanged (the user's own company)─▶ loggedIn (new theme, persisted)
 *   loggedIn ─auth.membershipChanged (an accepted invitation)─▶ loggingIn.fetchingCompany ─▶ … ─▶ loggedIn.active
 *   loggedIn ─auth.profileChanged (a saved profile)─▶ loggedIn (new name, persisted)
 *
 * Federated sign-in (MA / QA directories over OpenID Connect, product.md#overview–#states, #limits):
 *   loggedOut ─auth.federatedStart─▶ loggingIn.startingFederated ─▶ leavingForProvider (the browser
 *       goes to the directory's sign-in page)
 *   loggedOut ─auth.federatedReturn (the /sso/{p} page)─▶ loggingIn.completingFederated ─▶ fetchingCompany …
 *   loggedIn.active (federated) ─every 50 min (guest credentials window) or at expiry─▶ refreshing
 *   restoring ─federated record whose token expired─▶ loggedIn.refreshing
 *   loggingOut ─signOut answers the directory's logout URL─▶ loggedOut + followLogout (RP-initiated logout)
 *
 * Errors are codes plus the server's message, never translated text: the login screen shows
 * `error.message ?? t\`Invalid credentials\``.
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
const MAX_TIMER_MS = 2_147_483_647;

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

/** Stand-in for an actor implemented in auth.actors.ts: fails loudly when not provided. */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** Reads the login record and theme from the cookies. */
    restoreSession: notProvided<RestoredSession, void>('auth', 'restoreSession', 'createAuthActors'),
    /** POST /auth/signin. */
    signIn: notProvided<SignInResult, { email: string; password: string }>('auth', 'signIn', 'createAuthActors'),
    /** POST /auth/oidc/{provider}/start → the directory's authorization URL. */
    startFederated: notProvided<
      { authorizationUrl: string },
      { provider: FederatedProvider; redirect?: string; locale?: 'en' | 'ar' }
    >('auth', 'startFederated', 'createAuthActors'),
    /** POST /auth/oidc/{provider}/callback with the directory's answer → a federated sign-in. */
    completeFederated: notProvided<
      FederatedSignInResult,
      { provider: FederatedProvider; params: FederatedReturnParams }
    >('auth', 'completeFederated', 'createAuthActors'),
    /** GET /users/me/company with the new token; null on 404 (no company). */
    fetchCompany: notProvided<CompanyRef | null, { token: string; federated: boolean }>(
      'auth',
      'fetchCompany',
      'createAuthActors',
    ),
    /** GET /users/{id} with the new token. */
    fetchUser: notProvided<AuthUser, { token: string; federated: boolean; userId: number }>(
      'auth',
      'fetchUser',
      'createAuthActors',
    ),
    /** GET /companies/{id}/settings → colours, logo and links. */
    loadTheme: notProvided<Theme, { token: string; federated: boolean; companyId: number }>(
      'auth',
      'loadTheme',
      'createAuthActors',
    ),
    /** Federated token refresh: POST /auth/refresh (the directory refreshes; product.md#states, #limits). */
    refreshToken: notProvided<{ token: string; expiresAt: string }, { record: LoginRecord }>(
      'auth',
      'refreshToken',
      'createAuthActors',
    ),
    /**
     * Ends the session on the server: POST /auth/signout with the token, answering the directory's
     * end-session URL for a federated user (null for product sign-in). Cookies are cleared by `clearPersisted`.
     */
    signOut: notProvided<{ logoutUrl: string | null }, { record: LoginRecord | null }>(
      'auth',
      'signOut',
      'createAuthActors',
    ),
  },
  actions: {
    /** Writes record + theme to the cookies (provided by auth-service). */
    persistSession: (_, _params: { record: LoginRecord | null; theme: Theme | null }) => {},
    /** Deletes the login-record and theme cookies (provided by auth-service). */
    clearPersisted: () => {},
    /** Logs 'Failed to Get Theme Settings !!!!' (product.md#messages; provided by auth-service). */
    reportThemeFailure: (_, _params: { error: unknown }) => {},
    /** Sends the browser to the directory's sign-in page (provided by auth-service: location.assign). */
    openProvider: (_, _params: { url: string }) => {},
    /** Sends the browser to the directory's end-session URL (RP-initiated logout; location.assign). */
    followLogout: (_, _params: { url: string }) => {},
    assignFederatedSignIn: assign((_, params: FederatedSignInResult) => ({
      pending: {
        token: params.token,
        expiresAt: params.expiresAt,
        user: params.user,
        company: null,
        federationAuth: true,
      },
      returnTo: params.redirect,
      error: null,
    })),
    assignRestored: assign((_, params: RestoredSession) => ({
      record: params.record,
      theme: params.theme,
      error: null,
    })),
    assignSignIn: assign((_, params: SignInResult) => ({
      pending: {
        token: params.token,
        expiresAt: params.expiresAt,
        user: params.user,
        company: null,
        federationAuth: false,
      },
      error: null,
      returnTo: null,
    })),
    /** Reloads the signed-in session through fetchingCompany → fetchingUser → loadingTheme. */
    assignPendingFromRecord: assign(({ context }) => ({
      pending: context.record && { ...context.record, company: null },
      error: null,
    })),
    assignCompany: assign(({ context }, params: { company: CompanyRef | null }) => ({
      pending: context.pending && { ...context.pending, company: params.company },
    })),
    assignUser: assign(({ context }, params: AuthUser) => ({
      pending: context.pending && {
        ...context.pending,
        user: { id: params.id, email: params.email, name: params.name, role: params.role },
      },
    })),
    assignTheme: assign((_, params: Theme) => ({ theme: params })),
    assignUserName: assign(({ context }, params: { name: string }) => ({
      record: context.record && { ...context.record, user: { ...context.record.user, name: params.name } },
    })),
    resetTheme: assign({ theme: null }),
    completeLogin: assign(({ context }) => ({ record: context.pending, pending: null, error: null })),
    assignFailure: assign((_, params: { code: AuthFailure['code']; error: unknown }) => ({
      // A failed reload (auth.membershipChanged) ends the session like a failed sign-in.
      record: null,
      pending: null,
      error: { code: params.code, ...describeFailure(params.error) },
    })),
    assignRefreshedToken: assign(({ context }, params: { token: string; expiresAt: string }) => ({
      record: context.record && { ...context.record, token: params.token, expiresAt: params.expiresAt },
    })),
    clearSession: assign({ record: null, theme: null, pending: null, error: null, returnTo: null }),
  },
  guards: {
    restoredNothing: (_, params: RestoredSession) => params.record === null,
    restoredExpired: (_, params: RestoredSession) => params.record !== null && isExpired(params.record),
    /** A federated record whose token expired is refreshed rather than dropped (product.md#states, #limits). */
    restoredExpiredFederated: (_, params: RestoredSession) =>
      params.record !== null && params.record.federationAuth && isExpired(params.record),
    isFederated: ({ context }) => Boolean(context.record?.federationAuth),
    recordExpiredFederated: ({ context }) => Boolean(context.record?.federationAuth) && isExpired(context.record!),
    hasLogoutUrl: (_, params: { logoutUrl: string | null } | undefined) => Boolean(params?.logoutUrl),
    pendingHasCompany: ({ context }) => Boolean(context.pending?.company),
    recordExpired: ({ context }) => !context.record || isExpired(context.record),
    isOwnCompany: ({ context }, params: { companyId: number }) => context.record?.company?.id === params.companyId,
    /** Federated users get a token refresh for each of the first 3 attempts of a call (product.md#limits). */
    canRefresh: ({ context }, params: { attempt: number }) =>
      Boolean(context.record?.federationAuth) && params.attempt <= MAX_REFRESH_RETRIES,
  },
  delays: {
    rehydrationTimeout: REHYDRATION_TIMEOUT_MS,
    guestRefreshWindow: GUEST_REFRESH_WINDOW_MS,
    /** ms until the token expires (capped at the longest timer; re-armed when that fires early). */
    untilExpiry: ({ context }) => {
      const expiry = context.record ? Date.parse(context.record.expiresAt) : Number.NaN;
      if (!Number.isFinite(expiry)) return 0;
      return Math.min(MAX_TIMER_MS, Math.max(0, expiry - Date.now()));
    },
  },
}).createMachine({
  id: 'auth',
  initial: 'restoring',
  context: { record: null, theme: null, pending: null, error: null, returnTo: null },
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: { type: 'restoredNothing', params: ({ event }) => event.output }, target: 'loggedOut' },
          {
            guard: { type: 'restoredExpiredFederated', params: ({ event }) => event.output },
            target: '#auth.loggedIn.refreshing',
            actions: { type: 'assignRestored', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'restoredExpired', params: ({ event }) => event.output },
            target: 'loggedOut',
            actions: 'clearPersisted',
          },
          { target: 'loggedIn', actions: { type: 'assignRestored', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loggedOut', actions: 'clearPersisted' },
      },
      after: { rehydrationTimeout: { target: 'loggedOut' } },
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {},
        failed: {},
      },
      on: {
        'auth.login': { target: 'loggingIn' },
        'auth.signedUp': {
          target: 'loggingIn.fetchingCompany',
          actions: { type: 'assignSignIn', params: ({ event }) => event.result },
        },
        'auth.federatedStart': { target: 'loggingIn.startingFederated' },
        'auth.federatedReturn': { target: 'loggingIn.completingFederated' },
      },
    },
    loggingIn: {
      tags: ['loading'],
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'fetchingCompany',
              actions: { type: 'assignSignIn', params: ({ event }) => event.output },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.signInFailed', error: event.error }),
              },
            },
          },
        },
        startingFederated: {
          invoke: {
            id: 'startFederated',
            src: 'startFederated',
            input: ({ event }) => {
              assertEvent(event, 'auth.federatedStart');
              return {
                provider: event.provider,
                ...(event.redirect ? { redirect: event.redirect } : {}),
                ...(event.locale ? { locale: event.locale } : {}),
              };
            },
            onDone: {
              target: 'leavingForProvider',
              actions: { type: 'openProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.federatedFailed', error: event.error }),
              },
            },
          },
        },
        /** The browser is on its way to the directory's sign-in page (the app unloads). */
        leavingForProvider: {},
        completingFederated: {
          invoke: {
            id: 'completeFederated',
            src: 'completeFederated',
            input: ({ event }) => {
              assertEvent(event, 'auth.federatedReturn');
              return { provider: event.provider, params: event.params };
            },
            onDone: {
              target: 'fetchingCompany',
              actions: { type: 'assignFederatedSignIn', params: ({ event }) => event.output },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.federatedFailed', error: event.error }),
              },
            },
          },
        },
        fetchingCompany: {
          invoke: {
            id: 'fetchCompany',
            src: 'fetchCompany',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
            }),
            onDone: {
              target: 'fetchingUser',
              actions: { type: 'assignCompany', params: ({ event }) => ({ company: event.output }) },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.companyFailed', error: event.error }),
              },
            },
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
              userId: context.pending?.user.id ?? 0,
            }),
            onDone: [
              {
                guard: 'pendingHasCompany',
                target: 'loadingTheme',
                actions: { type: 'assignUser', params: ({ event }) => event.output },
              },
              {
                target: '#auth.loggedIn',
                actions: [
                  { type: 'assignUser', params: ({ event }) => event.output },
                  'resetTheme',
                  'completeLogin',
                  {
                    type: 'persistSession',
                    params: ({ context }) => ({ record: context.record, theme: context.theme }),
                  },
                ],
              },
            ],
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.userFailed', error: event.error }),
              },
            },
          },
        },
        loadingTheme: {
          invoke: {
            id: 'loadTheme',
            src: 'loadTheme',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
              companyId: context.pending?.company?.id ?? 0,
            }),
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'assignTheme', params: ({ event }) => event.output },
                'completeLogin',
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
            // product.md#messages: log 'Failed to Get Theme Settings !!!!' and keep the default theme.
            onError: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'reportThemeFailure', params: ({ event }) => ({ error: event.error }) },
                'resetTheme',
                'completeLogin',
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
          },
        },
      },
    },
    loggedIn: {
      initial: 'active',
      states: {
        active: {
          after: {
            untilExpiry: [
              // A federated token that expired (the tab slept through its refresh) is refreshed.
              { guard: 'recordExpiredFederated', target: 'refreshing' },
              { guard: 'recordExpired', target: '#auth.loggingOut' },
              // The timer was capped below the real expiry: arm it again.
              { target: 'active', reenter: true },
            ],
            // product.md#limits guest credentials window: a federated token is refreshed every 50 minutes.
            guestRefreshWindow: { guard: 'isFederated', target: 'refreshing' },
          },
          on: {
            'auth.unauthorized': [
              {
                guard: { type: 'canRefresh', params: ({ event }) => ({ attempt: event.attempt }) },
                target: 'refreshing',
              },
              { target: '#auth.loggingOut' },
            ],
            // After a password change the old token no longer works: keep (and persist) the new one.
            'auth.tokenReplaced': {
              actions: [
                {
                  type: 'assignRefreshedToken',
                  params: ({ event }) => ({ token: event.token, expiresAt: event.expiresAt }),
                },
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
          },
        },
        refreshing: {
          tags: ['loading'],
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ record: context.record! }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'assignRefreshedToken', params: ({ event }) => event.output },
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
            onError: { target: '#auth.loggingOut' },
          },
        },
      },
      on: {
        'auth.logout': { target: 'loggingOut' },
        'auth.themeChanged': {
          guard: { type: 'isOwnCompany', params: ({ event }) => ({ companyId: event.companyId }) },
          actions: [
            { type: 'assignTheme', params: ({ event }) => event.theme },
            { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
          ],
        },
        // After accepting an invitation the company (and its theme) and the role change.
        'auth.membershipChanged': { target: 'loggingIn.fetchingCompany', actions: 'assignPendingFromRecord' },
        // A renamed user sees the new name in the header without signing in again.
        'auth.profileChanged': {
          actions: [
            { type: 'assignUserName', params: ({ event }) => ({ name: event.name }) },
            { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['loading'],
      // product.md#states: logout clears the cookie and the store.
      entry: 'clearPersisted',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ record: context.record }),
        onDone: [
          {
            // product.md#screens: a federated user leaves through the directory (RP-initiated logout), which
            // returns to the partner login.
            guard: { type: 'hasLogoutUrl', params: ({ event }) => event.output },
            target: 'loggedOut',
            actions: [
              'clearSession',
              { type: 'followLogout', params: ({ event }) => ({ url: event.output.logoutUrl! }) },
            ],
          },
          { target: 'loggedOut', actions: 'clearSession' },
        ],
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
