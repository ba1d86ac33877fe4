import { FIRST_LOAD_ELEMENT_ID } from '../../../openapi/first-load.js';
import { courseHeadText, PRODUCT_NAME, sessionHeadText } from '../../../openapi/page-heads.js';
import type { CourseInfo, SessionSummary } from '../courses/read-model.js';

/**
 * The `<head>` of a public course or session page as the server sends it (docs/decisions.md,
 * "Pages that share and rank"): what a crawler or a link preview reads without running the SPA.
 * Pure functions over the read model's shapes; {@link ./service.ts} reads the data.
 */

/** The two languages of every public page: English at the plain URL, Arabic at `?lang=ar`. */
export type PageLanguage = 'en' | 'ar';

/** One page's head: what replaces index.html's `<title>` and description, and what is added. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own absolute URL in its language (also `og:url`). */
  canonical: string;
  /** Absolute URL of each language's version, and `x-default` (the English one). */
  alternates: { hreflang: 'en' | 'ar' | 'x-default'; href: string }[];
  /** Absolute URL of the picture shown in link previews, or null. */
  image: string | null;
  language: PageLanguage;
  /** schema.org data (JSON-LD), or null. */
  jsonLd: object | null;
}

/** A URL under `publicUrl` (no trailing slash) for a path, in `language`. */
export function pageUrl(publicUrl: string, path: string, language: PageLanguage): string {
  return `${publicUrl}${path}${language === 'ar' ? '?lang=ar' : ''}`;
}

const absolute = (publicUrl: string, url: string | null | undefined) =>
  !url ? null : /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

const alternatesOf = (publicUrl: string, path: string): PageHead['alternates'] => [
  { hreflang: 'en', href: pageUrl(publicUrl, path, 'en') },
  { hreflang: 'ar', href: pageUrl(publicUrl, path, 'ar') },
  { hreflang: 'x-default', href: pageUrl(publicUrl, path, 'en') },
];

/**
 * A `CourseInstance` of schema.org for one session (Google's Course info structured data: online,
 * the course's hours as its workload, its dates, the instructor, and an offer with the price in USD and the seats left).
 */
function courseInstance(publicUrl: string, course: CourseInfo, session: SessionSummary): object {
  return {
    '@type': 'CourseInstance',
    courseMode: 'Online',
    courseWorkload: `PT${course.numHours}H`,
    startDate: session.startDate,
    endDate: session.endDate,
    url: pageUrl(publicUrl, `/sessions/${session.id}`, 'en'),
    instructor: { '@type': 'Person', name: session.educator.name },
    offers: {
      '@type': 'Offer',
      category: session.price > 0 ? 'Paid' : 'Free',
      price: session.price.toFixed(2),
      priceCurrency: 'USD',
      availability: session.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      inventoryLevel: { '@type': 'QuantitativeValue', value: session.seatsLeft },
      url: pageUrl(publicUrl, `/sessions/${session.id}`, 'en'),
    },
  };
}

/**
 * schema.org `Course` of a course and its open sessions (Google's Course info: name, description,
 * provider, offers, hasCourseInstance; rating when the course has reviews).
 */
