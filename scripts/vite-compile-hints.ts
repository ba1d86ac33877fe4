import type { Plugin } from 'vite';

/** V8's explicit compile hint for a whole file (v8.dev/blog/explicit-compile-hints; Chromium 136+). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link COMPILE_HINT} on the first line of the named chunks, whose functions nearly all run
 * on the first load (the entry: React DOM, the router, the auth machine). V8 then compiles them
 * while the file streams in, on a background thread, instead of one by one on the main thread
 * the first time each is called. The hint must open the file, so it is added once every other
 * plugin has written its code (Vite's preload helper is prepended late); the source map moves
 * down one line with it.
 */
export function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'halaqa:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !chunkNames.includes(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // The map is written from its own asset by now: move its mappings down the added line.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            parsed.mappings = `;${parsed.mappings}`;
            map.source = JSON.stringify(parsed);
          }
        }
      },
    },
  };
}
