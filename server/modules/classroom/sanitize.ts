import sanitizeHtml from 'sanitize-html';

/**
 * Lesson HTML sanitising (docs/classroom.md, Data: `lessons.content_html` is sanitised on the server
 * with an allow-list when saved).
 */

const LINK_URL = /^(?:https?:\/\/|mailto:)/i;
/** Our uploads only (`/uploads/<key>`, docs/storage.md): images from other sites are refused. */
const IMAGE_URL = /^\/uploads\/[A-Za-z0-9._~\-/]+$/;

/** The directions a tag may carry (the editor writes `dir="auto"` so each paragraph takes its own). */
const DIRECTIONS = new Set(['ltr', 'rtl', 'auto']);

/** Strips ASCII control characters and whitespace a browser would ignore inside a URL. */
function cleanUrl(value: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[\u0000-\u0020\u007f]+/g, '');
}

/** The tags kept (with their text); everything else is removed. */
const TAGS = [
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
];

/** Attributes kept on some tags, besides `dir` which every kept tag may carry. */
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
};

/** A link's `href` only when http(s) or mailto, its title, and always a new tab without opener or referrer. */
function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const href = cleanUrl(attribs.href);
  const out: sanitizeHtml.Attributes = {};
  if (LINK_URL.test(href)) out.href = href;
  if (attribs.title) out.title = attribs.title;
  return { ...out, rel: 'noopener noreferrer', target: '_blank' };
}

/** An image's `src` only when one of our uploads (else none: the image is then dropped), and its alt text. */
function imageAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const src = cleanUrl(attribs.src);
  const out: sanitizeHtml.Attributes = {};
  if (IMAGE_URL.test(src) && !src.includes('..') && !src.includes('//')) out.src = src;
  if (attribs.alt) out.alt = attribs.alt;
  return out;
}

/** `attribs` with `dir` only when `dir` is ltr, rtl or auto. */
function keepDirection(attribs: sanitizeHtml.Attributes, dir: string | undefined): sanitizeHtml.Attributes {
  const { dir: _dropped, ...rest } = attribs;
  return dir && DIRECTIONS.has(dir.toLowerCase()) ? { ...rest, dir: dir.toLowerCase() } : rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  // `dir` on every tag; its value is checked by `keepDirection`.
  allowedAttributes: { ...ATTRIBUTES, '*': ['dir'] },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
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
    '*': (tagName, attribs) => {
      const out = tagName === 'a' ? linkAttributes(attribs) : tagName === 'img' ? imageAttributes(attribs) : attribs;
      return { tagName, attribs: keepDirection(out, attribs.dir) };
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
 * - `img`: `src` only when one of our uploads (a `/uploads/…` path, no `..`), `alt`; an image from
 *   anywhere else (another site, `data:`) is removed;
 * - `dir` (`ltr`, `rtl` or `auto`) on every kept tag, so each paragraph keeps its own direction;
 * - removed: every other tag (script, style, iframe, object, embed, svg … with their content), every
 *   other attribute (all `on*` handlers, style, class except above), and `javascript:`/`data:` or
 *   protocol-relative URLs.
 * Source: docs/classroom.md (Data, `lessons.content_html`).
 */
export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}
