import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';

/**
 * Styles for lesson HTML (what the lesson editor writes and the server keeps: headings, paragraphs,
 * lists, links, inline code and code blocks, quotes, tables, images), used both where learners read
 * a lesson and inside the editor, so the educator sees what learners will see. Logical properties
 * only, so it reads the same in both directions; each block carries its own `dir` (usually `auto`).
 * Code blocks stay left to right and scroll sideways inside themselves; images never exceed the
 * column; tables scroll inside themselves.
 */
export const richText = css({
  lineHeight: '1.7',
  overflowWrap: 'anywhere',
  '& > * + *': { marginBlockStart: '3' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'bold', lineHeight: '1.3', marginBlockStart: '5' },
  '& > :first-child': { marginBlockStart: '0' },
  '& h1': { fontSize: '2xl' },
  '& h2': { fontSize: 'xl' },
  '& h3': { fontSize: 'lg' },
  '& h4': { fontSize: 'md' },
  '& ul, & ol': { paddingInlineStart: '6' },
  '& ul': { listStyle: 'disc' },
  '& ol': { listStyle: 'decimal' },
  '& li + li, & li > ul, & li > ol': { marginBlockStart: '1' },
  '& a': { color: 'primary.strong', textDecoration: 'underline' },
  '& code': {
    fontFamily: 'mono',
    fontSize: '0.9em',
    bg: 'bg.subtle',
    paddingInline: '1',
    borderRadius: 'sm',
    // An identifier keeps its own order inside an Arabic sentence.
    unicodeBidi: 'isolate',
  },
  '& pre': {
    bg: 'bg.subtle',
    padding: '3',
    borderRadius: 'md',
    overflowX: 'auto',
    direction: 'ltr',
    textAlign: 'start',
    whiteSpace: 'pre',
    overflowWrap: 'normal',
    maxWidth: 'full',
  },
  '& pre code': { bg: 'transparent', paddingInline: '0', fontSize: 'sm', lineHeight: '1.6' },
  '& blockquote': {
    borderInlineStartWidth: '3px',
    borderColor: 'border.strong',
    paddingInlineStart: '3',
    color: 'fg.muted',
  },
  '& img': { display: 'block', maxWidth: 'full', height: 'auto', borderRadius: 'md' },
  '& table': { display: 'block', position: 'relative', overflowX: 'auto', borderCollapse: 'collapse' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border.default', paddingInline: '2', paddingBlock: '1' },
});

/** Code blocks and tables of `root` that scroll sideways become focusable, so a keyboard can scroll them. */
function focusScrollables(root: HTMLElement) {
  for (const element of root.querySelectorAll<HTMLElement>('pre, table')) {
    if (element.scrollWidth > element.clientWidth) element.tabIndex = 0;
    else element.removeAttribute('tabindex');
  }
}

/**
 * Lesson HTML as learners read it (already sanitised by the server): {@link richText} styles, the
 * blocks' own directions (`dir="auto"` here for older HTML without them), and every code block or
 * table wider than the column focusable (tab stop, then the arrow keys scroll it), checked again
 * when the column's width changes.
 */
export function LessonHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    focusScrollables(root);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => focusScrollables(root));
    observer.observe(root);
    return () => observer.disconnect();
  }, [html]);
  return <div ref={ref} dir="auto" className={richText} dangerouslySetInnerHTML={{ __html: html }} />;
}
