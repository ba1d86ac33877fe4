import { firstLoadCalls, firstLoadKey } from '@contract/first-load';
import { describe, expect, it } from 'vitest';
import { createApi } from '@/lib/api/client';
import { readFirstLoad } from '@/lib/api/first-load';
import { createAuthService } from '@/lib/auth/auth-service';
import { Route as HomeRoute } from '@/routes/index';
import { Route as ExploreRoute } from '@/routes/courses/index';
import { Route as CourseRoute } from '@/routes/courses/$courseId';

/**
 * The answers the server sends with a public page (openapi/first-load.ts) are taken by the client
 * instead of asking, once and only while signed out; and the calls the server answers for a page
 * are exactly the calls that page's loader makes, so none is wasted and none is missed.
 */

/** A fetch that records each URL it is asked for and answers `{ data }` shaped for the catalog's loaders. */
function recordingFetch() {
  const asked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    asked.push(firstLoadKey(url.pathname + url.search));
    const data =
      url.pathname.endsWith('/explore') || url.pathname.endsWith('/reviews')
        ? { items: [], total: 0 }
        : url.pathname.endsWith('/categories') || url.pathname.endsWith('/active')
          ? []
          : { id: 1 };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { asked, fetch };
}

function pageWith(answers: Record<string, unknown>): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'halaqa-first-load';
  script.textContent = JSON.stringify(answers);
  doc.body.append(script);
  return doc;
}

type Loader = (args: unknown) => Promise<unknown>;
const loaders: { page: string; run: (api: ReturnType<typeof createApi>) => Promise<unknown> }[] = [
  { page: '/', run: (api) => (HomeRoute.options.loader as Loader)({ context: { api } }) },
  { page: '/courses', run: (api) => (ExploreRoute.options.loader as Loader)({ context: { api }, deps: {} }) },
  {
    page: '/courses?page=3',
    run: (api) => (ExploreRoute.options.loader as Loader)({ context: { api }, deps: { page: 3 } }),
  },
  {
    page: '/courses/42',
    // a guest (no sign-in cookie): the page asks nothing about the visitor's own enrollments
    run: (api) =>
      (CourseRoute.options.loader as Loader)({
        context: { api, auth: createAuthService(api) },
        params: { courseId: 42 },
      }),
  },
];

describe('the first load sent with the page', () => {
  it.each(loaders)('is exactly what the loader of $page asks for', async ({ page, run }) => {
    const { asked, fetch } = recordingFetch();
    await run(createApi({ baseUrl: 'http://localhost/api', fetch }));
    const url = new URL(page, 'http://localhost');
    expect(asked.sort()).toEqual(firstLoadCalls(url.pathname, url.searchParams).sort());
  });

  it('answers a signed-out GET of its URL once, without asking the server, and removes itself from the page', async () => {
    const key = '/api/courses/explore?page=1&pageSize=8';
    const doc = pageWith({ [key]: { data: { items: [{ id: 7 }], total: 1 } } });
    const { asked, fetch } = recordingFetch();
    const api = createApi({ baseUrl: 'http://localhost/api', fetch, firstLoad: readFirstLoad(doc) });
    expect(doc.getElementById('halaqa-first-load')).toBeNull();
    // The client writes the query in its own order: the key does not depend on it.
    const first = await api.GET('/courses/explore', { params: { query: { pageSize: 8, page: 1 } } });
    expect(first.data).toEqual({ data: { items: [{ id: 7 }], total: 1 } });
    expect(asked).toEqual([]);
    const second = await api.GET('/courses/explore', { params: { query: { page: 1, pageSize: 8 } } });
    expect(second.data).toEqual({ data: { items: [], total: 0 } });
    expect(asked).toEqual([key]);
  });

  it("is never used by a signed-in client, whose answers may differ from a guest's", async () => {
    const key = '/api/courses/categories';
    const { asked, fetch } = recordingFetch();
    const api = createApi({
      baseUrl: 'http://localhost/api',
      fetch,
      firstLoad: readFirstLoad(pageWith({ [key]: { data: [{ id: 1 }] } })),
      getAuth: () => ({ token: 't', federated: false }),
    });
    const res = await api.GET('/courses/categories');
    expect(res.data).toEqual({ data: [] });
    expect(asked).toEqual([key]);
  });

  it('says whether the page came with answers', () => {
    expect(readFirstLoad(pageWith({ '/api/courses/categories': { data: [] } })).sent).toBe(true);
    expect(readFirstLoad(document.implementation.createHTMLDocument('page')).sent).toBe(false);
  });

  it('leaves a page without answers, or with unreadable ones, to ask as usual', async () => {
    const broken = document.implementation.createHTMLDocument('page');
    broken.body.innerHTML = '<script type="application/json" id="halaqa-first-load">{not json</script>';
    for (const doc of [document.implementation.createHTMLDocument('page'), broken]) {
      const { asked, fetch } = recordingFetch();
      const api = createApi({ baseUrl: 'http://localhost/api', fetch, firstLoad: readFirstLoad(doc) });
      await api.GET('/courses/categories');
      expect(asked).toEqual(['/api/courses/categories']);
    }
  });
});
