import { assign, setup } from 'xstate';
import { notProvided } from './support/actors';
import {
  type AuthUser,
  type CompanyRef,
  type Theme,
  MAX_TIMER_MS,
  type LoginRecord,
  type FederatedProvider,
  type FederatedReturnParams,
  type FederatedSignInResult,
  type SignInResult,
  type RestoredSession,
  type AuthFailure,
  type AuthContext,
  type AuthEvent,
  MAX_REFRESH_RETRIES,
  GUEST_REFRESH_WINDOW_MS,
  REHYDRATION_TIMEOUT_MS,
  isExpired,
  describeFailure,
} from './auth.types';

/**
 * What the auth statechart (auth.machine.ts) is built from: its actors (implemented in auth.actors.ts and
 * provided with `machine.provide`), its actions, guards and delays.
 */

export const authSetup = setup({
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
});
