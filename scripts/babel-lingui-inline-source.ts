import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Babel plugin, run after @lingui/babel-plugin-lingui-macro with `descriptorFields: 'message'` in the
 * production build (vite.config.ts): every message descriptor the macro wrote,
 * `{ id: "F1KHmy", message: "Explore <0>{n}</0> courses", … }`, gets its English source message
 * compiled now, in the format of a compiled catalog (`["Explore <0>", ["n"], "</0> courses"]`).
 *
 * English is the source locale and its catalog repeats the source (src/locales/en/messages.po),
 * so English needs no catalog at all: each route's chunk carries only its own messages, instead
 * of the whole 1,246-message catalog (~21 kB gzip) before the first paint.
 * Arabic still loads its catalog (src/lib/i18n.ts); a message missing there falls back to this
 * English text. Messages are compiled here, so the runtime ICU compiler is not needed.
 */
export function linguiInlineSource({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const keyName = (key: BabelTypes.ObjectProperty['key']) =>
    t.isIdentifier(key) ? key.name : t.isStringLiteral(key) ? key.value : null;
  return {
    name: 'halaqa-lingui-inline-source',
    visitor: {
      ObjectExpression(path) {
        let message: BabelTypes.ObjectProperty | null = null;
        let hasId = false;
        for (const prop of path.node.properties) {
          if (!t.isObjectProperty(prop) || prop.computed) continue;
          const name = keyName(prop.key);
          if (name === 'id' && t.isStringLiteral(prop.value)) hasId = true;
          if (name === 'message' && t.isStringLiteral(prop.value)) message = prop;
        }
        if (!hasId || !message) return;
        message.value = t.valueToNode(compileMessage((message.value as BabelTypes.StringLiteral).value));
      },
    },
  };
}
