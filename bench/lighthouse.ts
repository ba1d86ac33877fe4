/**
 * Lighthouse scores of the public pages a visitor lands on: `/`, `/courses` and a course page (the
 * demo's course 1); goals: performance ≥ 95 and LCP ≤ 2.0 s, accessibility 100. Usage:
 * `npx tsx bench/lighthouse.ts [--runs N] [--rebuild] [--save DIR] [--pages /,/courses]` (builds dist/
 * when missing; N runs per page, 3 by default; `--save` writes each run's whole report as
 * DIR/<page>-<run>.json, to read its diagnostics: bootup-time, mainthread-work-breakdown,
 * unused-javascript, largest-contentful-paint-element…).
 *
 * Starts the built server on a fresh data directory (bench/built-server.ts) and runs Lighthouse
 * 12.2.3 (devDependency) with its default mobile preset (simulated slow 4G and 4× CPU slowdown)
 * in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default; no browser is downloaded).
 * For each page and run it prints the four category scores, LCP and TBT (ms) and the total bytes
 * transferred (kB), then the median run of each page (by performance score). The machine's load (`uptime`) is printed
 * too: scores under load vary. Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, root, startBuiltServer } from './built-server.js';

/** The value after `--name` on the command line, if any. */
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const PAGES = option('--pages')?.split(',') ?? ['/', '/courses', '/courses/1'];
const RUNS = Math.max(1, Number(option('--runs') ?? 3) || 1);
const SAVE_DIR = option('--save');

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  totalKB: number;
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Runs the Lighthouse CLI on `url` (mobile preset, headless Chromium) and reads its JSON report;
 * writes the report to `savePath` too when given.
 */
function lighthouse(url: string, savePath?: string): Promise<Scores> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      {
        cwd: root,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      if (savePath) writeFileSync(savePath, out);
      const report = JSON.parse(out) as LighthouseResult;
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        totalKB: value('total-byte-weight') / 1000,
      });
    });
  });
}

const line = (label: string, s: Scores) =>
  `${label.padEnd(16)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)} ${String(s.bestPractices).padStart(5)} ${String(s.seo).padStart(5)} ${s.lcpMs.toFixed(0).padStart(7)} ${s.tbtMs.toFixed(0).padStart(6)} ${s.totalKB.toFixed(1).padStart(9)}`;

ensureBuild(process.argv.includes('--rebuild'));
if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
const server = await startBuiltServer();
try {
  console.log(
    `Lighthouse 12.2.3, mobile preset, ${server.origin}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('page / run        perf  a11y    bp   seo  LCP ms TBT ms  total kB');
  const medians: [string, Scores][] = [];
  for (const path of PAGES) {
    const runs: Scores[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const savePath = SAVE_DIR ? join(SAVE_DIR, `${path.replace(/\W+/g, '_') || '_'}-${i}.json`) : undefined;
      const s = await lighthouse(server.origin + path, savePath);
      runs.push(s);
      console.log(line(`${path} #${i}`, s));
    }
    medians.push([path, runs.sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]!]);
  }
  console.log(
    `median of ${RUNS} by performance (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  for (const [path, s] of medians) console.log(line(path, s));
} finally {
  await server.stop();
}
