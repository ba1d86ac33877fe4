import type { Schema } from '../../platform/handlers.js';
import { type Kysely, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../../db/types.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { idIn } from './search.js';
import {
  OPEN_INTENT_STATUSES,
  OPEN_SESSION_STATUSES,
  effectiveSessionStatus,
} from '../../platform/session-lifecycle.js';

/**
 * Read model shared by the course and session operations: builds the contract's CourseSummary,
 * CourseInfo and SessionSummary shapes (openapi/halaqa.yaml) in a fixed number of queries per page.
 */

export type Person = Schema<'Person'>;

export type SessionSummary = Schema<'SessionSummary'>;

export type CourseSummary = Schema<'CourseSummary'>;

export type CourseInfo = Schema<'CourseInfo'>;

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The rows behind {@link sessionSummaries}. Seats taken and held are counted per session by grouped
 * joins (one pass over these sessions' enrollments and intents, read by their session indexes), not
 * by a subquery per row.
 */
const sessionRows = reusableQuery((db, ids, now) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.educator_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('enrollments')
          .select(['session_id', (e) => e.fn.countAll<number>().as('n')])
          .where((w) => idIn(w, 'session_id', ids))
          .where('status', '=', 'ACTIVE')
          .groupBy('session_id')
          .as('taken'),
      (join) => join.onRef('taken.session_id', '=', 's.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('payment_intents')
          .select(['session_id', (e) => e.fn.countAll<number>().as('n')])
          .where((w) => idIn(w, 'session_id', ids))
          .where('status', 'in', OPEN_INTENT_STATUSES)
          .where('hold_expires_at', '>', sql<Date>`${now}::timestamptz`)
          .groupBy('session_id')
          .as('held'),
      (join) => join.onRef('held.session_id', '=', 's.id'),
    )
    .select([
      's.id',
      's.course_id',
      's.start_date',
      's.end_date',
      's.timezone',
      's.schedule',
      's.max_seats',
      's.price_cents',
      's.status',
      'u.id as educator_id',
      'u.first_name',
      'u.last_name',
      'u.picture_url',
      'taken.n as seats_taken',
      'held.n as seats_held',
    ])
    .where((w) => idIn(w, 's.id', ids)),
);

/**
 * Builds SessionSummary objects for session rows, counting active enrollments and the seat holds
 * unexpired at `now` (the app's clock) in one query.
 * @returns summaries in the order of `ids`, skipping unknown ids.
 */
export async function sessionSummaries(db: Kysely<Database>, ids: number[], now: Date): Promise<SessionSummary[]> {
  if (ids.length === 0) return [];
  const rows = await sessionRows(db, ids, now);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    // Seats held by unfinished card payments count as taken until their hold expires.
    const taken = Number(r.seats_taken ?? 0) + Number(r.seats_held ?? 0);
    return [
      {
        id: r.id,
        courseId: r.course_id,
        startDate: r.start_date,
        endDate: r.end_date,
        timezone: r.timezone,
        schedule: r.schedule,
        maxSeats: r.max_seats,
        seatsTaken: taken,
        seatsLeft: Math.max(0, r.max_seats - taken),
        price: centsToDollars(r.price_cents),
        status: effectiveSessionStatus(r.status, r.start_date, r.end_date, r.timezone, instant),
        educator: { id: r.educator_id, name: personName(r.first_name, r.last_name), pictureUrl: r.picture_url },
      },
    ];
  });
}

/**
 * Ids of a course's sessions that learners can still join (approved or running, not ended),
 * earliest start first.
 */
export async function openSessionIds(db: Kysely<Database>, courseIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (courseIds.length === 0) return out;
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'course_id'])
    .where('course_id', 'in', courseIds)
    .where('deleted_at', 'is', null)
    .where('status', 'in', OPEN_SESSION_STATUSES)
    .where('end_date', '>=', sql<string>`current_date`)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.course_id, [...(out.get(r.course_id) ?? []), r.id]);
  return out;
}

/**
 * The rows behind {@link courseSummaries}: the courses with their rating (one grouped pass over
 * their reviews), gained skills (aggregated as JSON, by name) and the id of their next open
 * session (one `distinct on` pass over their sessions, by the index of sessions by course).
 */
