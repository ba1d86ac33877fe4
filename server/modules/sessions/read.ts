import { sql } from 'kysely';
import type { SessionContentJson, Weekday } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { courseSummaries, sessionSummaries, type CourseSummary, type SessionSummary } from '../courses/read-model.js';
import type { Page } from '../../platform/paging.js';
import {
  type CatalogFilters,
  type CatalogParams,
  catalogFilters,
  courseFilters,
  relevance,
  sessionOpen,
} from '../courses/search.js';
import { cachedListing, visibilityKey } from '../courses/listings.js';
import { liveSessionWithCourse, syllabusRows } from '../courses/queries.js';
import { courseVisible, sessionFollowed, tenantScopeOf, type TenantScope } from '../../platform/tenancy.js';
import type { Schema } from '../../platform/handlers.js';
import { enrollmentsByIds, type EnrollmentView } from './enrollments.js';
import { activeEnrollmentIn } from './queries.js';
import { MEETING_TYPES, meetingRoomsOf, meetingUrl } from '../classroom/meeting-room.js';

export type SessionWithCourse = SessionSummary & { course: CourseSummary };
export type SessionInfo = SessionWithCourse & { enrollment: EnrollmentView | null };

const isStaff = (v: TenantScope) => v.role === 'ADMIN' || v.role === 'SUPER_ADMIN';

/** Adds each session's course summary, in order. */
async function withCourses(app: AppContext, sessions: SessionSummary[]): Promise<SessionWithCourse[]> {
  return attachCourses(
    sessions,
    await courseSummaries(app.db, [...new Set(sessions.map((s) => s.courseId))], app.now()),
  );
}

/** Each session with its course among `courses`, in order; a session whose course is missing is left out. */
function attachCourses(sessions: SessionSummary[], courses: CourseSummary[]): SessionWithCourse[] {
  const byId = new Map(courses.map((c) => [c.id, c]));
  return sessions.flatMap((s) => {
    const course = byId.get(s.courseId);
    return course ? [{ ...s, course }] : [];
  });
}

/**
 * GET /sessions/explore: sessions learners can join (approved or running, not ended, not deleted)
 * of catalog courses the viewer may see, searched and filtered as GET /courses/explore
 * ({@link catalogFilters}; the price and start dates are the session's own) and sorted
 * ({@link sessionOrder}). Which sessions are on the page and the total are kept per catalog
 * generation ({@link cachedListing}); their summaries (seats left) and their courses' are read on every call.
 * @throws 400 for a price or date range whose bounds are crossed.
 */
