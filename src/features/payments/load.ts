import { ApiError, unwrap } from '@/lib/api/client';

/** The outcome of one call of a page that shows each section's failure itself. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * Awaits an openapi-fetch call and never throws: `{ok: true, data}` (the `data` payload) or
 * `{ok: false, error}` with an `ApiError` (status 0 for a network error). `notFoundAs` turns a 404
 * into a value (e.g. "no bank account yet" → null).
 */
export async function settle<T, F = never>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
  options: { notFoundAs?: F } = {},
): Promise<Settled<T | F>> {
  try {
    const result = await call;
    if (result.response.status === 404 && 'notFoundAs' in options) return { ok: true, data: options.notFoundAs as F };
    return { ok: true, data: unwrap(result) };
  } catch (error) {
    return { ok: false, error: error instanceof ApiError ? error : new ApiError(0, { message: String((error as Error)?.message ?? '') }) };
  }
}
