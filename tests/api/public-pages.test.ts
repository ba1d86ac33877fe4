import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID } from '../../openapi/first-load.js';
import { ROUTE_PRELOADS_FILE } from '../../scripts/vite-route-preload.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Public pages as a crawler or a link preview reads them, without running JavaScript: a course or
 * session URL answers the SPA's page with that page's head (title, description, canonical,
 * hreflang, Open Graph, Twitter card, schema.org JSON-LD), `/sitemap.xml` lists exactly the
 * published public courses, `/robots.txt` names it. A private or unpublished course gives none of
 * it. The index.html here is the shape of the built one (index.html at the project's root).
 */
const PUBLIC_URL = 'https://academy.example';
const webDir = mkdtempSync(join(tmpdir(), 'halaqa-pages-'));
/** The build's route scripts per page, as scripts/vite-route-preload.ts writes them. */
const routePreloads = {
  '/': ['/assets/routes-a1.js', '/assets/course-card-b2.js'],
  '/courses': ['/assets/courses-c3.js', '/assets/course-card-b2.js'],
  '/courses/{id}': ['/assets/_courseId-d4.js', '/assets/schedule-e5.js'],
};
let t: TestApp;
let publicCourse: { id: number; title: string };
let privateCourse: number;
let unpublishedCourse: number;

beforeAll(async () => {
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="100% live courses" />\n    <title>Halaqa</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  writeFileSync(join(webDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads));
  // A public PUBLIC_URL, as in production: the captcha must be on there.
  t = await startTestApp({ captcha: true, env: { WEB_DIR: webDir, PUBLIC_URL } });
  const courses = await t.db
    .selectFrom('courses')
    .select(['id', 'title', 'status', 'is_private'])
    .orderBy('id')
    .execute();
  const published = courses.filter((c) => c.status === 'PUBLISHED' && !c.is_private);
  // A course with open sessions, so its JSON-LD has instances.
  for (const c of published) {
    if ((await activeSessions(c.id)).length) {
      publicCourse = c;
      break;
    }
  }
  privateCourse = courses.find((c) => c.status === 'PUBLISHED' && c.is_private)!.id;
  unpublishedCourse = courses.find((c) => c.status !== 'PUBLISHED')!.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const activeSessions = async (courseId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/sessions/active` });
  return (
    res.json() as {
      data: {
        id: number;
        startDate: string;
        endDate: string;
        seatsLeft: number;
        price: number;
        educator: { name: string };
      }[];
    }
  ).data;
};
const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return new JSDOM(res.body).window.document;
};
const meta = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );

describe('a public course page', () => {
  it('carries its title, description, canonical, hreflang alternates, Open Graph and Twitter tags', async () => {
    const doc = await page(`/courses/${publicCourse.id}`);
    expect(doc.title).toBe(`${publicCourse.title} · Halaqa`);
    const description = meta(doc, 'meta[name="description"]');
    expect(description).toBeTruthy();
    expect(description).not.toBe('100% live courses');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/courses/${publicCourse.id}`,
    );
    const alternates = Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    );
    expect(alternates).toEqual({
      en: `${PUBLIC_URL}/courses/${publicCourse.id}`,
      ar: `${PUBLIC_URL}/courses/${publicCourse.id}?lang=ar`,
      'x-default': `${PUBLIC_URL}/courses/${publicCourse.id}`,
    });
    expect(meta(doc, 'meta[property="og:title"]')).toBe(doc.title);
    expect(meta(doc, 'meta[property="og:url"]')).toBe(`${PUBLIC_URL}/courses/${publicCourse.id}`);
    expect(meta(doc, 'meta[property="og:image"]')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    expect(meta(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('in Arabic (?lang=ar) is a right-to-left page whose canonical is its own URL', async () => {
    const doc = await page(`/courses/${publicCourse.id}?lang=ar`);
    expect(doc.documentElement.getAttribute('lang')).toBe('ar');
    expect(doc.documentElement.getAttribute('dir')).toBe('rtl');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/courses/${publicCourse.id}?lang=ar`,
    );
    expect(meta(doc, 'meta[property="og:locale"]')).toBe('ar_AR');
  });

  it("has a schema.org Course (JSON-LD) with the fields of Google's Course info, one CourseInstance per open session", async () => {
    const doc = await page(`/courses/${publicCourse.id}`);
    const [course] = jsonLd(doc);
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: publicCourse.title,
      provider: { '@type': 'Organization', name: 'Halaqa' },
    });
    expect(typeof course!.description).toBe('string');
    expect(course!.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        category: expect.stringMatching(/^(Paid|Free)$/),
        priceCurrency: 'USD',
      }),
    ]);
    const sessions = await activeSessions(publicCourse.id);
    expect(sessions.length).toBeGreaterThan(0);
    const instances = course!.hasCourseInstance as Record<string, unknown>[];
    expect(instances).toHaveLength(sessions.length);
    for (const [i, s] of sessions.entries()) {
      expect(instances[i]).toMatchObject({
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: expect.stringMatching(/^PT\d+H$/),
        startDate: s.startDate,
        endDate: s.endDate,
        instructor: { '@type': 'Person', name: s.educator.name },
        offers: {
          '@type': 'Offer',
          price: s.price.toFixed(2),
          priceCurrency: 'USD',
          inventoryLevel: { value: s.seatsLeft },
        },
      });
    }
  });

  it('cannot close its JSON-LD element with a title the educator wrote', async () => {
    await t.db
      .updateTable('courses')
      .set({ title: 'Break </script><script>alert(1)</script>' })
      .where('id', '=', publicCourse.id)
      .execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: `/courses/${publicCourse.id}` });
      expect(res.body).not.toContain('</script><script>alert(1)');
      const doc = new JSDOM(res.body).window.document;
      expect(jsonLd(doc)[0]!.name).toBe('Break </script><script>alert(1)</script>');
      expect(doc.title).toBe('Break </script><script>alert(1)</script> · Halaqa');
    } finally {
      await t.db.updateTable('courses').set({ title: publicCourse.title }).where('id', '=', publicCourse.id).execute();
    }
  });
});

describe('a session page', () => {
  it("carries its course's head with this session as the one instance", async () => {
    const [session] = await activeSessions(publicCourse.id);
    const doc = await page(`/sessions/${session!.id}`);
    expect(doc.title).toContain(publicCourse.title);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/sessions/${session!.id}`,
    );
    const [course] = jsonLd(doc);
    expect((course!.hasCourseInstance as unknown[]).length).toBe(1);
  });
});

describe('a course that guests may not see', () => {
  it.each([
    ['private to a company', () => privateCourse],
    ['unpublished', () => unpublishedCourse],
    ['unknown', () => 2_000_000_000],
  ])('(%s) gets the plain page, marked noindex, with nothing of the course', async (_, id) => {
    const title = (await t.db.selectFrom('courses').select('title').where('id', '=', id()).executeTakeFirst())?.title;
    const res = await t.app.inject({ method: 'GET', url: `/courses/${id()}` });
    expect(res.statusCode).toBe(200);
    if (title) expect(res.body).not.toContain(title);
    const doc = new JSDOM(res.body).window.document;
    expect(doc.title).toBe('Halaqa');
    expect(meta(doc, 'meta[name="robots"]')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(jsonLd(doc)).toEqual([]);
  });
});

describe('GET /sitemap.xml', () => {
  it('is a sitemaps.org urlset listing exactly the published public courses, each with lastmod and its Arabic alternate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const doc = new JSDOM(res.body, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.localName).toBe('urlset');
    expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const SM = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const urls = [...root.children];
    const listed: number[] = [];
    for (const url of urls) {
      // The schema's url element: loc (required, absolute, ≤ 2,048 characters), then lastmod (W3C datetime).
      expect(url.localName).toBe('url');
      const children = [...url.children].filter((c) => c.namespaceURI === SM).map((c) => c.localName);
      expect(children).toEqual(['loc', 'lastmod']);
      const loc = url.getElementsByTagNameNS(SM, 'loc')[0]!.textContent!;
      expect(loc.length).toBeLessThanOrEqual(2048);
      expect(loc).toMatch(new RegExp(`^${PUBLIC_URL}/courses/\\d+$`));
      expect(url.getElementsByTagNameNS(SM, 'lastmod')[0]!.textContent).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
      );
      const ar = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].find(
        (l) => l.getAttribute('hreflang') === 'ar',
      );
      expect(ar?.getAttribute('href')).toBe(`${loc}?lang=ar`);
      listed.push(Number(loc.split('/').pop()));
    }
    const expected = await t.db
      .selectFrom('courses')
      .select('id')
      .where('status', '=', 'PUBLISHED')
      .where('is_private', '=', false)
      .orderBy('id')
      .execute();
    expect(listed).toEqual(expected.map((c) => c.id));
    expect(listed).not.toContain(privateCourse);
    expect(listed).not.toContain(unpublishedCourse);
  });

  it('has no page beyond the courses there are', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-2.xml' })).statusCode).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('answers the rules as text: crawlers keep off the API and the signed-in pages, read the catalog, and find the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /certificates/');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Every line is a rule robots.txt knows (RFC 9309 §2.2, and the Sitemap extension): no HTML.
    for (const l of lines) expect(l).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines.some((l) => l.startsWith('Disallow: /courses'))).toBe(false);
  });
});

