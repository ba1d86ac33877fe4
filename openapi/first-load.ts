/**
 * The API answers a public page's first load needs, which the server sends inside the page
 * (server/modules/pages) so that no API round trip precedes the first paint; the SPA's client takes
 * them instead of asking (src/lib/api/preload.ts). Both sides import this module: the server to
 * know what to send for a URL, the routes for the page sizes their loaders ask for, and both for
 * the key an answer is filed under. Only a guest's answers are sent; a signed-in client asks.
 */

/** The id of the `<script type="application/json">` element that carries them. */
export const FIRST_LOAD_ELEMENT_ID = 'halaqa-first-load';

/** Courses on the landing page (`/`). */
export const HOME_COURSES_PAGE_SIZE = 8;
/** Courses a page of `/courses`. */
export const EXPLORE_PAGE_SIZE = 12;
/** Reviews on a course page's first load. */
export const COURSE_REVIEWS_PAGE_SIZE = 10;

/**
 * The key an API answer is filed under: the `/api` path with its query parameters sorted by name
 * (so the order a client writes them in does not matter), e.g. `/api/courses/explore?page=1&pageSize=8`.
 * @param url an absolute URL, or a path with an optional query
 */
export function firstLoadKey(url: string): string {
  const u = new URL(url, 'http://halaqa.invalid');
  const params = [...u.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${u.pathname}?${query}` : u.pathname;
}

/**
 * The GET calls (keys, see {@link firstLoadKey}) a guest's first load of a page makes: `/` (its
 * courses and the categories), `/courses` unfiltered (the page asked for, the categories and the
 * languages its filter offers) and
 * `/courses/{id}` (info, open sessions, first reviews). Any other page, or `/courses` with a search
 * or a filter, gets none: its client asks as usual.
 * @param pathname the page's path, e.g. `/courses/12`
 * @param search the page's query parameters (`lang` is ignored: answers do not depend on it)
 */
export function firstLoadCalls(pathname: string, search: URLSearchParams): string[] {
  const others = [...search.keys()].filter((k) => k !== 'lang' && k !== 'page');
  if (pathname === '/')
    return others.length || search.has('page')
      ? []
      : [firstLoadKey(`/api/courses/explore?page=1&pageSize=${HOME_COURSES_PAGE_SIZE}`), '/api/courses/categories'];
  if (pathname === '/courses' || pathname === '/courses/') {
    if (others.length) return [];
    const raw = search.get('page');
    const page = raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
    if (page === null) return [];
    return [
      firstLoadKey(`/api/courses/explore?page=${page}&pageSize=${EXPLORE_PAGE_SIZE}`),
      '/api/courses/categories',
      '/api/languages',
    ];
  }
  const course = /^\/courses\/([1-9]\d{0,8})$/.exec(pathname);
  if (course && !others.length && !search.has('page')) {
    const id = course[1];
    return [
      `/api/courses/${id}/info`,
      `/api/courses/${id}/sessions/active`,
      firstLoadKey(`/api/courses/${id}/reviews?page=1&pageSize=${COURSE_REVIEWS_PAGE_SIZE}`),
    ];
  }
  return [];
}
