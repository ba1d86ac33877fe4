/**
 * Install step (`npm install` / `npm ci` run it after `panda codegen`, package.json "prepare"), so
 * that the first `npm start` answers within seconds:
 * 1. builds the SPA into dist/ unless dist/ is fresh (scripts/spa-fresh.mjs);
 * 2. makes the migrated PGlite database template that a fresh DATA_DIR starts from
 *    (server/db/template.ts);
 * 3. loads the server's modules once, so that tsx's cache of compiled modules ($TMPDIR/tsx-<uid>)
 *    holds them and the first start does not compile them (about 0.8 s of a fresh start), and
 *    bundles and resolves the contract once (kept as JSON: 1–3 s of a start).
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
    console.log(
      `halaqa: database template ${made ? `made in ${((performance.now() - t) / 1000).toFixed(1)} s` : 'up to date'} (${dir})`,
    );
  } catch (err) {
    console.warn(
      `halaqa: no database template (${err instanceof Error ? err.message : String(err)}); npm start will make it`,
    );
  }
  t = performance.now();
  try {
    // The modules server/main.ts loads; nothing runs but their top-level declarations, and the
    // contract, bundled and resolved once and kept as JSON (server/platform/openapi.ts).
    await import('../server/platform/openapi.js').then((m) => m.loadOperations());
    await Promise.all([
      import('../server/app.js'),
      import('../server/db/seed/seed.js'),
      import('../server/jobs/index.js'),
      import('../server/platform/payments/select.js'),
      import('../server/platform/mailer.js'),
    ]);
    console.log(`halaqa: server modules compiled in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.warn(
      `halaqa: the server's modules did not load (${err instanceof Error ? err.message : String(err)}); npm start will say why`,
    );
  }
}

await main();
// A loaded module may keep a handle open (a pool, a timer); the install step must end.
process.exit(0);
