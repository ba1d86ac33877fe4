import { Temporal } from 'temporal-polyfill';
import { US_TIMEZONES } from './data.js';
import type { AppContext } from '../../platform/context.js';
import { likePattern } from '../../platform/paging.js';

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

/** GET /lessons/types: the lesson types of product.md#entities with their codes. */
export async function listLessonTypes(app: AppContext) {
  return app.db.selectFrom('lesson_types').select(['id', 'code', 'name']).orderBy('id').execute();
}