export function courseJsonLd(publicUrl: string, course: CourseInfo, sessions: SessionSummary[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': pageUrl(publicUrl, `/courses/${course.id}`, 'en'),
    url: pageUrl(publicUrl, `/courses/${course.id}`, 'en'),
    name: course.title,
    description: course.description,
    ...(course.pictureUrl ? { image: absolute(publicUrl, course.pictureUrl) } : {}),
    inLanguage: course.language.code,
    educationalLevel: course.difficultyLevel,
    timeRequired: `PT${course.numHours}H`,
    ...(course.gainedSkills.length ? { teaches: course.gainedSkills.map((s) => s.name) } : {}),
    provider: { '@type': 'Organization', name: PRODUCT_NAME, sameAs: publicUrl },
    offers: [
      {
        '@type': 'Offer',
        category: course.price > 0 ? 'Paid' : 'Free',
        price: course.price.toFixed(2),
        priceCurrency: 'USD',
      },
    ],
    ...(course.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.rating.average,
            ratingCount: course.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    hasCourseInstance: sessions.map((s) => courseInstance(publicUrl, course, s)),
  };
}

/** The head of `/courses/{id}` in `language`. */
export function courseHead(
  publicUrl: string,
  course: CourseInfo,
  sessions: SessionSummary[],
  language: PageLanguage,
): PageHead {
  const path = `/courses/${course.id}`;
  return {
    ...courseHeadText(course),
    canonical: pageUrl(publicUrl, path, language),
    alternates: alternatesOf(publicUrl, path),
    image: absolute(publicUrl, course.pictureUrl),
    language,
    jsonLd: courseJsonLd(publicUrl, course, sessions),
  };
}

/** The head of `/sessions/{id}` in `language`: its course, with this session as the one instance. */
export function sessionHead(
  publicUrl: string,
  course: CourseInfo,
  session: SessionSummary,
  language: PageLanguage,
): PageHead {
  const path = `/sessions/${session.id}`;
  return {
    ...sessionHeadText(course, session),
    canonical: pageUrl(publicUrl, path, language),
    alternates: alternatesOf(publicUrl, path),
    image: absolute(publicUrl, course.pictureUrl),
    language,
    jsonLd: courseJsonLd(publicUrl, course, [session]),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators
 * escaped, so no value (a course title is the educator's text) can close the element.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What {@link renderPage} puts into index.html. */
export interface PageParts {
  /** The page's own head; absent, index.html's stays. */
  head?: PageHead;
  /** A page that says nothing of what exists (an unknown or non-public course): marked `noindex`. */
  hidden?: boolean;
  /** API answers of the first load by key (openapi/first-load.ts), sent in a JSON data block. */
  firstLoad?: Record<string, unknown>;
  /** URL paths of the page's route scripts (the build's route-preloads.json), sent as modulepreload links. */
  modulePreloads?: string[];
  /** The URL of the picture that is the page's largest paint on a phone, preloaded with high priority (a page with a head preloads its image). */
  firstPicture?: string | null;
}

/**
 * index.html with `parts` applied: with a head, `<html lang dir>`, the `<title>` and description
 * replaced, and the canonical link, hreflang alternates, Open Graph and Twitter card tags, a
 * preload of the picture (the page's largest paint) and JSON-LD added before `</head>`; the first
 * load's answers in `<script type="application/json" id="halaqa-first-load">`; a
 * `<link rel="modulepreload">` per route script, after the entry's own links; a page without a head
 * may name its first picture to preload. Data blocks are not
 * run, so the page's Content-Security-Policy (no inline script) holds.
 */
export function renderPage(indexHtml: string, parts: PageParts): string {
  const e = escapeHtml;
  const { head } = parts;
  const tags: string[] = (parts.modulePreloads ?? []).map(
    (href) => `<link rel="modulepreload" crossorigin href="${e(href)}" />`,
  );
  if (parts.hidden) tags.push('<meta name="robots" content="noindex" />');
  if (parts.firstPicture && !head)
    tags.push(`<link rel="preload" as="image" href="${e(parts.firstPicture)}" fetchpriority="high" />`);
  if (head) {
    tags.push(
      `<link rel="canonical" href="${e(head.canonical)}" />`,
      ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${e(a.href)}" />`),
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
      `<meta property="og:title" content="${e(head.title)}" />`,
      `<meta property="og:description" content="${e(head.description)}" />`,
      `<meta property="og:url" content="${e(head.canonical)}" />`,
      `<meta property="og:locale" content="${head.language === 'ar' ? 'ar_AR' : 'en_US'}" />`,
      ...(head.image
        ? [
            `<meta property="og:image" content="${e(head.image)}" />`,
            `<link rel="preload" as="image" href="${e(head.image)}" fetchpriority="high" />`,
          ]
        : []),
      `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${e(head.title)}" />`,
      `<meta name="twitter:description" content="${e(head.description)}" />`,
      ...(head.image ? [`<meta name="twitter:image" content="${e(head.image)}" />`] : []),
      ...(head.jsonLd ? [`<script type="application/ld+json">${inlineJson(head.jsonLd)}</script>`] : []),
    );
  }
  if (parts.firstLoad && Object.keys(parts.firstLoad).length) {
    tags.push(`<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">${inlineJson(parts.firstLoad)}</script>`);
  }
  let html = indexHtml;
  if (head) {
    html = html
      .replace(/<html[^>]*>/, `<html lang="${head.language}" dir="${head.language === 'ar' ? 'rtl' : 'ltr'}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${e(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${e(head.description)}" />`,
      );
  }
  return tags.length ? html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`) : html;
}
