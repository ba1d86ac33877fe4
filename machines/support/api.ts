import type { Client } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';

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
 * Status handling (product.md#messages):
 * - only 200–399 count as success: a 3xx that reaches the client (fetch follows redirects) is
 *   handed to openapi-fetch as a 200 so it lands in `data`;
 * - a 401 on any path except `/auth/signin` and `/companies/{id}/settings` is reported to
 *   `onUnauthorized({ attempt, url })`. If the handler resolves `true` (the auth actor obtained a
 *   fresh token: federated users, up to 3 times, product.md#limits) the request is sent again with the new
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

/** Field errors plus the general message, from an error body (product.md#validation). */
export type NormalizedErrors = Record<string, string> & { message?: string };

/**
 * Normalises a server error body into `{ [field]: message, message? }` (product.md#validation):
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

  /** Seconds to wait before retrying, from a 429's `Retry-After` header, else undefined. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, retryAfter?: number) {
    const normalized = normalizeErrors(body);
    const { message, ...fields } = normalized;
    super(message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = message;
    this.fieldErrors = fields;
    this.retryAfter = retryAfter;
  }
}

/**
 * Unwraps an openapi-fetch result: returns `data.data` (every 2xx body is `{ data }`) or throws
 * an `ApiError` with the status and the normalised error body.
 */
export function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.status < 400) return result.data.data;
  throw new ApiError(
    result.response.status,
    result.error,
    retryAfterSeconds(result.response.headers?.get('retry-after')),
  );
}

/** Whole seconds of a `Retry-After` header (delta-seconds or an HTTP date), else undefined. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : Math.ceil((Date.parse(header) - now) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
