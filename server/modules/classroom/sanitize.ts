import sanitizeHtml from 'sanitize-html';

/**
 * Lesson HTML sanitising (docs/classroom.md, Data: `lessons.content_html` is sanitised on the server
 * with an allow-list when saved).
 */

const LINK_URL = /^(?:https?:\/\/|mailto:)/i;
const IMAGE_URL = /^(?:https:\/\/|\/uploads\/)/i;

/** Strips ASCII control characters and whitespace a browser would ignore inside a URL. */
function cleanUrl(value: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[\u0000-\u0020\u007f]+/g, '');
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content (sanitize-html keeps the text of other disallowed tags).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = cleanUrl(attribs.href);
      const out: sanitizeHtml.Attributes = {};
      if (LINK_URL.test(href)) out.href = href;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: { ...out, rel: 'noopener noreferrer', target: '_blank' } };
    },
    img: (tagName, attribs) => {
      const src = cleanUrl(attribs.src);
      const out: sanitizeHtml.Attributes = {};
      if (IMAGE_URL.test(src) && !src.includes('..')) out.src = src;
      if (attribs.alt) out.alt = attribs.alt;
      return { tagName, attribs: out };
    },
  },
  // An image whose source was refused is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Sanitises lesson HTML (reading and notes) with an allow-list (sanitize-html), returning safe HTML:
 * - kept: h2–h4, p, br, strong, em, code (class `language-*`), pre, blockquote, ul, ol, li, tables
 *   (table, caption, colgroup, col, thead, tbody, tfoot, tr, th, td with colspan/rowspan/scope);
 * - `a`: `href` only when http(s) or mailto (otherwise the link keeps its text but loses `href`),
 *   `title`, and always `rel="noopener noreferrer" target="_blank"`;
 * - `img`: `src` only when https or a `/uploads/…` path, `alt`; an image without an accepted src is
 *   removed;
 * - removed: every other tag (script, style, iframe, object, embed, svg … with their content), every
 *   other attribute (all `on*` handlers, style, class except above), and `javascript:`/`data:` or
 *   protocol-relative URLs.
 * Source: docs/classroom.md (Data, `lessons.content_html`).
 */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}
