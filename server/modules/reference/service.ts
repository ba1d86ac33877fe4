import { Temporal } from 'temporal-polyfill';
import { sql } from 'kysely';
import { US_TIMEZONES } from '../../db/seed/reference-data.js';
import type { AppContext } from '../../platform/context.js';
import { courseVisible, type Viewer } from '../catalog/read-model.js';
import { likePattern } from '../courses/service.js';

/** GET /timezones/us: the US IANA time zones with their current UTC offset ('-05:00'), west to east. */
export function listUsTimezones(now: Temporal.Instant = Temporal.Now.instant()) {
  return US_TIMEZONES.map((tz) => ({ id: tz.id, name: tz.name, offset: now.toZonedDateTimeISO(tz.id).offset })).sort(
    (a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.name.localeCompare(b.name),
  );
}

function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})/.exec(offset);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** GET /languages: languages a course can be taught in (id 1, English, is the form's default). */
export async function listLanguages(app: AppContext) {
  return app.db.selectFrom('languages').select(['id', 'code', 'name']).orderBy('id').execute();
}

/** GET /skills?query: skills by name, optionally filtered by a part of the name (case-insensitive). */
export async function listSkills(app: AppContext, query?: string) {
  let q = app.db.selectFrom('skills').select(['id', 'name']).orderBy('name');
  const text = query?.trim();
  if (text) q = q.where('name', 'ilike', likePattern(text));
  return q.execute();
}

/** GET /lessons/types: the lesson types of spec §3 with their codes. */
export async function listLessonTypes(app: AppContext) {
  return app.db.selectFrom('lesson_types').select(['id', 'code', 'name']).orderBy('id').execute();
}

/**
 * GET /courses/categories?partnerId: every category with the number of catalog courses the viewer
 * can see in it; with `partnerId`, only courses of that partner's company are counted and empty
 * categories are left out.
 */
export async function listCategories(app: AppContext, viewer: Viewer, partnerId?: number) {
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
