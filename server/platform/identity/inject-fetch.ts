import type { FastifyInstance } from 'fastify';
import type { InProcessFetch } from './oidc-client.js';

/**
 * A fetch answered by this app itself (`app.inject`): how the relying party reaches the built-in
 * identity provider without a socket or the network (its issuer is under PUBLIC_URL).
 */
export function injectFetch(app: FastifyInstance): InProcessFetch {
  return async (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    // The body is handed over as bytes without decoding: ask for it uncompressed.
    delete headers['accept-encoding'];
    const res = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as 'GET',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host, 'x-forwarded-proto': target.protocol.replace(':', '') },
      ...(init.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}
