import { deleteCookie, getCookie, setCookie } from 'cookies-next';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { type Api, ApiError, unwrap } from './support/api';
import { pick } from './support/contract';
import type {
  AuthUser,
  CompanyRef,
  FederatedProvider,
  FederatedReturnParams,
  FederatedSignInResult,
  LoginRecord,
  RestoredSession,
  SignInResult,
  Theme,
} from './auth.machine';

/**
 * Implementations of the auth machine's actors and side-effect actions:
 * HTTP through the generated client, persistence through an `AuthStorage` (cookies in the app).
 *
 *   authMachine.provide({ actors: createAuthActors(api, storage), actions: createAuthActions(storage) })
 */

/** The fields of the contract's `AuthUser` the login record keeps, whatever else an answer carries. */
const AUTH_USER_FIELDS = ['id', 'email', 'name', 'role'] as const;

/** What the login record keeps of a sign-in or sign-up answer: the token, its expiry and the `AuthUser` fields. */
export function toSignInResult(result: SignInResult): SignInResult {
  return { ...pick(result, ['token', 'expiresAt']), user: pick(result.user, AUTH_USER_FIELDS) };
}

/** Login-record cookie (product.md#entities; DESIGN decisions). */
export const AUTH_COOKIE = 'halaqa.auth';
/** Company theme cookie `{primary, secondary, tertiary}`. */
export const THEME_COOKIE = 'halaqa.theme';
/** Cookie lifetime: 365 days (product.md#limits), in seconds. */
export const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Where the login record and theme are persisted. Synchronous (cookies). */
export interface AuthStorage {
  /** The stored record and theme; invalid or missing values read as null. Never throws. */
  read(): RestoredSession;
  write(record: LoginRecord | null, theme: Theme | null): void;
  clear(): void;
}

const roleSchema = v.picklist(['USER', 'LEARNER', 'EDUCATOR', 'PARTNER', 'ADMIN', 'SUPER_ADMIN']);
const colour = v.pipe(v.string(), v.regex(/^#[0-9A-Fa-f]{6}$/));
/** Links as the contract allows them (http(s) or mailto); a logo is a same-site path or an http(s) URL. */
const linkUrl = v.pipe(v.string(), v.regex(/^(https?:\/\/|mailto:)[^\s]+$/));
const logoUrl = v.pipe(v.string(), v.regex(/^(\/(?!\/)|https?:\/\/)[^\s]*$/));
const themeSchema = v.object({
  primary: colour,
  secondary: colour,
  tertiary: colour,
  logo: v.optional(v.nullable(logoUrl)),
  links: v.optional(v.record(v.string(), linkUrl)),
});
/**
 * Browsers drop a cookie over 4096 bytes: a theme whose links would not fit is kept without them
 * (colours and logo still persist; the links come back with the next sign-in).
 */
export const MAX_THEME_COOKIE_CHARS = 3000;

/** The theme as it is written to the cookie (see `MAX_THEME_COOKIE_CHARS`). */
export function themeForCookie(theme: Theme): Theme {
  const full = JSON.stringify(theme);
  if (encodeURIComponent(full).length <= MAX_THEME_COOKIE_CHARS) return theme;
  const { links: _links, ...rest } = theme;
  return rest;
}
const recordSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  expiresAt: v.string(),
  user: v.object({ id: v.number(), email: v.string(), name: v.string(), role: roleSchema }),
  company: v.nullable(v.object({ id: v.number(), name: v.string(), acronym: v.string() })),
  federationAuth: v.boolean(),
});

