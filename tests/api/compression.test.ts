import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES, staticCacheControl } from '../../server/platform/http-compression.js';
import { precompressDir } from '../../scripts/vite-precompress.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Goal 3: JSON and other text answers of 1 kB or more are compressed (Brotli or gzip, as
 * accepted); the SPA's files are served precompressed (.br/.gz made at build time) with
 * Vary: Accept-Encoding and their cache policy; binary files, partial content and small answers
 * are sent as they are; the security headers stay on compressed answers.
 */
const dir = mkdtempSync(join(tmpdir(), 'halaqa-compression-'));
const webDir = join(dir, 'web');
const script = `export const courses = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, title: 'Course number ${i}' }`).join(', ')}];\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/app-3f2a1b.js"></script><meta name="description" content="${'Live courses. '.repeat(100)}"></head><body><div id="root"></div></body></html>`;
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), indexHtml);
  writeFileSync(join(webDir, 'assets/app-3f2a1b.js'), script);
  writeFileSync(join(webDir, 'favicon.svg'), favicon);
  await precompressDir(webDir);
  t = await startTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('precompressed build (scripts/vite-precompress.ts)', () => {
  it('writes .br and .gz beside text files of 1 kB or more, not beside smaller ones', () => {
    expect(brotliDecompressSync(readFileSync(join(webDir, 'assets/app-3f2a1b.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(webDir, 'assets/app-3f2a1b.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(webDir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(webDir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(webDir, 'favicon.svg.gz'))).toBe(false);
  });
});

describe('static files of the SPA', () => {
  it('sends a hashed asset as Brotli, gzip or plain by Accept-Encoding, immutable for a year, varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-3f2a1b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decode('br', br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-3f2a1b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-3f2a1b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the page (/, a course page, and a deep link through the SPA fallback) compressed, never cached without revalidation, with the security headers', async () => {
    for (const url of ['/', '/courses/12', '/dashboard/sessions']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const page = decode('br', res.rawPayload).toString();
      // The public pages add to the head (modules/pages); the body is the built one.
      if (url === '/dashboard/sessions') expect(page, url).toBe(indexHtml);
      else expect(page.slice(page.indexOf('<body')), url).toBe(indexHtml.slice(indexHtml.indexOf('<body')));
    }
  });

  it('sends an unhashed file without a precompressed twin (compressed on the fly), cached for a day', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(decode(res.headers['content-encoding'], res.rawPayload).toString()).toBe(favicon);
    expect((await get('/favicon.svg')).body).toBe(favicon);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer of 1 kB or more (the catalog) in Brotli or gzip, the same JSON once decoded', async () => {
    const plain = await get('/api/courses/explore');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/courses/explore', { 'accept-encoding': encoding });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(String(res.headers.vary), encoding).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], encoding).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], encoding).toBeDefined();
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString()), encoding).toEqual(expected);
    }
  });

  it('prefers Brotli when both are accepted, and sends identity when neither is', async () => {
    expect(
      (await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding'],
    ).toBe('br');
    const identity = await get('/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().openapi).toMatch(/^3\./);
  });

  it('streams the API reference script compressed', async () => {
    const res = await get('/api/docs/redoc.standalone.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', res.rawPayload).toString()).toContain('Redoc');
  });

  it('leaves small answers and errors under 1 kB as they are', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ data: { status: 'ok', database: 'up' } });
    const missing = await get('/api/no-such-operation', { 'accept-encoding': 'br, gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses uploaded binary files nor a Range request (partial content keeps its byte offsets)', async () => {
    const bytes = Buffer.alloc(64 * 1024, 7);
    mkdirSync(join(t.config.dataDir, 'uploads/files'), { recursive: true });
    writeFileSync(join(t.config.dataDir, 'uploads/files/notes.pdf'), bytes);
    writeFileSync(join(t.config.dataDir, 'uploads/files/notes.txt'), bytes.toString('latin1'));
    const pdf = await get('/uploads/files/notes.pdf', { 'accept-encoding': 'br, gzip' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.equals(bytes)).toBe(true);
    const range = await get('/uploads/files/notes.txt', { 'accept-encoding': 'br, gzip', range: 'bytes=100-199' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.rawPayload.length).toBe(100);
  });

  it('compresses text types on the fly but never event streams or octet-stream downloads', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/css',
      'text/javascript',
      'application/javascript',
      'image/svg+xml',
      'text/calendar; charset=utf-8',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
    for (const type of [
      'text/event-stream',
      'text/event-stream; charset=utf-8',
      'application/octet-stream',
      'image/png',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
    expect(staticCacheControl('/srv/dist/assets/index-3f2a1b.js')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/srv/dist/index.html')).toBe('no-cache');
    expect(staticCacheControl('/srv/dist/favicon.svg')).toBe('public, max-age=86400');
  });
});
