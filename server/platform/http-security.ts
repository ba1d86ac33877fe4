import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Security headers and log hygiene of the HTTP server (README "Security headers",
 * docs/decisions.md "Nothing lost, nobody in").
 */

/**
 * Query parameters whose values are secrets: bearer tokens in `?token=…` (product.md#roles), and on the
 * built-in identity provider's URLs the authorization code and the ID token of a sign-out.
 */
const SECRET_QUERY_PARAMS = ['token', 'code', 'id_token_hint'];

/**
 * A URL with the values of secret query parameters replaced by `[REDACTED]`
 * (`/api/x?token=abc&a=1` → `/api/x?token=[REDACTED]&a=1`); other characters are kept as sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return SECRET_QUERY_PARAMS.includes(decoded.toLowerCase()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** A path of the contract with secret segments: its pattern (every segment a group) and which groups are secret. */
export interface SecretPath {
  pattern: RegExp;
  secret: number[];
}

/** Path parameters whose values are secrets: link tokens (`{token}` of invitations and waitlists). */
const SECRET_PATH_PARAM = /token/i;

/**
 * The contract's paths with a secret path parameter (named like `token`), as patterns over request
 * URLs under `prefix`: derived from the contract, so a new token route is redacted without a list
 * to keep (OWASP Logging Cheat Sheet: never log session identifiers or access tokens).
 * @param paths OpenAPI paths, e.g. `/invitations/{token}/accept`
 */
export function secretPathPatterns(paths: readonly string[], prefix = '/api'): SecretPath[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const result: SecretPath[] = [];
  for (const path of new Set(paths)) {
    const segments = `${prefix}${path}`.split('/').slice(1);
    const secret = segments.flatMap((seg, i) => (/^\{.+\}$/.test(seg) && SECRET_PATH_PARAM.test(seg) ? [i + 1] : []));
    if (secret.length === 0) continue;
    const groups = segments.map((seg) => (/^\{.+\}$/.test(seg) ? '/([^/?#]+)' : `/(${escape(seg)})`));
    result.push({ pattern: new RegExp(`^${groups.join('')}/?$`), secret });
  }
  return result;
}

/** `url` with the secret path segments of the first matching {@link SecretPath} replaced by `[REDACTED]`. */
export function redactPath(url: string, secretPaths: readonly SecretPath[]): string {
  const q = url.search(/[?#]/);
  const path = q < 0 ? url : url.slice(0, q);
  for (const { pattern, secret } of secretPaths) {
    const m = pattern.exec(path);
    if (!m) continue;
    const segments = m.slice(1).map((seg, i) => (secret.includes(i + 1) ? '[REDACTED]' : seg));
    return `/${segments.join('/')}${path.endsWith('/') ? '/' : ''}${q < 0 ? '' : url.slice(q)}`;
  }
  return url;
}

/**
 * Pino serializer of requests: Fastify's default fields, with secrets taken out of the URL: `?token=`
 * style query parameters ({@link redactUrl}) and token path segments ({@link redactPath}).
 */
export function serializeRequest(request: FastifyRequest, secretPaths: readonly SecretPath[] = []) {
  return {
    method: request.method,
    url: redactUrl(redactPath(request.url, secretPaths)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The Content-Security-Policy directives of the SPA and the API (no inline script anywhere). */
export function appCspDirectives(https: boolean): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Ark UI and React set inline style attributes; Panda's CSS is a file.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Lesson pages show https images and videos (sanitised HTML, video links), uploads may be on a CDN.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Only behind https: on a plain-http install it would send every asset to a port that does not answer.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/**
 * The CSP of an HTML page that needs inline scripts of its own (the Redoc API reference): the
 * app's policy, with those exact scripts allowed by hash, Redoc's search worker (blob:) and its
 * generated styles.
 */
export function pageCsp(html: string, https: boolean): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
  const d = appCspDirectives(https);
  d.scriptSrc = ["'self'", ...hashes];
  d.workerSrc = ["'self'", 'blob:'];
  return Object.entries(d)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}${v!.length ? ' ' + v!.join(' ') : ''}`)
    .join(';');
}
