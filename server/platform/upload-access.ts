import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkStorageKey } from './storage.js';

/**
 * Private uploads (docs/storage.md "Private files"): résumés, signatures, lesson files and
 * assignment submissions are served only through short-lived signed URLs, with
 * `Cache-Control: private, no-store`; course pictures and videos, profile pictures, question
 * pictures and company logos stay public and cacheable.
 *
 * Who may read a private file is decided where its URL is handed out: every JSON answer of `/api`
 * has the private `/uploads/…` URLs it holds signed on the way out (`/uploads/<key>?exp=<s>&sig=<mac>`),
 * so a caller gets a working link exactly when an operation, with its own access rules, showed
 * them the file (the owner's upload answer, the classroom of the session's educator and enrolled
 * learners, a submission for its learner and the session's staff, admins). An `<img src>` or a
 * download link cannot send the bearer header, which is why the capability travels in the URL.
 * Links signed into answers expire after {@link UPLOAD_URL_TTL_SECONDS}; the database always
 * keeps the unsigned `/uploads/<key>`, and signatures sent back in request bodies (an editor
 * saving a link it was shown) are removed before any handler sees them.
 */

/** Storage key prefixes (upload kinds) that are private. Kinds in server/modules/uploads/policy.ts. */
export const PRIVATE_UPLOAD_PREFIXES = ['resume/', 'signature/', 'lesson/', 'submissions/'] as const;

/**
 * Lifetime of a signed URL in seconds: 10 minutes, long enough to open a page and then click its
 * document, short enough that a copied link (a log, a shared screenshot) soon opens nothing.
 */
export const UPLOAD_URL_TTL_SECONDS = 600;

/** Whether a storage key (e.g. `resume/lq3x-ab12.pdf`) is of a private kind. */
export function isPrivateUploadKey(key: string): boolean {
  return PRIVATE_UPLOAD_PREFIXES.some((p) => key.startsWith(p));
}

const KEY_CHARS = '[A-Za-z0-9._~%-]';
/** A private `/uploads/<key>` URL in text (JSON or HTML), not already carrying a query. */
const PRIVATE_URL = new RegExp(
  `/uploads/((?:${PRIVATE_UPLOAD_PREFIXES.map((p) => p.slice(0, -1)).join('|')})(?:/${KEY_CHARS}+)+)(?![A-Za-z0-9._~%/?-])`,
  'g',
);
/** The signature query added by {@link UploadSigner.signUrl} (also HTML-escaped, `&amp;`). */
const SIGNATURE_QUERY = /(\/uploads\/[^\s"'<>?#\\]+)\?exp=\d+&(?:amp;)?sig=[A-Za-z0-9_-]+/g;

/**
 * Signs and checks private upload URLs: `sig` = base64url(HMAC-SHA256(k, `<key>\n<exp>`)) where
 * `exp` is the expiry in Unix seconds and `k` is derived from the server's JWT secret
 * (HMAC-SHA256(JWT_SECRET, 'halaqa upload urls')), so every instance with the same secret accepts
 * the others' links and a token key is never used as is for another purpose.
 */
export class UploadSigner {
  private readonly key: Buffer;

  /**
   * @param secret the server's secret (config.jwtSecret, ≥ 32 characters)
   * @param now the app's clock (AppContext.now)
   * @param ttlSeconds lifetime of the links signed ({@link UPLOAD_URL_TTL_SECONDS})
   */
  constructor(
    secret: string,
    private readonly now: () => Date,
    private readonly ttlSeconds = UPLOAD_URL_TTL_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update('halaqa upload urls').digest();
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  /** `/uploads/<key>?exp=…&sig=…` for a storage key, valid for the signer's lifetime from now. */
  signedPath(key: string): string {
    const exp = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    return `/uploads/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** Signs every private `/uploads/…` URL found in `text` (a JSON answer, HTML inside it); other text unchanged. */
  signUrlsIn(text: string): string {
    if (!text.includes('/uploads/')) return text;
    return text.replace(PRIVATE_URL, (_m, key: string) => this.signedPath(key));
  }

  /**
   * Whether `sig` is this server's signature of `key` until `exp` (Unix seconds, as sent), and
   * `exp` has not passed. Compared in constant time.
   */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires * 1000 <= this.now().getTime()) return false;
    const expected = Buffer.from(this.mac(key, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * Removes upload signatures from every string of a parsed request body, in place (strings of
 * objects and arrays, any depth): what is stored is always the unsigned `/uploads/<key>`.
 */
export function stripUploadSignatures(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('/uploads/') ? value.replace(SIGNATURE_QUERY, '$1') : value;
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = stripUploadSignatures(value[i], depth + 1);
  } else {
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) record[k] = stripUploadSignatures(record[k], depth + 1);
  }
  return value;
}

/** The storage key of an `/uploads/<key>` request path (decoded), or null when it is not one. */
function uploadKeyOf(url: string): string | null {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/uploads/')) return null;
  try {
    return checkStorageKey(decodeURIComponent(path.slice('/uploads/'.length)));
  } catch {
    return null;
  }
}

const privateRequests = new WeakSet<object>();

/**
 * Wires the rule into the app, for every route and driver (disk or S3):
 * - a request for a private `/uploads/<key>` without a valid, unexpired signature of that key is
 *   answered 403 before any file is looked up; an allowed one is answered with
 *   `Cache-Control: private, no-store` (never a shared cache, never a CDN redirect: storage-s3.ts);
 * - every JSON answer of `/api` has its private upload URLs signed ({@link UploadSigner.signUrlsIn});
 * - every `/api` request body has upload signatures removed before its handler
 *   ({@link stripUploadSignatures}).
 * Register before compression, so answers are signed before they are compressed.
 */
export function registerPrivateUploads(app: FastifyInstance, signer: UploadSigner): void {
  app.addHook('onRequest', async (request, reply) => {
    const key = uploadKeyOf(request.url);
    if (key === null || !isPrivateUploadKey(key)) return;
    const query = request.query as Record<string, string | undefined>;
    if (!signer.verify(key, query.exp, query.sig)) {
      return reply
        .code(403)
        .header('cache-control', 'private, no-store')
        .send({ message: 'This link has expired or is not valid: open the file again from the page that shows it' });
    }
    privateRequests.add(request);
  });
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/') && request.body !== undefined)
      request.body = stripUploadSignatures(request.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (privateRequests.has(request)) {
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    // Only the contract's operations: the contract document itself (/api/openapi.json) keeps its examples.
    if (
      typeof payload !== 'string' ||
      !(request.routeOptions.config as { operationId?: string } | undefined)?.operationId
    )
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    return signer.signUrlsIn(payload);
  });
}
