// Whether dist/ holds a build of the current sources, so that `npm install` (scripts/prepare.ts),
// `npm start` and `npm run test:e2e` build the SPA only when something it is made of changed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the production build reads (besides node_modules, covered by package-lock.json). */
const INPUTS = [
  'src',
  'machines',
  'openapi',
  'public',
  'index.html',
  'vite.config.ts',
  'panda.config.ts',
  'lingui.config.ts',
  'postcss.config.cjs',
  'tsr.config.json',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  // The build's own plugins (vite.config.ts).
  'scripts/vite-lingui-split.ts',
  'scripts/vite-precompress.ts',
  'scripts/babel-lingui-inline-source.ts',
];

/** Newest modification time (ms) of a file, or of any file under a directory. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(path, { withFileTypes: true })) {
    // Compiled message catalogs (src/locales/*/*.js) are generated, not read by the build.
    if (e.isFile() && path.includes('locales') && e.name.endsWith('.js')) continue;
    max = Math.max(max, newest(join(path, e.name)));
  }
  return max;
}

/**
 * True when `<root>/dist/index.html` exists and is newer than every input of the build (a fresh
 * clone's files all date from the checkout, before the install builds). Conservative: touching a
 * source without changing it also asks for a build.
 * @param {string} root the repository root
 * @returns {boolean}
 */
export function spaIsFresh(root) {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return INPUTS.every((p) => newest(join(root, p)) <= built);
}
