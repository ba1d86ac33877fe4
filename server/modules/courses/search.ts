import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { likePattern } from '../../platform/paging.js';
import { OPEN_SESSION_STATUSES } from '../../platform/session-lifecycle.js';

/**
 * The catalog's free-text search, one rule for GET /courses/explore and GET /sessions/explore
 * (spec "GET /courses/explore?query", "GET /sessions/explore?query"): a course matches when `text`
 * (trimmed, LIKE wildcards taken literally) is contained, case-insensitively, in its title or
 * description, in its category's English or Arabic name, or in the name of one of its skills
 * (a search for "react" finds courses teaching React; "البيانات" finds Arabic titles and the
 * "Data Science & AI" category, whose Arabic name contains it).
 *
 * @returns the ids of every matching course (visible or not: the caller applies visibility), read
 * by one union whose branches use indexes of migration 0019 (trigram GIN indexes on title and
 * description, courses by category, course skills by skill) rather than testing each course.
 */
export async function matchingCourseIds(db: Kysely<Database>, text: string): Promise<number[]> {
  const pattern = likePattern(text);
  const byText = db
    .selectFrom('courses as m')
    .select('m.id')
    .where((w) => w.or([w('m.title', 'ilike', pattern), w('m.description', 'ilike', pattern)]));
  const byCategory = db
    .selectFrom('courses as m')
    .innerJoin('categories as k', 'k.id', 'm.category_id')
    .select('m.id')
    .where((w) => w.or([w('k.name', 'ilike', pattern), w('k.name_ar', 'ilike', pattern)]));
  const bySkill = db
    .selectFrom('course_skills as cs')
    .innerJoin('skills as sk', 'sk.id', 'cs.skill_id')
    .select('cs.course_id as id')
    .where('sk.name', 'ilike', pattern);
  return (await byText.union(byCategory).union(bySkill).execute()).map((r) => r.id);
}

/**
 * `<column> = any('{…}'::int[])` for a list of ids, passed as one array parameter: the database
 * hashes the constant array, so filtering thousands of rows by thousands of ids stays linear.
 * `ids` may also be the list already in that form (`{1,2,3}`), or the stand-in of a
 * `reusableQuery` (server/db/reusable-query.ts).
 */
export function idIn(eb: ExpressionBuilder<any, any>, column: string, ids: number[] | string): Expression<SqlBool> {
  return eb(eb.ref(column), '=', sql<number>`any(${typeof ids === 'string' ? ids : `{${ids.join(',')}}`}::int[])`);
}

/**
 * Whether course `c` has a session learners can join today (approved or running, not ended, not
 * deleted): a semi-join the planner drives by the index of sessions by course (migration 0019).
 */
export function hasOpenSession(eb: ExpressionBuilder<any, any>): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('sessions as os')
      .select('os.id')
      .whereRef('os.course_id', '=', 'c.id')
      .where('os.status', 'in', OPEN_SESSION_STATUSES)
      .where('os.deleted_at', 'is', null)
      .where('os.end_date', '>=', sql<string>`current_date`),
  );
}
