const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * A custom property's name as written in CSS, escapes included: Panda names fractional tokens
 * `--spacing-2\.5` (a pattern without the escape kept only `--spacing-2`, and the
 * classroom's progress bar lost its height).
 */
const NAME = String.raw`--(?:[\w-]|\\.)+`;

/** Names of CSS custom properties written literally in src/ (e.g. `var(--colors-primary-strong)` in an SVG, the theme applier's `--colors-primary`). */
function customPropertiesNamedIn(dir) {
  const names = new Set();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const n of customPropertiesNamedIn(path)) names.add(n);
    else if (/\.(ts|tsx|css)$/.test(entry.name))
      for (const m of readFileSync(path, 'utf8').matchAll(new RegExp(NAME, 'g'))) names.add(m[0]);
  }
  return names;
}

/**
 * Drops the theme's CSS variables that nothing uses from Panda's `@layer tokens` (* the render-blocking stylesheet of every first load, −3 kB gzip): a variable stays if a `var()` of
 * the stylesheet (in a rule or in another kept variable) or a file of src/ names it. Panda 1.12
 * emits every token otherwise. Names are compared as written (escaped), on both sides.
 */
const pruneUnusedTokens = () => ({
  postcssPlugin: 'halaqa-prune-unused-tokens',
  OnceExit(root) {
    const layers = [];
    root.walkAtRules('layer', (rule) => {
      if (rule.params.trim() === 'tokens' && rule.nodes) layers.push(rule);
    });
    if (layers.length === 0) return;
    const named = customPropertiesNamedIn(join(__dirname, 'src'));
    const used = new RegExp(String.raw`var\(\s*(${NAME})`, 'g');
    for (;;) {
      const kept = new Set(named);
      root.walkDecls((decl) => {
        for (const m of decl.value.matchAll(used)) kept.add(m[1]);
      });
      let removed = 0;
      for (const layer of layers) {
        layer.walkDecls(/^--/, (decl) => {
          if (!kept.has(decl.prop)) {
            decl.remove();
            removed += 1;
          }
        });
      }
      if (removed === 0) break;
    }
    for (const layer of layers) {
      layer.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
    }
  },
});
pruneUnusedTokens.postcss = true;

/** PostCSS: Panda CSS generates the styles used in src/ (see panda.config.ts), then unused tokens go. */
module.exports = {
  plugins: [require('@pandacss/dev/postcss')(), pruneUnusedTokens()],
};
