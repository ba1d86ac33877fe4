/**
 * First load of the landing pages: JavaScript and CSS, gzip, that a first visit fetches (goal: ≤ 180 kB on `/` and `/courses`).
 * Usage: `npx tsx bench/first-load.ts [--files] [--rebuild]` (builds dist/ when missing).
 *
 * Starts the built server on a fresh data directory (bench/built-server.ts) and opens `/`,
 * `/courses`, `/?lang=ar` and a course page (the demo's course 1) in Debian's Chromium
 * (playwright-core, a new profile each, empty cache), recording every script and stylesheet the
 * browser really fetched until the network is idle. For each page it prints the number of files,
 * their size as served (bytes on the wire: body after Content-Encoding, per Chromium), and the same
 * bodies recompressed here with gzip (level 9) and Brotli (quality 11), in kB (1 kB = 1,000 bytes).
 * `--files` lists every file.
 * Prints figures; asserts nothing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureBuild, startBuiltServer } from './built-server.js';

const PAGES = ['/', '/courses', '/?lang=ar', '/courses/1'];
const listFiles = process.argv.includes('--files');

interface Fetched {
  url: string;
  kind: 'script' | 'stylesheet';
  raw: number;
  wire: number;
  gzip: number;
  brotli: number;
  encoding: string;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7);

ensureBuild(process.argv.includes('--rebuild'));
const server = await startBuiltServer();
const browser = await chromium
  .launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  .catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
try {
  console.log(`First load of the landing pages (${server.origin}), scripts + stylesheets fetched by Chromium`);
  console.log('page          files     raw kB   wire kB   gzip kB  brotli kB   (JS gzip + CSS gzip)');
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const pending: Promise<Fetched | null>[] = [];
    page.on('response', (response) => {
      const kind = response.request().resourceType();
      if (kind !== 'script' && kind !== 'stylesheet') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: new URL(response.url()).pathname,
            kind,
            raw: body.length,
            wire: sizes.responseBodySize,
            gzip: gzipSync(body, { level: 9 }).length,
            brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
            encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
          } satisfies Fetched;
        })().catch(() => null),
      );
    });
    await page.goto(server.origin + path, { waitUntil: 'networkidle' });
    // The page has rendered (an explore page its catalog, a course card link; a course page its title) before we stop counting.
    await page
      .waitForSelector(path.startsWith('/courses/') ? 'main h1' : 'main a[href^="/courses/"]', { timeout: 30_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
    const sum = (pick: (f: Fetched) => number, kind?: Fetched['kind']) =>
      files.filter((f) => !kind || f.kind === kind).reduce((a, f) => a + pick(f), 0);
    console.log(
      `${path.padEnd(12)} ${String(files.length).padStart(6)} ${kB(sum((f) => f.raw))}   ${kB(sum((f) => f.wire))}   ${kB(sum((f) => f.gzip))}    ${kB(sum((f) => f.brotli))}   (${kB(sum((f) => f.gzip, 'script')).trim()} + ${kB(sum((f) => f.gzip, 'stylesheet')).trim()})`,
    );
    if (listFiles) {
      for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `    ${f.kind === 'script' ? 'js ' : 'css'} ${kB(f.raw)} raw ${kB(f.wire)} wire (${f.encoding}) ${kB(f.gzip)} gzip ${kB(f.brotli)} br  ${f.url}`,
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
