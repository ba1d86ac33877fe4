// Shared helpers of the payments account page tests: an API on a mocked fetch, the sandbox gateway, sent bodies.
import { createApi } from '@/lib/api/client';
import type { GatewayConfig } from '@machines/checkout.machine';
import { mockFetch, type Handler } from '../machines/fetch-mock';
import { config } from './payments-fixtures';

/** An API client on a fetch mocked by `routes`, with the mock. */
export function apiWith(routes: Record<string, Handler>) {
  const mock = mockFetch(routes);
  return { mock, api: createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch }) };
}

/** The sandbox gateway's configuration as the API answers it. */
export const sandbox = { ok: true as const, data: config as GatewayConfig };
/** The JSON bodies and Idempotency-Keys of the calls of `method` to `path`. */
export const bodies = (mock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  mock.calls
    .filter((c) => c.method === method && c.path === path)
    .map((c) => ({ body: c.body ? JSON.parse(c.body) : null, key: c.headers.get('Idempotency-Key') }));