describe('the first load sent with the page', () => {
  const firstLoadOf = (doc: Document) => {
    const element = doc.getElementById(FIRST_LOAD_ELEMENT_ID);
    return element ? (JSON.parse(element.textContent ?? '') as Record<string, unknown>) : null;
  };
  const api = async (key: string) => (await t.app.inject({ method: 'GET', url: key })).json() as unknown;

  it.each([
    ['/', ['/api/courses/explore?page=1&pageSize=8', '/api/courses/categories']],
    ['/?lang=ar', ['/api/courses/explore?page=1&pageSize=8', '/api/courses/categories']],
    ['/courses', ['/api/courses/explore?page=1&pageSize=12', '/api/courses/categories', '/api/languages']],
    ['/courses?page=2', ['/api/courses/explore?page=2&pageSize=12', '/api/courses/categories', '/api/languages']],
  ])("of %s holds exactly what a guest's API calls answer", async (url, keys) => {
    const sent = firstLoadOf(await page(url));
    expect(Object.keys(sent ?? {}).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(sent![key]).toEqual(await api(key));
  });

  it('of a public course page holds its info, open sessions and first reviews', async () => {
    const id = publicCourse.id;
    const sent = firstLoadOf(await page(`/courses/${id}`));
    const keys = [
      `/api/courses/${id}/info`,
      `/api/courses/${id}/sessions/active`,
      `/api/courses/${id}/reviews?page=1&pageSize=10`,
    ];
    expect(Object.keys(sent ?? {}).sort()).toEqual(keys.sort());
    for (const key of keys) expect(sent![key]).toEqual(await api(key));
  });

  it('is not sent for a search or filter, nor for a course guests may not see', async () => {
    expect(firstLoadOf(await page('/courses?query=python'))).toBeNull();
    expect(firstLoadOf(await page('/courses?categoryId=1'))).toBeNull();
    expect(firstLoadOf(await page(`/courses/${privateCourse}`))).toBeNull();
  });
});

describe('the route scripts sent with the page', () => {
  const modulePreloads = (doc: Document) =>
    [...doc.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

  it.each([
    ['/', routePreloads['/']],
    ['/?lang=ar', routePreloads['/']],
    ['/courses', routePreloads['/courses']],
    ['/courses?query=python', routePreloads['/courses']],
  ])("of %s are its route's, as modulepreload links", async (url, files) => {
    expect(modulePreloads(await page(url))).toEqual(files);
  });

  it("of a course page are the course route's, whether or not guests may see the course", async () => {
    expect(modulePreloads(await page(`/courses/${publicCourse.id}`))).toEqual(routePreloads['/courses/{id}']);
    expect(modulePreloads(await page(`/courses/${privateCourse}`))).toEqual(routePreloads['/courses/{id}']);
  });

  it('are none for a page outside the list', async () => {
    const session = (await activeSessions(publicCourse.id))[0]!;
    expect(modulePreloads(await page(`/sessions/${session.id}`))).toEqual([]);
  });
});

describe('the picture preloaded with the explore page', () => {
  const preloadedImages = (doc: Document) =>
    [...doc.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => [
      l.getAttribute('href'),
      l.getAttribute('fetchpriority'),
    ]);

  it("is its first course's, with high priority", async () => {
    const explore = (await t.app.inject({ method: 'GET', url: '/api/courses/explore?page=1&pageSize=12' })).json() as {
      data: { items: { pictureUrl: string | null }[] };
    };
    const first = explore.data.items[0]!.pictureUrl;
    expect(first).toBeTruthy();
    expect(preloadedImages(await page('/courses'))).toEqual([[first, 'high']]);
  });

  it('is none on the landing page, whose largest paint on a phone is its heading', async () => {
    expect(preloadedImages(await page('/'))).toEqual([]);
  });
});
