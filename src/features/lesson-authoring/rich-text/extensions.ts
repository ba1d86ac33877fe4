import { Extension, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { checkLinkUrl } from './link-url';
import { tableNodes } from './table-nodes';

/** The blocks that carry their own direction (`dir`, `auto` unless the HTML said ltr or rtl). */
const DIRECTED = [
  'paragraph',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'tableCell',
  'tableCaption',
];

/**
 * Each block takes its own direction: `dir="auto"` (the browser picks it from the block's first
 * strong letter), so an Arabic paragraph reads right to left and the next English one left to right.
 * Code blocks have none: code is always left to right (the shared styles say so).
 */
const BlockDirection = Extension.create({
  name: 'blockDirection',
  addGlobalAttributes() {
    return [
      {
        types: DIRECTED,
        attributes: {
          dir: {
            default: 'auto',
            parseHTML: (element) => {
              const dir = element.getAttribute('dir')?.toLowerCase();
              return dir === 'ltr' || dir === 'rtl' ? dir : 'auto';
            },
            renderHTML: (attributes) => ({ dir: attributes.dir as string }),
          },
        },
      },
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
