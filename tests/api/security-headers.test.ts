import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { redactUrl } from '../../server/platform/http-security.js';

/**
 * "Nothing lost, nobody in" #entities: security headers on the SPA and the API, HSTS only behind https,
 * `?token=` values out of the request log; and a missing /uploads file is a 404, not the SPA.
 */
const dir = mkdtempSync(join(tmpdir(), 'halaqa-headers-'));
const webDir = join(dir, 'web');
mkdirSync(webDir);
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let handle: DatabaseHandle;
const apps: FastifyInstance[] = [];
async function appWith(env: Record<string, string>, logger: false | Record<string, unknown> = false) {
  const config = loadConfig({
    DATA_DIR: join(dir, 'data'),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    WEB_DIR: webDir,
    ...env,
  });
  const app = await buildApp({ config, db: handle.db, logger });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  const url = process.env.HALAQA_TEST_DATABASE_URL;
  handle = await openDatabase(
    url ? { kind: 'postgres', url, schema: `t_headers_${process.pid}` } : { kind: 'pglite', dir: null },
  );
  await migrateToLatest(handle.db, handle.schema);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  if (process.env.HALAQA_TEST_DATABASE_URL)
    await handle.db.schema.dropSchema(handle.schema).ifExists().cascade().execute();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

function cspOf(res: { headers: Record<string, unknown> }): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0], d.slice(d.split(' ')[0].length).trim()] as [string, string]),
  );
}

describe('security headers', () => {
  it('the SPA page and the API answer with CSP (no inline script), nosniff, no framing, no referrer; no HSTS over http', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://localhost:3000' });
    for (const url of ['/', '/courses/12', '/api/health', '/api/no-such-operation']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = cspOf(res);
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('adds HSTS (and upgrade-insecure-requests) only when PUBLIC_URL is https', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://halaqa.example.org' });
    for (const url of ['/', '/api/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(cspOf(res).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('the API reference (Redoc) runs its own inline start-up script only, allowed by hash, with a worker for search', async () => {
    const app = await appWith({});
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res);
    expect(csp.get('script-src')).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    const { createHash } = await import('node:crypto');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1];
    expect(csp.get('script-src')).toContain(createHash('sha256').update(inline).digest('base64'));
  });
});

describe('request log', () => {
  it('never writes the value of a ?token= query parameter', async () => {
    const app = await appWith({}, { level: 'info', stream: logStream });
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.sig';
    await app.inject({ method: 'GET', url: `/api/health?token=${secret}&auth-legacy=1` });
    await app.inject({ method: 'GET', url: `/api/users/me?a=1&TOKEN=${secret}` });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/health?token=[REDACTED]&auth-legacy=1');
    expect(logged).toContain('/api/users/me?a=1&TOKEN=[REDACTED]');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('c2VjcmV0LXRva2Vu');
  });

  it("never writes a token that is a path segment (the contract's {token} parameters: invitation and waitlist links)", async () => {
    const app = await appWith({}, { level: 'info', stream: logStream });
    const secret = 'Zm9vYmFyYmF6cXV4LXNlY3JldC1saW5rLXRva2VuMTIz';
    await app.inject({ method: 'GET', url: `/api/invitations/${secret}` });
    await app.inject({ method: 'POST', url: `/api/invitations/${secret}/accept` });
    await app.inject({ method: 'GET', url: `/api/waitlist/confirm/${secret}?x=1` });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/invitations/[REDACTED]"');
    expect(logged).toContain('/api/invitations/[REDACTED]/accept');
    expect(logged).toContain('/api/waitlist/confirm/[REDACTED]?x=1');
    expect(logged).not.toContain(secret);
  });

  it('redactUrl leaves other parameters and token-like names alone', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?tokens=1&token=x&token&%74oken=y')).toBe(
      '/a?tokens=1&token=[REDACTED]&token=[REDACTED]&%74oken=[REDACTED]',
    );
  });
});

describe('/uploads', () => {
  it('answers 404 for a file that does not exist (403 for a private one without a signed link), never the SPA page', async () => {
    const app = await appWith({});
    for (const [url, status] of [
      ['/uploads/coursepicture/nothing-here.png', 404],
      ['/uploads/', 404],
      ['/uploads/lesson/x.pdf?download=1', 403],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});