export async function exploreSessions(
  app: AppContext,
  viewer: TenantScope,
  q: CatalogParams & { page: number; pageSize: number },
): Promise<Page<SessionWithCourse>> {
  const f = catalogFilters(q);
  const key = `sessions ${visibilityKey(viewer)} ${JSON.stringify([f, q.page, q.pageSize])}`;
  const { rows, total } = await cachedListing(app.db, key, () => sessionListing(app, viewer, f, q));
  const [sessions, courses] = await Promise.all([
    sessionSummaries(
      app.db,
      rows.map((r) => r.id),
      app.now(),
    ),
    courseSummaries(app.db, [...new Set(rows.map((r) => r.courseId))], app.now()),
  ]);
  return {
    items: attachCourses(sessions, courses),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The order of GET /sessions/explore over sessions `s` and their courses' search rows `c`, ties
 * always ended by the session id: `relevance` with a search text: best title match first, then the
 * earliest start; `relevance` without one and `soonest`: earliest start first; `newest`: most
 * recently created first (then the highest id); `price_asc` / `price_desc`: by the session's price (`price_desc` then the highest id);
 * `rating`: by its course's exact average rating, then number of reviews, unrated last.
 */
function sessionOrder<Q extends { orderBy: (...a: any[]) => Q }>(q: Q, f: CatalogFilters): Q {
  switch (f.sort) {
    case 'relevance':
      if (f.text) return q.orderBy(relevance(f.text), 'desc').orderBy('s.start_date').orderBy('s.id');
      return q.orderBy('s.start_date').orderBy('s.id');
    case 'soonest':
      return q.orderBy('s.start_date').orderBy('s.id');
    case 'newest':
      return q.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
    case 'price_asc':
      return q.orderBy('s.price_cents').orderBy('s.id');
    case 'price_desc':
      return q.orderBy('s.price_cents', 'desc').orderBy('s.id', 'desc');
    case 'rating':
      return q.orderBy(sql`c.rating_avg desc nulls last`).orderBy('c.rating_count', 'desc').orderBy('s.id');
  }
}

/** The sessions (and their courses) on one page of GET /sessions/explore, in order, and the number of matching sessions. */
async function sessionListing(
  app: AppContext,
  viewer: TenantScope,
  f: CatalogFilters,
  page: { page: number; pageSize: number },
): Promise<{ rows: { id: number; courseId: number }[]; total: number }> {
  let base = app.db
    .selectFrom('sessions as s')
    .innerJoin('course_catalog as c', 'c.course_id', 's.course_id')
    .where((eb) => courseVisible(eb, viewer))
    .where((eb) => sessionOpen(eb))
    .where((eb) => courseFilters(eb, f));
  if (f.minCents !== undefined) base = base.where('s.price_cents', '>=', f.minCents);
  if (f.maxCents !== undefined) base = base.where('s.price_cents', '<=', f.maxCents);
  if (f.startFrom) base = base.where('s.start_date', '>=', f.startFrom);
  if (f.startTo) base = base.where('s.start_date', '<=', f.startTo);
  // Without a filter on the sessions themselves, the total is the matching courses' open sessions,
  // summed from their search rows (migration 0036) rather than counted by a join of every session.
  const sessionFiltered =
    f.minCents !== undefined || f.maxCents !== undefined || f.startFrom !== undefined || f.startTo !== undefined;
  const count = sessionFiltered
    ? base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
    : app.db
        .selectFrom('course_catalog as c')
        .where((eb) => courseVisible(eb, viewer))
        .where((eb) => courseFilters(eb, f))
        .select(sql<number>`coalesce(sum(c.open_sessions), 0)`.as('total'))
        .executeTakeFirstOrThrow();
  const [{ total }, rows] = await Promise.all([
    count,
    sessionOrder(base.select(['s.id', 's.course_id']), f)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { rows: rows.map((r) => ({ id: r.id, courseId: r.course_id })), total: Number(total) };
}

/** Whether the caller may see a session's private parts (meeting links): enrolled learner, its educator, admins. */
async function hasClassroomAccess(
  app: AppContext,
  viewer: TenantScope,
  sessionId: number,
  educatorId: number,
): Promise<boolean> {
  if (!viewer.userId) return false;
  if (isStaff(viewer) || viewer.userId === educatorId) return true;
  return Boolean(await activeEnrollmentIn(app.db, sessionId, viewer.userId));
}

/**
 * Loads a session the viewer may see: its course must be visible to the viewer (or the viewer
 * follows the session: admins, its educators, its enrolled learners, whatever the course's status),
 * and a pending or rejected session is seen only by its educator and admins.
 * @throws 404 otherwise.
 */
async function visibleSession(app: AppContext, viewer: TenantScope, id: number) {
  const row = await liveSessionWithCourse(app.db, id)
    .select([
      's.id',
      's.status',
      's.educator_id',
      's.course_id',
      's.timezone',
      's.content',
      'c.educator_id as course_educator_id',
    ])
    .where((eb) => eb.or([courseVisible(eb, viewer), sessionFollowed(eb, viewer)]))
    .executeTakeFirst();
  if (!row) throw notFound('Session');
  const owner =
    viewer.userId !== null && (viewer.userId === row.educator_id || viewer.userId === row.course_educator_id);
  if ((row.status === 'PENDING' || row.status === 'REJECTED') && !owner && !isStaff(viewer)) throw notFound('Session');
  return row;
}

/**
 * GET /sessions/{id}/info (public, `secured` false: `enrollment` is null) and /info/secured (the caller's enrollment).
 * @throws 404 unknown or invisible session.
 */
export async function getSessionInfo(
  app: AppContext,
  caller: Caller | null,
  id: number,
  { secured }: { secured: boolean },
): Promise<SessionInfo> {
  const viewer = tenantScopeOf(caller);
  await visibleSession(app, viewer, id);
  const [session] = await withCourses(app, await sessionSummaries(app.db, [id], app.now()));
  if (!session) throw notFound('Session');
  let enrollment: EnrollmentView | null = null;
  if (secured && caller) {
    const e = await app.db
      .selectFrom('enrollments')
      .select('id')
      .where('session_id', '=', id)
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    if (e) [enrollment] = await enrollmentsByIds(app, [e.id]);
  }
  return { ...session, enrollment: enrollment ?? null };
}

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * GET /sessions/{id}/syllabus and /syllabus/secured: weeks → sections → lessons in order. Lesson
 * links are only given to those with classroom access (secured variant); otherwise null. A meeting
 * lesson's link is the one its join answers (the pasted link, else the session's room).
 * @throws 404 unknown or invisible session.
 */
export async function getSyllabus(
  app: AppContext,
  caller: Caller | null,
  id: number,
  { secured }: { secured: boolean },
) {
  const viewer = tenantScopeOf(caller);
  const session = await visibleSession(app, viewer, id);
  const showLinks = secured && (await hasClassroomAccess(app, viewer, id, session.educator_id));
  const rooms = meetingRoomsOf(app.config);
  /** A lesson's link as the viewer may see it: none without classroom access; a meeting's join URL. */
  const linkOf = (link: string | null, typeCode: string | undefined): string | null => {
    if (!showLinks) return null;
    return MEETING_TYPES.some((c) => c === typeCode) ? meetingUrl(link, id, rooms) : link;
  };
  if (session.content) return sessionContentSyllabus(app, id, session.content, session.timezone, linkOf);
  const rows = await syllabusRows(app.db, session.course_id)
    .leftJoin('lesson_types as t', 't.id', 'l.lesson_type_id')
    .select([
      'l.name as lesson_name',
      'l.sort_order as lesson_order',
      'l.duration_minutes',
      'l.link',
      'l.day',
      'l.start_time',
      't.id as type_id',
      't.code as type_code',
      't.name as type_name',
    ])
    .execute();

  type LessonView = Schema<'Lesson'>;
  const weeks = new Map<number, Map<number, { id: number; name: string; order: number; lessons: LessonView[] }>>();
  for (const r of rows) {
    const sections = weeks.get(r.week) ?? new Map();
    weeks.set(r.week, sections);
    const section = sections.get(r.section_id) ?? {
      id: r.section_id,
      name: r.section_name,
      order: r.section_order,
      lessons: [],
    };
    sections.set(r.section_id, section);
    if (r.lesson_id !== null) {
      section.lessons.push({
        id: r.lesson_id,
        name: r.lesson_name!,
        order: r.lesson_order!,
        type: { id: r.type_id!, code: r.type_code!, name: r.type_name! },
        duration: r.duration_minutes!,
        day: r.day && WEEKDAYS.includes(r.day) ? r.day : null,
        startTime: r.start_time,
        link: linkOf(r.link, r.type_code ?? undefined),
      });
    }
  }
  return {
    sessionId: id,
    timezone: session.timezone,
    weeks: [...weeks.entries()].map(([week, sections]) => ({ week, sections: [...sections.values()] })),
  };
}

/**
 * The syllabus of a session that has its own content (PUT /sessions/{id}/content). Its sections
 * and lessons have no rows of their own: their ids are derived from their position
 * (section: week×1000 + position + 1; lesson: week×100000 + section×1000 + position + 1).
 */
async function sessionContentSyllabus(
  app: AppContext,
  sessionId: number,
  content: SessionContentJson,
  timezone: string,
  linkOf: (link: string | null, typeCode: string | undefined) => string | null,
) {
  const types = new Map(
    (await app.db.selectFrom('lesson_types').select(['id', 'code', 'name']).execute()).map((t) => [t.id, t]),
  );
  return {
    sessionId,
    timezone,
    weeks: content.map((w) => ({
      week: w.week,
      sections: w.sections.map((s, si) => ({
        id: w.week * 1000 + si + 1,
        name: s.name,
        order: s.order ?? si,
        lessons: s.lessons.map((l, li) => {
          const type = types.get(l.lessonTypeId) ?? { id: l.lessonTypeId, code: 'notes', name: 'Notes' };
          return {
            id: w.week * 100000 + si * 1000 + li + 1,
            name: l.name,
            order: l.order ?? li,
            type,
            duration: l.duration,
            day: l.day ?? null,
            startTime: l.startTime ?? null,
            link: linkOf(l.link ?? null, type.code),
          };
        }),
      })),
    })),
  };
}
