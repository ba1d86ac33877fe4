import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { ANONYMOUS_SCOPE, courseVisible } from '../../platform/tenancy.js';
import { getActiveSessions, getCourseInfo } from '../courses/catalog.js';
import { getSessionInfo } from '../sessions/read.js';
import { firstLoadCalls } from '../../../openapi/first-load.js';
import { ROUTE_PRELOADS_FILE } from '../../../scripts/vite-route-preload.js';
import { courseHead, pageUrl, renderPage, sessionHead, type PageHead, type PageLanguage } from './heads.js';

/**
 * Public pages as crawlers and link previews see them (docs/decisions.md, "Pages that share and
 * rank"): the SPA's index.html for `/courses/{id}` and `/sessions/{id}` with that page's head
 * (heads.ts), `/sitemap.xml` and `/robots.txt`; and the explore pages' first load sent with the
 * page (openapi/first-load.ts). Everything is read as a guest reads it
 * (`ANONYMOUS_SCOPE`): a private company course or an unpublished one gives no head, no sitemap
 * entry and no JSON-LD to anyone, whoever asks (the SPA still shows it to those who may see it,
 * with their token, as before).
 */

/** The most URLs in one sitemap file (sitemaps.org protocol: 50,000). */
export const SITEMAP_MAX_URLS = 50_000;

const languageOf = (query: unknown): PageLanguage =>
  (query as { lang?: unknown } | null)?.lang === 'ar' ? 'ar' : 'en';

/** A positive 32-bit id from a path segment, or null. */
const idOf = (raw: string): number | null =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;

/** The head of a course page for a guest, or null when a guest may not see the course (404). */
export async function coursePageHead(app: AppContext, id: number, language: PageLanguage): Promise<PageHead | null> {
  try {
    const course = await getCourseInfo(app, ANONYMOUS_SCOPE, id);
    const sessions = await getActiveSessions(app, ANONYMOUS_SCOPE, id);
    return courseHead(app.config.publicUrl, course, sessions, language);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  }
}

/** The head of a session page for a guest, or null when a guest may not see the session or its course. */
export async function sessionPageHead(app: AppContext, id: number, language: PageLanguage): Promise<PageHead | null> {
  try {
    const session = await getSessionInfo(app, null, id, { secured: false });
    const course = await getCourseInfo(app, ANONYMOUS_SCOPE, session.courseId);
    return sessionHead(app.config.publicUrl, course, session, language);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  }
}

/** The published public courses, by id, with their last change (what the sitemap lists). */
async function sitemapCourses(app: AppContext, page: number): Promise<{ id: number; updatedAt: Date }[]> {
  const rows = await app.db
    .selectFrom('courses as c')
    .select(['c.id', 'c.updated_at'])
    .where((eb) => courseVisible(eb, ANONYMOUS_SCOPE))
    .orderBy('c.id')
    .limit(SITEMAP_MAX_URLS)
    .offset((page - 1) * SITEMAP_MAX_URLS)
    .execute();
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
}

async function sitemapCourseCount(app: AppContext): Promise<number> {
  const row = await app.db
    .selectFrom('courses as c')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => courseVisible(eb, ANONYMOUS_SCOPE))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * `/sitemap.xml`: a `urlset` of every published public course page (with `lastmod` and its Arabic
 * alternate), or, beyond {@link SITEMAP_MAX_URLS} courses, a `sitemapindex` of `/sitemap-{n}.xml`.
 */
