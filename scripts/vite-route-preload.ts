import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html, read by the server (server/modules/pages). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** What {@link routePreloadsOf} reads of a chunk of the bundle (Rolldown's `OutputChunk`). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  /** Absolute module ids, with their query (`…/src/routes/index.tsx?tsr-split=component`). */
  moduleIds: string[];
  /** File names of the chunks it imports statically. */
  imports: string[];
}

/**
 * The route splits a page's first render needs: TanStack Router's `autoCodeSplitting` puts a
 * route's component (and, when so grouped, its loader) into a chunk of `…/route.tsx?tsr-split=…`,
 * whose groups are joined by `---`; the error, not-found and pending components are not needed.
 */
const NEEDED_SPLIT = /[?&]tsr-split=([^&]*)/;
const needsModule = (id: string, routeFile: string, root: string): boolean => {
  const [path] = id.split('?');
  if (relative(root, path!) !== routeFile) return false;
  const split = NEEDED_SPLIT.exec(id)?.[1];
  return split === undefined || split.split('---').some((group) => group === 'component' || group === 'loader');
};

/**
 * For each page (a key of `pages`, e.g. `/courses/{id}`, mapped to its route file relative to
 * `root`), the URL paths (`base` + file name, in load order) of the script chunks its route needs
 * that index.html does not already load: the route's component chunk and every chunk it imports
 * statically, less the entry chunks and their static imports. A page whose route file is in no
 * chunk of its own (not split) gets an empty list.
 */
export function routePreloadsOf(
  chunks: ChunkFacts[],
  pages: Record<string, string>,
  root: string,
  base = '/',
): Record<string, string[]> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  /** The chunks `start` and its static imports, depth first (a chunk before those it imports). */
  const closure = (start: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of byName.get(name)?.imports ?? []) visit(next);
    };
    start.forEach(visit);
    return [...seen];
  };
  const loadedByHtml = new Set(closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName)));
  const result: Record<string, string[]> = {};
  for (const [page, routeFile] of Object.entries(pages)) {
    const own = chunks.filter(
      (c) => !loadedByHtml.has(c.fileName) && c.moduleIds.some((id) => needsModule(id, routeFile, root)),
    );
    result[page] = closure(own.map((c) => c.fileName))
      .filter((name) => !loadedByHtml.has(name))
      .map((name) => `${base}${name}`);
  }
  return result;
}

/**
 * Vite plugin: writes {@link ROUTE_PRELOADS_FILE} into the build, `{ [page]: string[] }` by
 * {@link routePreloadsOf}. The server sends these files as `<link rel="modulepreload">` with the
 * page (server/modules/pages), so the browser fetches the route's code together with the entry
 * instead of after it has run (one round trip less before the first paint of a landing page).
 * @param pages page pattern → route file, e.g. `{ '/courses/{id}': 'src/routes/courses/$courseId.tsx' }`;
 *   the build fails if a route file is in no chunk (a misspelt path)
 */
export function routePreload(pages: Record<string, string>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'halaqa:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      for (const [page, routeFile] of Object.entries(pages)) {
        if (!chunks.some((c) => c.moduleIds.some((id) => relative(root, id.split('?')[0]!) === routeFile))) {
          this.error(`routePreload: ${routeFile} (page ${page}) is in no chunk of the build`);
        }
      }
      const preloads = routePreloadsOf(chunks, pages, root, base);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
