import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '@contract/schema';

/**
 * The typed `/api` client (openapi-fetch over the generated `paths` of openapi/halaqa.yaml).
 *
 *   const api = createApi({ getAuth: () => ({ token, federated }), onUnauthorized })
 *   const { data, error, response } = await api.GET('/sessions/{id}/info', { params: { path: { id } } })
 *
 * Every request carries `Authorization: Bearer <token>` and `X-Auth-Legacy: 1` (product sign-in)
 * or `0` (federated sign-in) when `getAuth()` returns a token, unless the call already set its own
 * `Authorization` header (the sign-in workflow does, before the login record exists).
 *
 * Status handling (spec §8):
 * - only 200–399 count as success: a 3xx that reaches the client (fetch follows redirects) is
 *   handed to openapi-fetch as a 200 so it lands in `data`;
 * - a 401 on any path except `/auth/signin` and `/companies/{id}/settings` is reported to
 *   `onUnauthorized({ attempt, url })`. If the handler resolves `true` (the auth actor obtained a
 *   fresh token: federated users, up to 3 times, spec §9) the request is sent again with the new
 *   token; otherwise the 401 answer is returned to the caller;
 * - a network error (no response) is logged and rethrown (the promise rejects).
 */
export type Api = Client<paths>;

/** What the client needs to know about the signed-in user for each request. */
export interface ApiAuth {
  /** Bearer JWT. */
  token: string;
  /** True for a federated (single sign-on) user: header `X-Auth-Legacy: 0`; else `1`. */
  federated: boolean;
}

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
}

/** Most retries of one call after a 401 (spec §9: 3 for federated users). */
export const MAX_UNAUTHORIZED_RETRIES = 3;

/** Paths whose 401 is an answer of their own, not an expired session (spec §8). */
const UNAUTHORIZED_EXEMPT: RegExp[] = [/^\/auth\/signin$/, /^\/companies\/[^/]+\/settings$/];

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
      // Keep a copy to resend after a refresh (taken first: building `authed` moves the body).
      if (onUnauthorized && !isExempt(schemaPath)) pending.set(id, request.clone());
      return withAuthHeaders(request, getAuth());
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
        // Spec §8: 200–399 is success.
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

/** Field errors plus the general message, from an error body (spec §5). */
export type NormalizedErrors = Record<string, string> & { message?: string };

/**
 * Normalises a server error body into `{ [field]: message, message? }` (spec §5):
 * - `{ message, errors: [{ path, message }] }` → one entry per path (first message wins), plus
 *   `message`;
 * - a validation block `{ validation: { <field>: <message> | [<message>…] } }` (or a body whose
 *   first key maps to a field message) → its first key and message;
 * - a bare `{ message }` or a plain string → `{ message }`.
 * Paths like `/email` or `body.email` are reduced to `email`. Never throws; unknown shapes give `{}`.
 */
export function normalizeErrors(body: unknown): NormalizedErrors {
  const out: NormalizedErrors = {};
  if (typeof body === 'string') {
    if (body.trim()) out.message = body;
    return out;
  }
  if (!body || typeof body !== 'object') return out;
  const record = body as Record<string, unknown>;
  const firstText = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(firstText).find((v) => v !== undefined);
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      return (value as { message: string }).message;
    }
    return undefined;
  };
  const fieldName = (path: string) =>
    path
      .replace(/^\/+/, '')
      .replace(/^(body|data)[./]/, '')
      .replace(/\//g, '.');

  if (Array.isArray(record.errors)) {
    for (const item of record.errors) {
      if (!item || typeof item !== 'object') continue;
      const { path, message } = item as { path?: unknown; message?: unknown };
      if (typeof message !== 'string') continue;
      const key = typeof path === 'string' && path ? fieldName(path) : 'message';
      if (key === 'message') {
        out.message ??= message;
      } else if (!(key in out)) {
        out[key] = message;
      }
    }
  } else if (record.validation && typeof record.validation === 'object' && !Array.isArray(record.validation)) {
    const [first] = Object.entries(record.validation as Record<string, unknown>);
    const text = first ? firstText(first[1]) : undefined;
    if (first && text) out[fieldName(first[0])] = text;
  } else if (typeof record.message !== 'string') {
    // A bare validation object: `{ email: 'is taken' }` → its first key and message.
    const [first] = Object.entries(record);
    const text = first ? firstText(first[1]) : undefined;
    if (first && text) out[fieldName(first[0])] = text;
  }
  if (typeof record.message === 'string' && record.message) out.message = record.message;
  return out;
}

/**
 * The error an actor throws for a failed call: HTTP `status` (0 for a network error), the
 * server's `message` (empty when none) and the normalised field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** The server's message, if it sent one (also `message`). */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: unknown) {
    const normalized = normalizeErrors(body);
    const { message, ...fields } = normalized;
    super(message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = message;
    this.fieldErrors = fields;
  }
}

/**
 * Unwraps an openapi-fetch result: returns `data.data` (every 2xx body is `{ data }`) or throws
 * an `ApiError` with the status and the normalised error body.
 */
export function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.status < 400) return result.data.data;
  throw new ApiError(result.response.status, result.error);
}