function parseJson<T>(raw: string | undefined | null, schema: v.GenericSchema<unknown, T>): T | null {
  if (!raw) return null;
  try {
    const result = v.safeParse(schema, JSON.parse(raw));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/**
 * Cookie storage (cookies-next): `halaqa.auth` holds the login record, `halaqa.theme` the colours,
 * both for 365 days, path `/`, SameSite=Lax, Secure on https. Values are JSON, validated on read
 * (a tampered or outdated cookie reads as null).
 */
export function createCookieStorage(): AuthStorage {
  const options = () => ({
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
    sameSite: 'lax' as const,
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
  return {
    read() {
      return {
        record: parseJson(getCookie(AUTH_COOKIE), recordSchema),
        theme: parseJson(getCookie(THEME_COOKIE), themeSchema),
      };
    },
    write(record, theme) {
      if (record) setCookie(AUTH_COOKIE, JSON.stringify(record), options());
      else deleteCookie(AUTH_COOKIE, { path: '/' });
      if (theme) setCookie(THEME_COOKIE, JSON.stringify(themeForCookie(theme)), options());
      else deleteCookie(THEME_COOKIE, { path: '/' });
    },
    clear() {
      deleteCookie(AUTH_COOKIE, { path: '/' });
      deleteCookie(THEME_COOKIE, { path: '/' });
    },
  };
}

/** In-memory storage (tests, server-side rendering). */
export function createMemoryStorage(
  initial: Partial<RestoredSession> = {},
): AuthStorage & { current: RestoredSession } {
  const storage = {
    current: { record: initial.record ?? null, theme: initial.theme ?? null },
    read: () => ({ ...storage.current }),
    write(record: LoginRecord | null, theme: Theme | null) {
      storage.current = { record, theme };
    },
    clear() {
      storage.current = { record: null, theme: null };
    },
  };
  return storage;
}

/**
 * Headers of a call made with a token that is not (yet) the stored one: the bearer token and the
 * legacy flag, 1 for product sign-in and 0 for federated sign-in (product.md#roles).
 */
function bearer(token: string, federated: boolean) {
  return { Authorization: `Bearer ${token}`, 'X-Auth-Legacy': federated ? '0' : '1' };
}

/**
 * The auth machine's actors over the generated client. Each rejects with an `ApiError`
 * (`status`, `serverMessage`, `fieldErrors`) when the call fails, or the network error.
 */
export function createAuthActors(api: Api, storage: AuthStorage) {
  return {
    restoreSession: fromPromise<RestoredSession, void>(async () => storage.read()),

    signIn: fromPromise<SignInResult, { email: string; password: string }>(async ({ input }) => {
      const result = unwrap(await api.POST('/auth/signin', { body: { email: input.email, password: input.password } }));
      return toSignInResult(result);
    }),

    startFederated: fromPromise<
      { authorizationUrl: string },
      { provider: FederatedProvider; redirect?: string; locale?: 'en' | 'ar' }
    >(async ({ input }) =>
      unwrap(
        await api.POST('/auth/oidc/{provider}/start', {
          params: { path: { provider: input.provider } },
          body: {
            ...(input.redirect ? { redirect: input.redirect } : {}),
            ...(input.locale ? { locale: input.locale } : {}),
          },
        }),
      ),
    ),

    completeFederated: fromPromise<
      FederatedSignInResult,
      { provider: FederatedProvider; params: FederatedReturnParams }
    >(async ({ input }) => {
      const { state, code, iss, error, error_description } = input.params;
      const result = unwrap(
        await api.POST('/auth/oidc/{provider}/callback', {
          params: { path: { provider: input.provider } },
          body: {
            state,
            ...(code ? { code } : {}),
            ...(iss ? { iss } : {}),
            ...(error ? { error } : {}),
            ...(error_description ? { error_description } : {}),
          },
        }),
      );
      return {
        ...pick(result, ['token', 'expiresAt']),
        user: pick(result.user, AUTH_USER_FIELDS),
        redirect: result.redirect ?? null,
      };
    }),

    fetchCompany: fromPromise<CompanyRef | null, { token: string; federated: boolean }>(async ({ input }) => {
      const result = await api.GET('/users/me/company', { headers: bearer(input.token, input.federated) });
      if (result.response.status === 404) return null; // product.md#calls: 404 means none
      const company = unwrap(result);
      return pick(company, ['id', 'name', 'acronym']);
    }),

    fetchUser: fromPromise<AuthUser, { token: string; federated: boolean; userId: number }>(async ({ input }) => {
      const user = unwrap(
        await api.GET('/users/{id}', {
          params: { path: { id: input.userId } },
          headers: bearer(input.token, input.federated),
        }),
      );
      return pick(user, AUTH_USER_FIELDS);
    }),

    loadTheme: fromPromise<Theme, { token: string; federated: boolean; companyId: number }>(async ({ input }) => {
      const settings = unwrap(
        await api.GET('/companies/{id}/settings', {
          params: { path: { id: input.companyId } },
          headers: bearer(input.token, input.federated),
        }),
      );
      return {
        primary: settings.style.primaryColor,
        secondary: settings.style.secondaryColor,
        tertiary: settings.style.tertiaryColor,
        logo: settings.logo,
        links: settings.links,
      };
    }),

    // product.md#states, #limits: the server refreshes at the directory with the HttpOnly refresh cookie of this
    // browser and answers a new access token; a refusal (401) makes the machine sign out.
    refreshToken: fromPromise<{ token: string; expiresAt: string }, { record: LoginRecord }>(async ({ input }) => {
      if (!input.record.federationAuth) throw new ApiError(401, { message: 'Only federated sign-ins are refreshed' });
      const result = unwrap(await api.POST('/auth/refresh', {}));
      return pick(result, ['token', 'expiresAt']);
    }),

    // The server revokes the sign-in session of the token (and of the refresh cookie), so a copied
    // token stops working too; for a federated sign-in it answers the directory's end-session URL (product.md#screens).
    signOut: fromPromise<{ logoutUrl: string | null }, { record: LoginRecord | null }>(async ({ input }) => {
      if (!input.record) return { logoutUrl: null };
      return unwrap(
        await api.POST('/auth/signout', { headers: bearer(input.record.token, input.record.federationAuth) }),
      );
    }),
  };
}

/**
 * The auth machine's side-effect actions: persistence, the theme-failure log (product.md#messages) and the
 * browser's trips to the directory (`navigate`, default `location.assign`): its sign-in page and
 * its end-session URL.
 */
export function createAuthActions(
  storage: AuthStorage,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
  navigate: (url: string) => void = (url) => globalThis.location?.assign(url),
) {
  return {
    openProvider: (_: unknown, params: { url: string }) => navigate(params.url),
    followLogout: (_: unknown, params: { url: string }) => navigate(params.url),
    persistSession: (_: unknown, params: { record: LoginRecord | null; theme: Theme | null }) =>
      storage.write(params.record, params.theme),
    clearPersisted: () => storage.clear(),
    reportThemeFailure: (_: unknown, params: { error: unknown }) =>
      log('Failed to Get Theme Settings !!!!', params.error),
  };
}
