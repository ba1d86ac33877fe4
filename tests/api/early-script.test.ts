import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyScript } from '../../scripts/vite-early-script.js';

/**
 * The page's early script (scripts/vite-early-script.ts, src/intl-warmup.ts): index.html loads it
 * as its own async module script, the built chunk in the build and the source file in dev.
 */
const transform = (plugin: Plugin, context: Partial<IndexHtmlTransformContext>) => {
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call(undefined as never, '<html></html>', context as IndexHtmlTransformContext);
};

const chunk = (fileName: string, facadeModuleId: string) => ({ type: 'chunk', fileName, facadeModuleId });

describe('earlyScript', () => {
  it('adds an async module script for the built chunk to the head', async () => {
    const bundle = {
      'assets/app-1.js': chunk('assets/app-1.js', '/repo/index.html'),
      'assets/intl-warmup-2.js': chunk('assets/intl-warmup-2.js', '/repo/src/intl-warmup.ts'),
    };
    expect(await transform(earlyScript('src/intl-warmup.ts'), { bundle: bundle as never })).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/assets/intl-warmup-2.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('serves the source file on the dev server', async () => {
    const tags = await transform(earlyScript('src/intl-warmup.ts'), {});
    expect(tags).toMatchObject([{ attrs: { src: '/src/intl-warmup.ts', async: true } }]);
  });

  it('fails the build when the chunk is missing', () => {
    const bundle = { 'assets/app-1.js': chunk('assets/app-1.js', '/repo/index.html') };
    expect(() => transform(earlyScript('src/intl-warmup.ts'), { bundle: bundle as never })).toThrow(/missing/);
  });
});
