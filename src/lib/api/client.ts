import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@contract/schema';
import type { Api, ApiAuth } from '@machines/support/api';
import type { FirstLoad } from './first-load';

/**
 * The app's `/api` client. The client's type (`Api`), its credentials (`ApiAuth`), `ApiError`,
 * `normalizeErrors` and `unwrap` live with the machines (machines/support/api.ts), whose actors
 * use them and which never import `src/`; they are re-exported here for the screens.
 */
export {
  type Api,
  type ApiAuth,
  ApiError,
  normalizeErrors,
  unwrap,
} from '@machines/support/api';

/** A 401 reported by the client. `attempt` is 1 for the first 401 of a call, 2 after one retry… */
export interface UnauthorizedReport {
  attempt: number;
  /** Full request URL. */
  url: string;
  method: string;
  /** The bearer token the refused request carried (null when it had none). */
  token: string | null;
}

export interface CreateApiOptions {
  /** Base URL, default `/api`. Tests may pass an absolute origin (`http://localhost/api`). */
  baseUrl?: string;
  /** Current credentials, read on every request; null when signed out. */
  getAuth?: () => ApiAuth | null;
  /**
   * Called on a 401 (not on sign-in or company settings). Resolve `true` to have the request
   * retried with the credentials `getAuth()` returns then; anything else returns the 401 as is.
   */
  onUnauthorized?: (report: UnauthorizedReport) => boolean | void | Promise<boolean | void>;
  /** fetch implementation (tests); default `globalThis.fetch` at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /** Where network errors are logged; default `console.error`. */
  logError?: (message: string, error: unknown) => void;
  /** Answers the server sent with the page (src/lib/api/first-load.ts): a signed-out GET takes its URL's answer instead of asking, once. */
  firstLoad?: FirstLoad;
}

/** Most retries of one call after a 401 (product.md#limits: 3 for federated users). */
export const MAX_UNAUTHORIZED_RETRIES = 3;

/**
 * Paths whose 401 is an answer of their own, not an expired session (product.md#messages), and the federated
 * sign-in calls, which carry no session (a refused refresh must not ask for another refresh).
 */
const UNAUTHORIZED_EXEMPT: RegExp[] = [
  /^\/auth\/signin$/,
  /^\/companies\/[^/]+\/settings$/,
  /^\/auth\/(refresh|signout|oidc\/)/,
];

function isExempt(schemaPath: string): boolean {
  return UNAUTHORIZED_EXEMPT.some((re) => re.test(schemaPath));
}

function withAuthHeaders(request: Request, auth: ApiAuth | null): Request {
  if (!auth || request.headers.has('Authorization')) return request;
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${auth.token}`);
  if (!headers.has('X-Auth-Legacy')) headers.set('X-Auth-Legacy', auth.federated ? '0' : '1');
  return new Request(request, { headers });
}

function bearerOf(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * Creates the `/api` client with the auth middleware. See the `Api` docs for status handling.
 * Throws nothing itself; a request rejects only on a network error.
 */
export function createApi(options: CreateApiOptions = {}): Api {
  const {
    baseUrl = '/api',
    getAuth = () => null,
    onUnauthorized,
    logError = (message, error) => console.error(message, error),
  } = options;
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl }) as Api;

  /** Unconsumed copies of the requests in flight, to resend after a refresh. */
  const pending = new Map<string, Request>();

  const middleware: Middleware = {
    onRequest({ request, id, schemaPath }) {
      const auth = getAuth();
      if (!auth && request.method === 'GET') {
        const answered = options.firstLoad?.take(request.url);
        if (answered) return answered;
      }
      // Keep a copy to resend after a refresh (taken first: building `authed` moves the body).
      if (onUnauthorized && !isExempt(schemaPath)) pending.set(id, request.clone());
      return withAuthHeaders(request, auth);
    },
    async onResponse({ response, id, request }) {
      const original = pending.get(id);
      pending.delete(id);
      let current = response;
      // A call that set its own Authorization (the sign-in workflow, before the login record
      // exists) is not about the stored session: its 401 is returned as is.
      if (current.status === 401 && onUnauthorized && original && !original.headers.has('Authorization')) {
        // attempt 1..3: a refresh may follow and the call is resent; attempt 4 is reported so the
        // auth machine logs out, and the 401 is returned.
        let sent: Request = request;
        for (let attempt = 1; current.status === 401 && attempt <= MAX_UNAUTHORIZED_RETRIES + 1; attempt++) {
          const token = bearerOf(sent);
          const retry = await onUnauthorized({ attempt, url: request.url, method: request.method, token });
          if (retry !== true || attempt > MAX_UNAUTHORIZED_RETRIES) break;
          sent = withAuthHeaders(original.clone(), getAuth());
          current = await fetchImpl(sent);
        }
      }
      if (current.status >= 300 && current.status < 400) {
        // product.md#messages: 200–399 is success.
        const nullBody = current.status === 304;
        return new Response(nullBody ? null : current.body, {
          status: 200,
          statusText: `OK (${current.status})`,
          headers: current.headers,
        });
      }
      return current === response ? undefined : current;
    },
    onError({ error, id, request }) {
      pending.delete(id);
      logError(`Network error on ${request.method} ${request.url}`, error);
      return error instanceof Error ? error : new Error(String(error));
    },
  };
  client.use(middleware);
  return client;
}
