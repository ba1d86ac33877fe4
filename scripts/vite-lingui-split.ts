import { relative } from 'node:path';
import { getCatalogForFile, getCatalogs, createCompiledCatalog } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

/** `…/messages.po?part=core` or `?part=rest`: one part of a locale's catalog. */
const PART = /\.po\?part=(core|rest)$/;

/** Options of {@link linguiSplit}. */
export interface LinguiSplitOptions {
  /**
   * The source files (paths relative to the project root, as the `.po` file's `#:` references
   * give them) whose messages are in the core part: those the first load of `firstLoadRoutes` renders.
   */
  core: RegExp;
  /** The route files (relative paths) of the pages whose first load takes the core part alone. */
  firstLoadRoutes: string[];
}

/**
 * Splits a locale's Lingui catalog in two chunks (the explore page in Arabic
 * loaded its whole catalog, 27.8 of its 133 kB gzip, though it shows about 180 of the 1,400
 * messages): `import('…/messages.po?part=core')` compiles the messages whose `#:` references
 * include a file matched by `core`, `?part=rest` all the others (the two together are the whole
 * catalog, as @lingui/vite-plugin compiles it for `…/messages.po`). src/lib/i18n.ts loads the core
 * part alone on the explore pages' first load, and the rest before any other page.
 *
 * The build checks the rule: every source file with messages that the first load of
 * `firstLoadRoutes` runs (the entry chunk, those routes' chunks and what they import statically)
 * must match `core`, or the build fails naming it (its messages would show in English first).
 */
export function linguiSplit(options: LinguiSplitOptions): Plugin {
  const config = getConfig({});
  const rootDir = config.rootDir ?? process.cwd();
  const translationOptions = {
    fallbackLocales: config.fallbackLocales || {},
    sourceLocale: config.sourceLocale ?? 'en',
  };
  /** The source files each message of a catalog comes from, by message id (read once per build). */
  let origins: Map<string, Promise<Map<string, string[]>>> = new Map();
  const originsOf = (poPath: string) => {
    let found = origins.get(poPath);
    if (!found) {
      found = (async () => {
        const { locale, catalog } = await catalogFor(poPath);
        const read = await catalog.read(locale);
        return new Map(Object.entries(read ?? {}).map(([id, m]) => [id, (m.origin ?? []).map((o) => o[0])]));
      })();
      origins.set(poPath, found);
    }
    return found;
  };
  const catalogFor = async (poPath: string) => {
    const fileCatalog = getCatalogForFile(relative(rootDir, poPath), await getCatalogs(config));
    if (!fileCatalog) throw new Error(`${poPath} is not one of lingui.config's catalogs`);
    return fileCatalog;
  };
  const isCore = (files: string[]) => files.some((f) => options.core.test(f));
  const poFiles = new Set<string>();

  return {
    name: 'halaqa-lingui-split',
    enforce: 'pre',
    buildStart() {
      origins = new Map();
    },
    transform: {
      // Only the catalog parts reach the handler (Rolldown filters the module ids itself).
      filter: { id: PART },
      async handler(_src, id) {
        const part = PART.exec(id)?.[1];
        if (!part) return null;
        const poPath = id.split('?')[0]!;
        poFiles.add(poPath);
        this.addWatchFile(poPath);
        const { locale, catalog } = await catalogFor(poPath);
        const { messages } = await catalog.getTranslations(locale, translationOptions);
        const from = await originsOf(poPath);
        const chosen = Object.fromEntries(
          Object.entries(messages).filter(([msgId]) => isCore(from.get(msgId) ?? []) === (part === 'core')),
        );
        // The locale's pseudolocalization, if lingui.config names one for it (as @lingui/vite-plugin does).
        const pseudo = config.pseudoLocale.find((p) => p.locale === locale);
        const { source, errors } = createCompiledCatalog(locale, chosen, {
          namespace: 'es',
          pseudoLocale: pseudo?.locale,
          pseudoLocaleOptions: pseudo?.options,
        });
        if (errors.length > 0) this.warn(`${errors.length} messages of ${relative(rootDir, poPath)} do not compile`);
        return { code: source, map: null, moduleType: 'js' };
      },
    },
    async generateBundle(_options, bundle) {
      if (poFiles.size === 0) return;
      const files = new Set<string>();
      for (const po of poFiles) for (const list of (await originsOf(po)).values()) list.forEach((f) => files.add(f));
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const source = (moduleId: string) => relative(rootDir, moduleId.split('?')[0]!);
      const firstLoad = chunks.filter(
        (c) => c.isEntry || c.moduleIds.some((m) => options.firstLoadRoutes.includes(source(m))),
      );
      const seen = new Set<string>();
      const queue = firstLoad.map((c) => c.fileName);
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        if (seen.has(name)) continue;
        seen.add(name);
        queue.push(...(byName.get(name)?.imports ?? []));
      }
      const missing = [...seen]
        .flatMap((name) => byName.get(name)?.moduleIds ?? [])
        .map(source)
        .filter((f) => files.has(f) && !options.core.test(f));
      if (missing.length > 0) {
        this.error(
          `The first load of ${options.firstLoadRoutes.join(', ')} runs ${[...new Set(missing)].join(', ')}, whose messages are not in the core catalog: add them to linguiSplit's core rule (vite.config.ts)`,
        );
      }
    },
  };
}
