import type { Plugin } from 'vite';

/**
 * Loads `entry` (a module with no imports) as its own `<script type="module" async>` in the page's
 * head, ahead of the app's entry: Vite would fold a second script of index.html into the app's
 * own chunk, where it would wait for the whole app to download. In the build the file is emitted
 * as its own hashed chunk under /assets/; the dev server serves it from src/.
 * @param entry the script's path from the project root, e.g. `src/intl-warmup.ts`
 */
export function earlyScript(entry: string): Plugin {
  let referenceId = '';
  let building = false;
  const tag = (src: string) => ({
    tag: 'script',
    attrs: { type: 'module', async: true, crossorigin: true, src },
    injectTo: 'head' as const,
  });
  return {
    name: 'halaqa:early-script',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      // The dev server (and Vitest) serve the source file: nothing to emit.
      if (!building || this.meta.watchMode) return;
      referenceId = this.emitFile({ type: 'chunk', id: entry, name: entry.replace(/^.*\/|\.[jt]s$/g, '') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [tag(`/${entry}`)];
        const fileName = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(entry),
        )?.fileName;
        if (!fileName) throw new Error(`early script ${entry} (${referenceId}) is missing from the build`);
        return [tag(`/${fileName}`)];
      },
    },
  };
}
