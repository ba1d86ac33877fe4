import { notFound } from '@tanstack/react-router';
import { unwrap } from '@/lib/api/client';

/**
 * Awaits an openapi-fetch call made in a route loader and returns its `data` payload.
 * A 404 becomes the router's `notFound()` (the route's not-found screen); any other failure
 * throws the client's `ApiError` (status, server message, field errors) for the errorComponent.
 */
export async function loadData<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const result = await call;
  if (result.response.status === 404) throw notFound();
  return unwrap(result);
}

/** A positive integer id from a path segment ("12" → 12); anything else → NaN (loaders answer not found). */
export function parseId(raw: string): number {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/**
 * Maps `items` through the async `fn` with at most `limit` calls in flight; resolves with the
 * results in input order, or rejects with the first failure.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
