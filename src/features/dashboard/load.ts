import { ApiError, unwrap } from '@/lib/api/client';

/** The outcome of a call made in a loader whose failure the page shows itself (toast + retry). */
export type Loaded<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * Awaits an openapi-fetch call and never throws: `{ok: true, data}` (the `data` payload) or
 * `{ok: false, error}` with an `ApiError` (status 0 for a network error).
 */
export async function settle<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: unwrap(await call) };
  } catch (error) {
    return { ok: false, error: error instanceof ApiError ? error : new ApiError(0, { message: String((error as Error)?.message ?? '') }) };
  }
}

/** The value of a settled call, or `fallback` when it failed. */
export function valueOr<T>(loaded: Loaded<T>, fallback: T): T {
  return loaded.ok ? loaded.data : fallback;
}
