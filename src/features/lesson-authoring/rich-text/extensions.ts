import { Extension, type Extensions } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkUrl } from './link-url';
import { tableNodes } from './table-nodes';

/** The top-level blocks that carry their own direction (`dir`, `auto` unless the HTML said ltr or rtl). */
const DIRECTED = ['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'table'];
/** The containers inside which blocks take the direction of the whole (a list, a quote, a table). */
const NESTING = new Set(['LI', 'UL', 'OL', 'BLOCKQUOTE', 'TD', 'TH', 'CAPTION']);

/**
 * Each top-level block takes its own direction: `dir="auto"` (the browser picks it from the
 * block's first strong letter), so an Arabic paragraph reads right to left and the next English one
 * left to right. A list, quote or table is one block: its items follow it (with `dir` on an item,
 * `dir="auto"` on the list would skip the item's text and fall back to left to right, putting an
 * Arabic list's bullets on the wrong side). Code blocks have none: code is always left to right
 * (the shared styles say so). Parsed HTML keeps an explicit ltr or rtl; the plugin gives new
 * top-level blocks `auto` and takes `dir` off nested ones after every change.
 */
const BlockDirection = Extension.create({
  name: 'blockDirection',
  addGlobalAttributes() {
    return [
      {
        types: DIRECTED,
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              if (element.parentElement && NESTING.has(element.parentElement.tagName)) return null;
              const dir = element.getAttribute('dir')?.toLowerCase();
              return dir === 'ltr' || dir === 'rtl' ? dir : 'auto';
            },
            renderHTML: (attributes) => (attributes.dir ? { dir: attributes.dir as string } : {}),
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('blockDirection'),
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = state.tr;
          state.doc.descendants((node, pos, parent) => {
            if (!DIRECTED.includes(node.type.name)) return true;
            const topLevel = parent === state.doc;
            const dir = node.attrs.dir as string | null;
            if (topLevel && !dir) tr.setNodeMarkup(pos, undefined, { ...node.attrs, dir: 'auto' });
            else if (!topLevel && dir) tr.setNodeMarkup(pos, undefined, { ...node.attrs, dir: null });
            return true;
          });
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});

/** Ctrl/⌘+K opens the link dialog (`onLink`). */
const LinkShortcut = Extension.create<{ onLink: () => void }>({
  name: 'linkShortcut',
  addOptions: () => ({ onLink: () => {} }),
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.onLink();
        return true;
      },
    };
  },
});

/**
 * The lesson editor's schema: exactly what the server's lesson sanitiser keeps
 * (server/modules/classroom/sanitize.ts; docs/decisions.md "Lesson editor"): headings 2–4 (the
 * toolbar makes 2 and 3; 4 is kept from older lessons), paragraphs, bold, italic, inline code,
 * code blocks, quotes, bulleted and numbered lists, line breaks, links (http, https, mailto;
 * opening in a new tab without opener or referrer), images from our uploads only, and the tables of
 * older lessons; no underline, strike-through or rule, which the sanitiser would drop. Undo and redo
 * come with StarterKit.
 */
export function lessonExtensions({ onLink }: { onLink: () => void }): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      underline: false,
      strike: false,
      horizontalRule: false,
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank', class: null },
        isAllowedUri: (url) => 'url' in checkLinkUrl(url),
      },
    }),
    Image.extend({
      // Only our uploads: an image pasted from another site is left out (the server would drop it).
      parseHTML: () => [{ tag: 'img[src^="/uploads/"]' }],
    }).configure({ inline: false, allowBase64: false }),
    ...tableNodes,
    BlockDirection,
    LinkShortcut.configure({ onLink }),
  ];
}
