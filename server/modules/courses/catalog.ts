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
import { courseVisible, type TenantScope } from '../../platform/tenancy.js';
import { likePattern, type Page } from '../../platform/paging.js';

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
 * by title. Matching skills count as matches (a search for "react" finds courses teaching React).
 */
export async function exploreCourses(app: AppContext, viewer: TenantScope, q: ExploreQuery): Promise<Page<CourseSummary>> {
  let base = app.db.selectFrom('courses as c').innerJoin('categories as cat', 'cat.id', 'c.category_id').where((eb) => courseVisible(eb, viewer));
  const text = q.query?.trim();
  if (text) {
    const pattern = likePattern(text);
    base = base.where((eb) =>
      eb.or([
        eb('c.title', 'ilike', pattern),
        eb('c.description', 'ilike', pattern),
        eb('cat.name', 'ilike', pattern),
        eb('cat.name_ar', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('course_skills as cs')
            .innerJoin('skills as sk', 'sk.id', 'cs.skill_id')
            .whereRef('cs.course_id', '=', 'c.id')
            .where('sk.name', 'ilike', pattern)
            .select('cs.course_id'),
        ),
      ]),
    );
  }
  if (q.categoryId) base = base.where('c.category_id', '=', q.categoryId);
  if (q.difficulty) base = base.where('c.difficulty_level', '=', q.difficulty);

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ids = await base
    .select('c.id')
    .orderBy(
      (eb) =>
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .whereRef('s.course_id', '=', 'c.id')
            .where('s.status', 'in', ['APPROVED', 'ACTIVE'])
            .where('s.deleted_at', 'is', null)
            .where('s.end_date', '>=', sql<string>`current_date`)
            .select('s.id'),
        ),
      'desc',
    )
    .orderBy('c.title')
    .orderBy('c.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { items: await courseSummaries(app.db, ids.map((r) => r.id)), total: Number(total), page: q.page, pageSize: q.pageSize };
}

/** Throws 404 unless the course exists and the viewer may see it. */
/** @throws 404 'Course not found' unless the viewer may see the course (published, or their company's private one). */
export async function assertVisible(app: AppContext, viewer: TenantScope, id: number): Promise<void> {
  const found = await app.db.selectFrom('courses as c').select('c.id').where('c.id', '=', id).where((eb) => courseVisible(eb, viewer)).executeTakeFirst();
  if (!found) throw notFound('Course');
}

/** GET /courses/{id}/info. @throws 404 for an unknown, unpublished or another company's private course. */
export async function getCourseInfo(app: AppContext, viewer: TenantScope, id: number): Promise<CourseInfo> {
  await assertVisible(app, viewer, id);
  const info = await courseInfo(app.db, id);
  if (!info) throw notFound('Course');
  return info;
}

/** GET /courses/{id}/sessions/active: sessions learners can still join, earliest first. @throws 404 as getCourseInfo. */
export async function getActiveSessions(app: AppContext, viewer: TenantScope, id: number): Promise<SessionSummary[]> {
  await assertVisible(app, viewer, id);
  const open = await openSessionIds(app.db, [id]);
  return sessionSummaries(app.db, open.get(id) ?? []);
}

/** GET /courses/{id}/reviews: newest first. @throws 404 as getCourseInfo. */
export async function listReviews(app: AppContext, viewer: TenantScope, id: number, page: number, pageSize: number) {
  await assertVisible(app, viewer, id);
  const base = app.db.selectFrom('reviews as r').where('r.course_id', '=', id);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.rating_value', 'r.content', 'r.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.picture_url'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      ratingValue: r.rating_value,
      content: r.content,
      createdAt: r.created_at.toISOString(),
      author: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), pictureUrl: r.picture_url },
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

/**
 * GET /courses/categories?partnerId: every category with the number of catalog courses the viewer
 * can see in it; with `partnerId`, only courses of that partner's company are counted and empty
 * categories are left out.
 */
export async function listCategories(app: AppContext, viewer: TenantScope, partnerId?: number) {
  let partnerCompany: number | null = null;
  if (partnerId !== undefined) {
    const p = await app.db.selectFrom('users').select('company_id').where('id', '=', partnerId).where('role', '=', 'PARTNER').executeTakeFirst();
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
