import { sql } from 'kysely';
import type { Difficulty } from '../../db/types.js';
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
import { hasOpenSession, idIn, matchingCourseIds } from './search.js';
import { cachedListing, visibilityKey } from './listings.js';

export interface ExploreQuery {
  /** Free text matched against title, description, category and skills (case-insensitive). */
  query?: string;
  categoryId?: number;
  difficulty?: Difficulty;
  page: number;
  pageSize: number;
}

/**
 * GET /courses/explore: the catalog the viewer may see, courses with an open session first, then
 * by title (then id). Matching skills count as matches (a search for "react" finds courses
 * teaching React); see {@link matchingCourseIds} for the search rule. Which courses are on the page
 * and the total are kept per catalog generation ({@link cachedListing}); the courses' summaries
 * (seats left, ratings) are read on every call.
 */
export async function exploreCourses(
  app: AppContext,
  viewer: TenantScope,
  q: ExploreQuery,
): Promise<Page<CourseSummary>> {
  const text = q.query?.trim() || undefined;
  const key = `courses ${visibilityKey(viewer)} ${JSON.stringify([text ?? null, q.categoryId ?? null, q.difficulty ?? null, q.page, q.pageSize])}`;
  const { ids, total } = await cachedListing(app.db, key, () => courseListing(app, viewer, { ...q, query: text }));
  return { items: await courseSummaries(app.db, ids, app.now()), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The ids on one page of GET /courses/explore, in order, and the number of matching courses.
 *
 * At 10,000 courses a page is read in order from the index of published courses by
 * title, courses with an open session first (a semi-join on sessions by course, stopping at the
 * page's end), then — only when the page reaches past them — the courses without one, after their
 * number is counted. The total is a count of the matching courses alone (an index-only scan of the
 * index of migration 0020).
 */
async function courseListing(
  app: AppContext,
  viewer: TenantScope,
  q: ExploreQuery,
): Promise<{ ids: number[]; total: number }> {
  let base = app.db.selectFrom('courses as c').where((eb) => courseVisible(eb, viewer));
  if (q.query) {
    const ids = await matchingCourseIds(app.db, q.query);
    if (ids.length === 0) return { ids: [], total: 0 };
    base = base.where((eb) => idIn(eb, 'c.id', ids));
  }
  if (q.categoryId) base = base.where('c.category_id', '=', q.categoryId);
  if (q.difficulty) base = base.where('c.difficulty_level', '=', q.difficulty);

  const offset = (q.page - 1) * q.pageSize;
  const ordered = (open: boolean) =>
    base
      .select('c.id')
      .where((eb) => (open ? hasOpenSession(eb) : eb.not(hasOpenSession(eb))))
      .orderBy('c.title')
      .orderBy('c.id');
  const [{ total }, openPage] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ordered(true).limit(q.pageSize).offset(offset).execute(),
  ]);
  let ids = openPage.map((r) => r.id);
  if (ids.length < q.pageSize && offset + ids.length < Number(total)) {
    // The page reaches past the courses with an open session: the rest comes from those without.
    const openCount =
      ids.length > 0
        ? offset + ids.length
        : Number(
            (
              await base
                .where((eb) => hasOpenSession(eb))
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
    const rest = await ordered(false)
      .limit(q.pageSize - ids.length)
      .offset(Math.max(0, offset - openCount))
      .execute();
    ids = [...ids, ...rest.map((r) => r.id)];
  }
  return { ids, total: Number(total) };
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
