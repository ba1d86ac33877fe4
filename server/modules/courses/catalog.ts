import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import {
  courseInfo,
  courseSummaries,
  openSessionIds,
  sessionSummaries,
  type CourseInfo,
  type CourseSummary,
  type SessionSummary,
} from './read-model.js';
import { courseManaged, courseVisible, type TenantScope } from '../../platform/tenancy.js';
import type { Page } from '../../platform/paging.js';
import {
  type CatalogFilters,
  type CatalogParams,
  catalogFilters,
  courseFilters,
  relevance,
  startsWithin,
} from './search.js';
import { cachedListing, visibilityKey } from './listings.js';

export interface ExploreQuery extends CatalogParams {
  page: number;
  pageSize: number;
}

/**
 * GET /courses/explore: the catalog the viewer may see, searched, filtered and sorted
 * ({@link catalogFilters}, {@link searchMatch} for the search rule, {@link courseOrder} for the
 * orders). Which courses are on the page and the total are kept per catalog generation
 * ({@link cachedListing}); the courses' summaries (seats left, ratings) are read on every call.
 * @throws 400 for a price or date range whose bounds are crossed.
 */
export async function exploreCourses(
  app: AppContext,
  viewer: TenantScope,
  q: ExploreQuery,
): Promise<Page<CourseSummary>> {
  const f = catalogFilters(q);
  const key = `courses ${visibilityKey(viewer)} ${JSON.stringify([f, q.page, q.pageSize])}`;
  const { ids, total } = await cachedListing(app.db, key, () => courseListing(app, viewer, f, q));
  return { items: await courseSummaries(app.db, ids, app.now()), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The order of GET /courses/explore over search row `c`, ties always ended by the course id (the highest first where the order is descending):
 * - `relevance` with a search text: best title match first (word similarity), then the soonest
 *   start (courses without an open session last);
 * - `relevance` without one (the usual order): courses with an open session first, then by title;
 * - `soonest`: earliest start of an open session first, courses without one last;
 * - `newest`: most recently created first (then the highest id);
 * - `price_asc` / `price_desc`: by the course's price (`price_desc` then the highest id: one
 *   backward scan of the price index answers it);
 * - `rating`: best exact average first, then the most reviews; unrated courses last.
 */
function courseOrder<Q extends { orderBy: (...a: any[]) => Q }>(q: Q, f: CatalogFilters): Q {
  switch (f.sort) {
    case 'relevance':
      if (f.text)
        return q.orderBy(relevance(f.text), 'desc').orderBy(sql`c.next_start asc nulls last`).orderBy('c.course_id');
      return q.orderBy(sql`(c.next_start is null)`).orderBy('c.title').orderBy('c.course_id');
    case 'soonest':
      return q.orderBy(sql`c.next_start asc nulls last`).orderBy('c.course_id');
    case 'newest':
      return q.orderBy('c.created_at', 'desc').orderBy('c.course_id', 'desc');
    case 'price_asc':
      return q.orderBy('c.price_cents').orderBy('c.course_id');
    case 'price_desc':
      return q.orderBy('c.price_cents', 'desc').orderBy('c.course_id', 'desc');
    case 'rating':
      return q.orderBy(sql`c.rating_avg desc nulls last`).orderBy('c.rating_count', 'desc').orderBy('c.course_id');
  }
}

/**
 * The ids on one page of GET /courses/explore, in order, and the number of matching courses:
 * two reads of the courses' search rows (migration 0036), the page in the chosen order and the
 * exact count, side by side.
 */
async function courseListing(
  app: AppContext,
  viewer: TenantScope,
  f: CatalogFilters,
  page: { page: number; pageSize: number },
): Promise<{ ids: number[]; total: number }> {
  let base = app.db
    .selectFrom('course_catalog as c')
    .where((eb) => courseVisible(eb, viewer))
    .where((eb) => courseFilters(eb, f))
    .where((eb) => startsWithin(eb, f));
  if (f.minCents !== undefined) base = base.where('c.price_cents', '>=', f.minCents);
  if (f.maxCents !== undefined) base = base.where('c.price_cents', '<=', f.maxCents);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    courseOrder(base.select('c.course_id'), f)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { ids: rows.map((r) => r.course_id), total: Number(total) };
}

/**
 * Throws 404 unless the course exists and the viewer may see it (in the catalog, or managed by the
 * viewer: admins, its educator). Also used by reviews.ts.
 */
export async function assertVisible(app: AppContext, viewer: TenantScope, id: number): Promise<void> {
  const found = await app.db
    .selectFrom('courses as c')
    .select('c.id')
    .where('c.id', '=', id)
    .where((eb) => eb.or([courseVisible(eb, viewer), courseManaged(eb, viewer)]))
    .executeTakeFirst();
  if (!found) throw notFound('Course');
}

/** GET /courses/{id}/info. @throws 404 for an unknown, unpublished (except for admins and its educator) or another company's private course. */
export async function getCourseInfo(app: AppContext, viewer: TenantScope, id: number): Promise<CourseInfo> {
  await assertVisible(app, viewer, id);
  const info = await courseInfo(app.db, id, app.now());
  if (!info) throw notFound('Course');
  return info;
}

/** GET /courses/{id}/sessions/active: sessions learners can still join, earliest first. @throws 404 as getCourseInfo. */
export async function getActiveSessions(app: AppContext, viewer: TenantScope, id: number): Promise<SessionSummary[]> {
  await assertVisible(app, viewer, id);
  const open = await openSessionIds(app.db, [id]);
  return sessionSummaries(app.db, open.get(id) ?? [], app.now());
}

/**
 * GET /courses/categories?partnerId: every category with the number of catalog courses the viewer
 * can see in it; with `partnerId`, only courses of that partner's company are counted and empty
 * categories are left out.
 */
export async function listCategories(app: AppContext, viewer: TenantScope, partnerId?: number) {
  let partnerCompany: number | null = null;
  if (partnerId !== undefined) {
    const p = await app.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', partnerId)
      .where('role', '=', 'PARTNER')
      .executeTakeFirst();
    partnerCompany = p?.company_id ?? -1;
  }
  const rows = await app.db
    .selectFrom('categories as cat')
    .leftJoin('courses as c', (join) => {
      let j = join.onRef('c.category_id', '=', 'cat.id').on((eb) => courseVisible(eb, viewer));
      if (partnerCompany !== null) j = j.on('c.company_id', '=', partnerCompany);
      return j;
    })
    .select(['cat.id', 'cat.name', 'cat.name_ar', sql<number>`count(c.id)`.as('course_count')])
    .groupBy(['cat.id', 'cat.name', 'cat.name_ar'])
    .orderBy('cat.name')
    .execute();
  return rows
    .map((r) => ({ id: r.id, name: r.name, nameAr: r.name_ar, courseCount: Number(r.course_count) }))
    .filter((r) => partnerCompany === null || r.courseCount > 0);
}
