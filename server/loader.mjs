// How `npm start` runs the server's TypeScript: Node 24's own transform (`--experimental-transform-types`:
// types stripped, parameter properties and the like compiled, in this thread) plus this resolve hook,
// registered in-thread with `module.registerHooks`. The sources import each other as `./x.js` (the
// TypeScript convention) and the tsconfig aliases (`@contract/…`, `@machines/…`, `@/…`); the hook maps
// a relative `.js` that does not exist to its `.ts`, and the aliases to their folders.
//
// Why not tsx (still used by the tests, the scripts and the sandbox's worker threads): tsx compiles with
// esbuild through a worker thread that lives as long as the process, plus an esbuild service process;
// with demo data on PGlite the server's resident memory at rest was ~30 MB higher with it
// (docs/performance.md "Memory").
import { registerHooks } from 'node:module';

const root = new URL('../', import.meta.url);
const ALIASES = [
  ['@contract/', new URL('openapi/', root).href],
  ['@machines/', new URL('machines/', root).href],
  ['@/', new URL('src/', root).href],
];

registerHooks({
  resolve(specifier, context, nextResolve) {
    for (const [alias, target] of ALIASES) {
      if (specifier.startsWith(alias)) {
        const path = target + specifier.slice(alias.length);
        return nextResolve(/\.[cm]?[jt]sx?$/.test(path) ? path : `${path}.ts`, context);
      }
    }
    try {
      return nextResolve(specifier, context);
    } catch (err) {
      if ((specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js'))
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      throw err;
    }
  },
});
