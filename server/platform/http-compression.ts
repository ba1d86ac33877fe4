/**
 * Compression and caching of HTTP answers.
 */

/** Smallest answer body compressed on the fly, in bytes: below it the headers cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Content types compressed on the fly (besides those mime-db marks compressible, e.g. text/csv):
 * JSON (and `+json`), JavaScript, XML, SVG and text, except `text/event-stream`, whose events must
 * reach the client as they are written. Binary files (images, PDF, spreadsheets,
 * `application/octet-stream` downloads) are never compressed: they are compressed already, and a
 * streamed download keeps its Content-Length.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * The Cache-Control of a file of the built SPA (`path`: its path on disk, or its URL):
 * - files under /assets/ carry a content hash in their name (Vite): cached for a year, immutable;
 * - HTML (index.html, the page of every SPA route): `no-cache`, revalidated on each visit so a new
 *   deployment is picked up at once (ETag / Last-Modified make that a 304);
 * - other files of public/ (favicon…), unhashed: a day.
 */
export function staticCacheControl(path: string): string {
  const normalized = path.replace(/\\/g, '/');
  if (normalized.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\.html?(?:\.(?:br|gz))?$/.test(normalized)) return 'no-cache';
  return 'public, max-age=86400';
}
