import { Node } from '@tiptap/core';

/**
 * Tables as lessons written before the editor hold them (the demo's notes have one): kept as they
 * are, cells editable as text, but the toolbar does not create them. `thead`, `tbody` and `tfoot`
 * stay apart; a header cell stays a `th` with its `scope`; `colspan` and `rowspan` are kept.
 */
const spanAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
});

const TableCell = Node.create({
  name: 'tableCell',
  content: 'inline*',
  isolating: true,
  addAttributes() {
    return {
      header: { default: false, parseHTML: (element) => element.tagName === 'TH', rendered: false },
      colspan: spanAttribute('colspan'),
      rowspan: spanAttribute('rowspan'),
      scope: spanAttribute('scope'),
    };
  },
  parseHTML: () => [{ tag: 'th' }, { tag: 'td' }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.header ? 'th' : 'td', HTMLAttributes, 0],
});

const TableRow = Node.create({
  name: 'tableRow',
  content: 'tableCell+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

const TableSection = Node.create({
  name: 'tableSection',
  content: 'tableRow+',
  addAttributes() {
    return { section: { default: 'tbody', parseHTML: (element) => element.tagName.toLowerCase(), rendered: false } };
  },
  parseHTML: () => [{ tag: 'thead' }, { tag: 'tbody' }, { tag: 'tfoot' }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.section as string, HTMLAttributes, 0],
});

const TableCaption = Node.create({
  name: 'tableCaption',
  content: 'inline*',
  parseHTML: () => [{ tag: 'caption' }],
  renderHTML: ({ HTMLAttributes }) => ['caption', HTMLAttributes, 0],
});

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableCaption? tableSection+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, 0],
});

/** The table nodes, for the editor's extensions. */
export const tableNodes = [Table, TableCaption, TableSection, TableRow, TableCell];
