/**
 * Install step (`npm install` / `npm ci` run it after `panda codegen`, package.json "prepare"), so
 * that the first `npm start` answers within seconds (issue 15, goal 5):
 * 1. builds the SPA into dist/ unless dist/ is fresh (scripts/spa-fresh.mjs);
 * 2. makes the migrated PGlite database template that a fresh DATA_DIR starts from
 *    (server/db/template.ts).
 * A failure is reported and does not fail the install: `npm start` then does the same work itself
 * (it builds a missing dist/ and makes a missing template), only slower. HALAQA_SKIP_PREPARE=1 skips it.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { spaIsFresh } from './spa-fresh.mjs';

const root = resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  if (process.env.HALAQA_SKIP_PREPARE === '1') return;
  let t = performance.now();
  if (spaIsFresh(root)) {
    console.log('halaqa: the web app in dist/ is up to date');
  } else {
    console.log('halaqa: building the web app (dist/)…');
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status === 0) console.log(`halaqa: web app built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    else console.warn('halaqa: the web app build failed; npm start will try again (npm run build)');
  }
  t = performance.now();
  try {
    const { prepareDatabaseTemplate } = await import('../server/db/template.js');
    const { dir, made } = await prepareDatabaseTemplate();
    console.log(`halaqa: database template ${made ? `made in ${((performance.now() - t) / 1000).toFixed(1)} s` : 'up to date'} (${dir})`);
  } catch (err) {
    console.warn(`halaqa: no database template (${err instanceof Error ? err.message : String(err)}); npm start will make it`);
  }
}

await main();
