import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../config.js';

const normalized = (hostname: string) => hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * On a local install, the origin a browser must use instead of the one it came by: PUBLIC_URL's
 * (unset: `http://localhost:$PORT`) when PUBLIC_URL and the request's host name are both loopback
 * names (`localhost`, `127.x.x.x`, `[::1]`) and differ. Browsers keep cookies per host name, and
 * single sign-on returns to PUBLIC_URL: a sign-in started at `127.0.0.1` would end at `localhost`
 * without its binding cookie ("This sign-in is not valid any more"). Ports are not compared
 * (cookies ignore them).
 * @param hostname the request's host name without its port (Fastify's `request.hostname`)
 * @returns PUBLIC_URL's origin, or null when the request is where it should be (or the install is not local).
 */
export function configuredLocalOrigin(publicUrl: string, hostname: string): string | null {
  const configured = new URL(publicUrl);
  if (!isLoopbackHost(configured.hostname) || !isLoopbackHost(hostname)) return null;
  return normalized(configured.hostname) === normalized(hostname) ? null : configured.origin;
}

/**
 * Redirects (307) a GET or HEAD of a page, file or anything else outside `/api` reached at another
 * loopback name than PUBLIC_URL's ({@link configuredLocalOrigin}) to the same path and query at
 * PUBLIC_URL, so the SPA always runs at PUBLIC_URL's origin. API calls are answered where they
 * arrive (the OIDC start sends such a browser to PUBLIC_URL itself: modules/auth/federation.ts).
 */
export function redirectToConfiguredLocalOrigin(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return;
    const origin = configuredLocalOrigin(publicUrl, request.hostname);
    if (origin) return reply.redirect(origin + request.url, 307);
  });
}
