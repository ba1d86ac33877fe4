import { notFound, redirect } from '@tanstack/react-router';
import { ApiError, unwrap } from '@/lib/api/client';
import { loginHref } from '@/lib/auth/guards';

/**
 * The loader helpers of every route, once: `loadData` (404 → not found, else throw),
 * `loadSignedIn` (401 → sign in again), `settle` (never throws: a section shows its own failure),
 * `valueOr`, `signInOn401`, `parseId` and `mapLimit`.
 */

/** The call an openapi-fetch method returns (every 2xx body is `{ data }`). */
type Call<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;

/**
 * Awaits an openapi-fetch call made in a route loader and returns its `data` payload.
 * A 404 becomes the router's `notFound()` (the route's not-found screen); any other failure
 * throws the client's `ApiError` (status, server message, field errors) for the errorComponent.
 */
export async function loadData<T>(call: Call<T>): Promise<T> {
  const result = await call;
  if (result.response.status === 404) throw notFound();
  return unwrap(result);
}

/** A positive integer id from a path segment ("12" → 12); anything else → NaN (loaders answer not found). */
export function parseId(raw: string): number {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/**
 * `loadData` for a protected page's loader: a 401 (the token was refused; the auth actor has
 * logged out) becomes a redirect to /login and back to `href`; other failures throw for the
 * route's errorComponent.
 */
export async function loadSignedIn<T>(call: Call<T>, href: string): Promise<T> {
  try {
    return await loadData(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect({ href: loginHref(href) });
    throw error;
  }
}

/** The outcome of one call of a page that shows each section's failure itself (toast, retry). */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * Awaits an openapi-fetch call and never throws: `{ok: true, data}` (the `data` payload) or
 * `{ok: false, error}` with an `ApiError` (status 0 for a network error). `notFoundAs` turns a 404
 * into a value (e.g. "no bank account yet" → null).
 */
export async function settle<T, F = never>(call: Call<T>, options: { notFoundAs?: F } = {}): Promise<Settled<T | F>> {
  try {
    const result = await call;
    if (result.response.status === 404 && 'notFoundAs' in options) return { ok: true, data: options.notFoundAs as F };
    return { ok: true, data: unwrap(result) };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof ApiError ? error : new ApiError(0, { message: String((error as Error)?.message ?? '') }),
    };
  }
}

/** The value of a settled call, or `fallback` when it failed. */
export function valueOr<T>(settled: Settled<T>, fallback: T): T {
  return settled.ok ? settled.data : fallback;
}

/** Rethrows a settled section's 401 as the sign-in redirect (the other failures stay in the section). */
export function signInOn401(results: Array<Settled<unknown>>, href: string): void {
  if (results.some((r) => !r.ok && r.error.status === 401)) throw redirect({ href: loginHref(href) });
}