const courseRows = reusableQuery((db, ids) =>
  db
    .with('rating', (qb) =>
      qb
        .selectFrom('reviews as r')
        .select([
          'r.course_id',
          sql<number>`round(avg(r.rating_value)::numeric, 1)`.as('average'),
          (r) => r.fn.countAll<number>().as('n'),
        ])
        .where((eb) => idIn(eb, 'r.course_id', ids))
        .groupBy('r.course_id'),
    )
    .with('gained', (qb) =>
      qb
        .selectFrom('course_skills as cs')
        .innerJoin('skills as sk', 'sk.id', 'cs.skill_id')
        .select([
          'cs.course_id',
          sql<
            { id: number; name: string }[]
          >`json_agg(json_build_object('id', sk.id, 'name', sk.name) order by sk.name)`.as('skills'),
        ])
        .where((eb) => idIn(eb, 'cs.course_id', ids))
        .where('cs.type', '=', 'GAINED')
        .groupBy('cs.course_id'),
    )
    .with('next', (qb) =>
      qb
        .selectFrom('sessions as s')
        .distinctOn('s.course_id')
        .select(['s.course_id', 's.id'])
        .where((eb) => idIn(eb, 's.course_id', ids))
        .where('s.deleted_at', 'is', null)
        .where('s.status', 'in', OPEN_SESSION_STATUSES)
        .where('s.end_date', '>=', sql<string>`current_date`)
        .orderBy('s.course_id')
        .orderBy('s.start_date')
        .orderBy('s.id'),
    )
    .selectFrom('courses as c')
    .innerJoin('categories as cat', 'cat.id', 'c.category_id')
    .innerJoin('languages as l', 'l.id', 'c.language_id')
    .innerJoin('users as u', 'u.id', 'c.educator_id')
    .leftJoin('rating', 'rating.course_id', 'c.id')
    .leftJoin('gained', 'gained.course_id', 'c.id')
    .leftJoin('next', 'next.course_id', 'c.id')
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.picture_url',
      'c.price_cents',
      'c.num_hours',
      'c.difficulty_level',
      'c.status',
      'c.is_private',
      'c.company_id',
      'cat.id as category_id',
      'cat.name as category_name',
      'cat.name_ar as category_name_ar',
      'l.id as language_id',
      'l.code as language_code',
      'l.name as language_name',
      'u.id as educator_id',
      'u.first_name',
      'u.last_name',
      'u.picture_url as educator_picture',
      'rating.average as rating_average',
      'rating.n as rating_count',
      'gained.skills as gained_skills',
      'next.id as next_session_id',
    ])
    .where((eb) => idIn(eb, 'c.id', ids)),
);

/**
 * Builds CourseSummary objects (category, language, educator, rating, gained skills and the next
 * open session, its seats at `now`) for the given course ids, in that order. Visibility is the caller's concern.
 *
 * Two statements whatever the number of ids (a catalog page is mostly round trips): the
 * courses with their rating (one grouped pass over their reviews), gained skills (aggregated as
 * JSON, by name) and the id of their next open session (one `distinct on` pass over their sessions,
 * by the index of sessions by course), then {@link sessionSummaries} of those sessions.
 */
export async function courseSummaries(db: Kysely<Database>, ids: number[], now: Date): Promise<CourseSummary[]> {
  if (ids.length === 0) return [];
  const rows = await courseRows(db, ids, now);

  const nextIds = rows.flatMap((r) => (r.next_session_id === null ? [] : [r.next_session_id]));
  const sessions = new Map((await sessionSummaries(db, nextIds, now)).map((s) => [s.courseId, s]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        title: r.title,
        description: r.description,
        pictureUrl:
          r.picture_url ??
          '' /* the contract's pictureUrl is a string: a course saved without a picture has none yet */,
        price: centsToDollars(r.price_cents),
        numHours: r.num_hours,
        difficultyLevel: r.difficulty_level,
        category: { id: r.category_id, name: r.category_name, nameAr: r.category_name_ar },
        language: { id: r.language_id, code: r.language_code, name: r.language_name },
        educator: { id: r.educator_id, name: personName(r.first_name, r.last_name), pictureUrl: r.educator_picture },
        rating: { average: Number(r.rating_average ?? 0), count: Number(r.rating_count ?? 0) },
        gainedSkills: r.gained_skills ?? [],
        nextSession: sessions.get(r.id) ?? null,
        status: r.status,
        isPrivate: r.is_private,
        companyId: r.company_id,
      },
    ];
  });
}

/** Builds CourseInfo (CourseSummary + about, video, required skills, sessions count) for one course. */
export async function courseInfo(db: Kysely<Database>, id: number, now: Date): Promise<CourseInfo | null> {
  const [summary] = await courseSummaries(db, [id], now);
  if (!summary) return null;
  const row = await db
    .selectFrom('courses')
    .select(['about', 'video_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const required = await db
    .selectFrom('course_skills as cs')
    .innerJoin('skills as sk', 'sk.id', 'cs.skill_id')
    .select(['sk.id', 'sk.name'])
    .where('cs.course_id', '=', id)
    .where('cs.type', '=', 'REQUIRED')
    .orderBy('sk.name')
    .execute();
  const open = await openSessionIds(db, [id]);
  return {
    ...summary,
    about: row.about,
    videoUrl: row.video_url,
    requiredSkills: required,
    sessionsCount: open.get(id)?.length ?? 0,
  };
}
