import { waitFor } from 'xstate';
import { type Api, type ApiAuth, createApi, type UnauthorizedReport } from '@/lib/api/client';
import type { FirstLoad } from '@/lib/api/first-load';
import type { XhrCredentials } from '@/lib/api/upload';
import { type AuthActor, createAuthService } from '@/lib/auth/auth-service';
import { selectIsLoggedIn, selectIsRefreshing, selectRecord } from '@machines/auth.selectors';

export type { AuthActor } from '@/lib/auth/auth-service';
export type { Api } from '@/lib/api/client';

/** What the router context carries (created once at start-up). */
export interface AppServices {
  /** Typed /api client; adds the bearer token and reports 401s to `auth`. */
  api: Api;
  /** The auth actor (login record, theme, login/logout). */
  auth: AuthActor;
}

/** Credentials for the client from the auth actor's snapshot (null unless logged in). */
export function authFromActor(auth: AuthActor | undefined): ApiAuth | null {
  const snapshot = auth?.getSnapshot();
  const record = snapshot ? selectRecord(snapshot) : null;
  return record ? { token: record.token, federated: record.federationAuth } : null;
}

/**
 * Handles a 401 reported by the client: tells the auth machine (`auth.unauthorized` with the
 * attempt number) unless the token has changed since the request was sent or a refresh is
 * already running, waits for the outcome, and resolves `true` when the call should be retried
 * with a new token (federated refresh, product.md#messages/#limits), `false` otherwise (the machine logs out).
 */
export async function handleUnauthorized(auth: AuthActor, report: UnauthorizedReport): Promise<boolean> {
  let snapshot = auth.getSnapshot();
  if (!selectIsLoggedIn(snapshot)) return false;
  if (!selectIsRefreshing(snapshot) && selectRecord(snapshot)?.token === report.token) {
    auth.send({ type: 'auth.unauthorized', attempt: report.attempt });
  }
  snapshot = await waitFor(auth, (s) => !selectIsRefreshing(s));
  const record = selectRecord(snapshot);
  return Boolean(record) && record!.token !== report.token;
}

/**
 * Credentials for the XHR uploads, wired like the API client: the token is read from the actor
 * before each attempt and a 401 goes through `handleUnauthorized` (refresh, then resend).
 */
export function xhrCredentials(
  auth: AuthActor | undefined,
): Required<Pick<XhrCredentials, 'getAuth' | 'onUnauthorized'>> {
  return {
    getAuth: () => authFromActor(auth),
    onUnauthorized: (report) => (auth ? handleUnauthorized(auth, report) : false),
  };
}

/**
 * Creates the API client and the auth actor, wired both ways: the client reads the token from
 * the actor's snapshot, and reports 401s to it (`handleUnauthorized`).
 */
export function createAppServices(options: { baseUrl?: string; firstLoad?: FirstLoad } = {}): AppServices {
  let auth: AuthActor | undefined;
  const api = createApi({
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.firstLoad ? { firstLoad: options.firstLoad } : {}),
    getAuth: () => authFromActor(auth),
    onUnauthorized: (report) => (auth ? handleUnauthorized(auth, report) : false),
  });
  auth = createAuthService(api);
  return { api, auth };
}