export async function sitemapXml(app: AppContext, page: number | null): Promise<string | null> {
  const base = app.config.publicUrl;
  const total = await sitemapCourseCount(app);
  const pages = Math.max(1, Math.ceil(total / SITEMAP_MAX_URLS));
  if (page === null && pages > 1) {
    const items = Array.from(
      { length: pages },
      (_, i) => `  <sitemap><loc>${xmlEscape(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
  }
  const n = page ?? 1;
  if (n > pages) return null;
  const urls = (await sitemapCourses(app, n)).map((c) => {
    const path = `/courses/${c.id}`;
    return [
      '  <url>',
      `    <loc>${xmlEscape(pageUrl(base, path, 'en'))}</loc>`,
      `    <lastmod>${c.updatedAt.toISOString()}</lastmod>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${xmlEscape(pageUrl(base, path, 'en'))}"/>`,
      `    <xhtml:link rel="alternate" hreflang="ar" href="${xmlEscape(pageUrl(base, path, 'ar'))}"/>`,
      '  </url>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/robots.txt`: crawlers read the catalog, course and session pages; the rest is behind sign-in (or, like certificates, shared by link). */
export function robotsTxt(publicUrl: string): string {
  return [
    '# Halaqa: the catalog, course and session pages are public; the API, accounts, dashboards and',
    '# classrooms are behind sign-in and not for crawlers.',
    'User-agent: *',
    ...[
      '/api/',
      '/account',
      '/dashboard',
      '/classroom/',
      '/my-courses',
      '/my-certificates',
      // A certificate's page names its holder: shared by its link, never indexed.
      '/certificates/',
      '/invitations/',
      '/sso/',
      '/reset-password',
    ].map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The picture of the first course of an explore answer among `answers` (openapi/first-load.ts), if any. */
function firstCoursePicture(answers: Record<string, unknown>): string | null {
  for (const [key, answer] of Object.entries(answers)) {
    if (!key.startsWith('/api/courses/explore')) continue;
    const first = (answer as { data?: { items?: { pictureUrl?: unknown }[] } }).data?.items?.[0];
    return typeof first?.pictureUrl === 'string' && first.pictureUrl ? first.pictureUrl : null;
  }
  return null;
}

/**
 * The build's route scripts per page (`route-preloads.json` beside index.html, written by
 * scripts/vite-route-preload.ts): `{ "/": ["/assets/…js", …], "/courses": […], "/courses/{id}": […] }`.
 * A missing or unreadable file gives none (the pages load as before, the route's code after the entry).
 */
async function readRoutePreloads(webDir: string): Promise<Record<string, string[]>> {
  try {
    const parsed = JSON.parse(await readFile(join(webDir, ROUTE_PRELOADS_FILE), 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string[]] =>
          Array.isArray(entry[1]) && entry[1].every((f) => typeof f === 'string' && f.startsWith('/')),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Registers the public pages on `app`: `/robots.txt`, `/sitemap.xml` (and its pages), and, when
 * the SPA is served (`webDir` with an index.html, read once): `/` and `/courses` with their first
 * load's answers, `/courses/{id}` with its head and first load, `/sessions/{id}` with its head;
 * the first three also with their route's scripts as modulepreload links (route-preloads.json).
 * Other pages are index.html as it is (app.ts's not-found handler).
 */
export async function registerPublicPages(app: FastifyInstance, ctx: AppContext, webDir: string | null): Promise<void> {
  const indexHtml = webDir ? await readFile(join(webDir, 'index.html'), 'utf8').catch(() => null) : null;
  const preloads = webDir ? await readRoutePreloads(webDir) : {};
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(ctx.config.publicUrl)),
  );
  const sendSitemap = async (reply: FastifyReply, page: number | null) => {
    const xml = await sitemapXml(ctx, page);
    if (xml === null) return reply.code(404).send({ message: 'No such sitemap' });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  };
  app.get('/sitemap.xml', async (_req, reply) => sendSitemap(reply, null));
  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (req, reply) => {
    const n = idOf(req.params.n.replace(/\.xml$/, ''));
    return n === null ? reply.code(404).send({ message: 'No such sitemap' }) : sendSitemap(reply, n);
  });

  if (!indexHtml) return;
  /**
   * A guest's answers to the page's first-load calls (openapi/first-load.ts), asked of this app
   * itself so that they are exactly what the API would answer; a call that is not a 200 is left
   * for the client to ask.
   */
  const firstLoad = async (url: string): Promise<Record<string, unknown>> => {
    const { pathname, searchParams } = new URL(url, 'http://halaqa.invalid');
    const answers = await Promise.all(
      firstLoadCalls(pathname, searchParams).map(async (key) => {
        const res = await app.inject({ method: 'GET', url: key });
        return res.statusCode === 200 ? ([key, res.json()] as const) : null;
      }),
    );
    return Object.fromEntries(answers.filter((a) => a !== null));
  };
  const send = (reply: FastifyReply, html: string) =>
    // The SPA decides what a signed-in viewer sees: never kept by a shared cache.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  const catalogPage = (page: '/' | '/courses') => async (req: { url: string }, reply: FastifyReply) => {
    const answers = await firstLoad(req.url);
    // On a phone the explore page's largest paint is its first course's picture (one card a row).
    const firstPicture = page === '/courses' ? firstCoursePicture(answers) : null;
    return send(
      reply,
      renderPage(indexHtml, { firstLoad: answers, modulePreloads: preloads[page] ?? [], firstPicture }),
    );
  };
  app.get('/', catalogPage('/'));
  app.get('/courses', catalogPage('/courses'));
  app.get<{ Params: { id: string } }>('/courses/:id', async (req, reply) => {
    const id = idOf(req.params.id);
    const head = id === null ? null : await coursePageHead(ctx, id, languageOf(req.query));
    // A course guests may not see may still be shown to a signed-in viewer: its route's code is preloaded too.
    const modulePreloads = preloads['/courses/{id}'] ?? [];
    return send(
      reply,
      renderPage(
        indexHtml,
        head ? { head, firstLoad: await firstLoad(req.url), modulePreloads } : { hidden: true, modulePreloads },
      ),
    );
  });
  app.get<{ Params: { id: string } }>('/sessions/:id', async (req, reply) => {
    const id = idOf(req.params.id);
    const head = id === null ? null : await sessionPageHead(ctx, id, languageOf(req.query));
    return send(reply, renderPage(indexHtml, head ? { head } : { hidden: true }));
  });
}
