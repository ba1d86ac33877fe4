import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/**
 * /robots.txt is the project's own (public/robots.txt, copied into the build), not the SPA's page:
 * Lighthouse's SEO audit read the page's HTML as an invalid robots.txt (issue 15, goal 4).
 */
const webDir = mkdtempSync(join(tmpdir(), 'halaqa-robots-'));
let t: TestApp;

beforeAll(async () => {
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  copyFileSync(new URL('../../public/robots.txt', import.meta.url), join(webDir, 'robots.txt'));
  t = await startTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('GET /robots.txt', () => {
  it('answers the rules as text: crawlers keep off the API and the signed-in pages, and may read the catalog', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Allow: /');
    // Every line is a rule robots.txt knows (RFC 9309 §2.2): no HTML.
    for (const l of lines) expect(l).toMatch(/^(User-agent|Allow|Disallow): \S+$/);
    expect(lines.some((l) => l.startsWith('Disallow: /courses'))).toBe(false);
  });
});
