import { Temporal } from 'temporal-polyfill';
import type { Kysely, Transaction } from 'kysely';
import type { Database, LessonTypeCode, Weekday, Weeks } from '../../db/types.js';
import type { Schema } from '../../platform/handlers.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { TenantScope } from '../../platform/tenancy.js';
import { activeCompanyLearnerSessions } from '../sessions/queries.js';
import { meetingSlots } from '../sessions/schedule.js';
import { attendanceCounts, type HeldMeeting } from '../sessions/attendance-status.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The contract's CompanyAttendanceAnalytics (GET /companies/{id}/analytics/attendance). */
export type CompanyAttendanceAnalytics = Schema<'CompanyAttendanceAnalytics'>;

/** The filters of the analytics page: a course, a session, and occurrence dates 'YYYY-MM-DD' (inclusive). */
export interface AttendanceFilters {
  courseId?: number;
  sessionId?: number;
  from?: string;
  to?: string;
}

/** Lesson types held as meetings (the classroom's MEETING_TYPES, docs/classroom.md "Meeting slot"). */
const MEETING_TYPES: readonly LessonTypeCode[] = ['meeting', 'liveSession'];

/** attended ÷ expected with 4 decimals; 0 when nothing was expected. */
export function attendanceRate(attended: number, expected: number): number {
  return expected > 0 ? Math.round((attended / expected) * 10_000) / 10_000 : 0;
}

/** The Monday of the ISO week of `date` ('YYYY-MM-DD' → 'YYYY-MM-DD'). */
export function weekStartOf(date: string): string {
  const d = Temporal.PlainDate.from(date.slice(0, 10));
  return d.subtract({ days: d.dayOfWeek - 1 }).toString();
}

interface EnrollmentRow {
  sessionId: number;
  courseId: number;
  courseTitle: string;
  startDate: string;
  endDate: string;
  timezone: string;
  schedule: Weeks;
  userId: number;
  name: string;
  email: string;
  pictureUrl: string | null;
}

/** The company's learners' ACTIVE enrollments in live sessions (one query), narrowed by course/session. */
async function companyEnrollments(db: Db, companyId: number, filters: AttendanceFilters): Promise<EnrollmentRow[]> {
  let q = activeCompanyLearnerSessions(db, companyId)
    .where('s.deleted_at', 'is', null)
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select([
      'e.session_id',
      's.course_id',
      'c.title',
      's.start_date',
      's.end_date',
      's.timezone',
      's.schedule',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.picture_url',
    ]);
  if (filters.courseId !== undefined) q = q.where('s.course_id', '=', filters.courseId);
  if (filters.sessionId !== undefined) q = q.where('s.id', '=', filters.sessionId);
  const rows = await q.execute();
  return rows.map((r) => ({
    sessionId: r.session_id,
    courseId: r.course_id,
    courseTitle: r.title,
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    timezone: r.timezone,
    schedule: r.schedule,
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    pictureUrl: r.picture_url,
  }));
}

/**
 * The sessions in which the company's learners have an ACTIVE enrollment, with their course (the
 * filters' choices; one query), by start date then id.
 */
async function companySessionChoices(
  db: Db,
  companyId: number,
): Promise<{ id: number; courseId: number; courseTitle: string; startDate: string }[]> {
  const rows = await activeCompanyLearnerSessions(db, companyId)
    .where('s.deleted_at', 'is', null)
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.id', 'c.id as course_id', 'c.title', 's.start_date'])
    .distinct()
    .orderBy('s.start_date')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ id: r.id, courseId: r.course_id, courseTitle: r.title, startDate: String(r.start_date) }));
}

interface MeetingLesson {
  id: number;
  courseId: number;
  week: number;
  day: Weekday | null;
  startTime: string | null;
  durationMinutes: number | null;
}

/** The meeting and liveSession lessons of the given courses (one query). */
async function meetingLessons(db: Db, courseIds: number[]): Promise<MeetingLesson[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom('lessons as l')
    .innerJoin('sections as sec', 'sec.id', 'l.section_id')
    .innerJoin('lesson_types as t', 't.id', 'l.lesson_type_id')
    .select(['l.id', 'sec.course_id', 'sec.week', 'l.day', 'l.start_time', 'l.duration_minutes'])
    .where('sec.course_id', 'in', courseIds)
    .where('t.code', 'in', [...MEETING_TYPES])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course_id,
    week: r.week,
    day: r.day,
    startTime: r.start_time,
    durationMinutes: r.duration_minutes,
  }));
}

/**
 * GET /companies/{id}/analytics/attendance (product.md#screens /dashboard/analytics/attendance; DESIGN #overview
 * Attendance): the attendance of the company's OWN learners (users of company `companyId` with an
 * ACTIVE enrollment), from the `attendance` records, never another company's.
 *
 * A **meeting held** (docs/decisions.md "Attendance analytics") is an occurrence of a meeting or
 * liveSession lesson of the session's course (its slot, `meetingSlots`) whose start is at or before
 * `app.now()` and whose date (session time zone) is within `from`…`to`. A learner ACTIVE in the session
 * attended a meeting held when the educator marked them PRESENT or LATE, else when they joined; a
 * meeting marked EXCUSED is counted apart and left out of what was expected (docs/decisions.md
 * "Taking attendance", sessions/attendance-status.ts).
 * - sessions[]: per session, the company's learners, meetings held, attended, excused, expected =
 *   held × learners − excused, rate = attended ÷ expected (4 decimals);
 * - learners[]: per learner over the sessions of the filter, attended ÷ (held − excused);
 * - weeks[]: per week (Monday of the occurrence date), attended ÷ expected (excused left out);
 * - totals and the filters' choices (courses and sessions with the company's learners, unfiltered).
 * Queries: four, whatever the number of sessions and learners (enrollments, session choices, meeting
 * lessons, and the joins and marks of the meetings held counted per meeting and per learner by the
 * database: `attendanceCounts`); slots are computed in memory.
 * @throws 404 unknown company; 403 a partner of another company, or a partner not yet approved
 *   (the route registration refuses other companies' members first); 400 when `from` is after `to`.
 */
export async function companyAttendanceAnalytics(
  app: AppContext,
  scope: TenantScope,
  { partnerApproved }: { partnerApproved: boolean },
  companyId: number,
  filters: AttendanceFilters,
): Promise<CompanyAttendanceAnalytics> {
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw badRequest('The start date must be on or before the end date', [
      { path: 'from', message: 'Must be on or before the end date' },
    ]);
  }
  const company = await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw notFound('Company');
  if (!scope.isStaff && !(scope.role === 'PARTNER' && scope.companyId === companyId && partnerApproved)) {
    throw forbidden("Only the company's partners and admins can see its attendance");
  }

  const [enrollments, sessionChoices] = await Promise.all([
    companyEnrollments(app.db, companyId, filters),
    companySessionChoices(app.db, companyId),
  ]);
  const courses = [
    ...new Map(sessionChoices.map((s) => [s.courseId, { id: s.courseId, title: s.courseTitle }])).values(),
  ].sort((a, b) => a.title.localeCompare(b.title, 'en') || a.id - b.id);
  const courseIds = [...new Set(enrollments.map((e) => e.courseId))];
  const lessons = await meetingLessons(app.db, courseIds);

  const lessonsByCourse = new Map<number, MeetingLesson[]>();
  for (const l of lessons) {
    const ofCourse = lessonsByCourse.get(l.courseId);
    if (ofCourse) ofCourse.push(l);
    else lessonsByCourse.set(l.courseId, [l]);
  }
  const now = app.now().getTime();
  const inRange = (date: string) =>
    (filters.from === undefined || date >= filters.from) && (filters.to === undefined || date <= filters.to);
  const key = (sessionId: number, lessonId: number, date: string) => `${sessionId}|${lessonId}|${date}`;

  // Sessions, their learners and meetings held.
  interface SessionAcc {
    row: EnrollmentRow;
    learners: Set<number>;
    held: { week: string; meeting: HeldMeeting }[];
    attended: number;
    excused: number;
  }
  const sessions = new Map<number, SessionAcc>();
  for (const e of enrollments) {
    const acc = sessions.get(e.sessionId) ?? {
      row: e,
      learners: new Set<number>(),
      held: [],
      attended: 0,
      excused: 0,
    };
    acc.learners.add(e.userId);
    sessions.set(e.sessionId, acc);
  }
  const heldKeys = new Map<string, string>(); // key → week start
  // Week starts by date: the sessions share their dates, and Temporal's polyfill is slow.
  const weekStarts = new Map<string, string>();
  const weekOf = (date: string) => {
    let week = weekStarts.get(date);
    if (week === undefined) weekStarts.set(date, (week = weekStartOf(date)));
    return week;
  };
  // The meetings held of a course's lessons depend only on the session's times: sessions of one
  // course with the same dates, zone and schedule (a company's cohorts often are) share them.
  const heldOfTimes = new Map<string, { lessonId: number; occurrenceDate: string }[]>();
  const heldOf = (row: EnrollmentRow) => {
    const times = { startDate: row.startDate, endDate: row.endDate, timezone: row.timezone, schedule: row.schedule };
    const timesKey = `${row.courseId}|${row.startDate}|${row.endDate}|${row.timezone}|${JSON.stringify(row.schedule)}`;
    let held = heldOfTimes.get(timesKey);
    if (!held) {
      held = (lessonsByCourse.get(row.courseId) ?? []).flatMap((lesson) =>
        meetingSlots(times, lesson)
          .filter((slot) => slot.startsAt.getTime() <= now && inRange(slot.occurrenceDate))
          .map((slot) => ({ lessonId: lesson.id, occurrenceDate: slot.occurrenceDate })),
      );
      heldOfTimes.set(timesKey, held);
    }
    return held;
  };
  for (const acc of sessions.values()) {
    for (const { lessonId, occurrenceDate } of heldOf(acc.row)) {
      const k = key(acc.row.sessionId, lessonId, occurrenceDate);
      if (heldKeys.has(k)) continue;
      const week = weekOf(occurrenceDate);
      heldKeys.set(k, week);
      acc.held.push({ week, meeting: { sessionId: acc.row.sessionId, lessonId, occurrenceDate } });
    }
  }

  // Joins and marks of meetings held, by the company's learners ACTIVE in the session, counted by the database.
  const counts = await attendanceCounts(
    app.db,
    [...sessions.values()].flatMap((acc) => acc.held.map((h) => h.meeting)),
    enrollments,
  );
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const weekAttended = new Map<string, number>();
  const weekExcused = new Map<string, number>();
  for (const m of counts.meetings) {
    const week = heldKeys.get(key(m.sessionId, m.lessonId, m.occurrenceDate));
    const acc = sessions.get(m.sessionId);
    if (week === undefined || !acc) continue;
    acc.attended += m.attended;
    acc.excused += m.excused;
    add(weekAttended, week, m.attended);
    add(weekExcused, week, m.excused);
  }
  const attendedByLearner = new Map(counts.learners.map((l) => [l.userId, l.attended]));
  const excusedByLearner = new Map(counts.learners.map((l) => [l.userId, l.excused]));

  const weekExpected = new Map<string, number>();
  for (const acc of sessions.values()) {
    for (const h of acc.held) weekExpected.set(h.week, (weekExpected.get(h.week) ?? 0) + acc.learners.size);
  }

  const sessionList = [...sessions.values()]
    .sort((a, b) => a.row.startDate.localeCompare(b.row.startDate) || a.row.sessionId - b.row.sessionId)
    .map((acc) => {
      const expected = acc.held.length * acc.learners.size - acc.excused;
      return {
        sessionId: acc.row.sessionId,
        courseId: acc.row.courseId,
        courseTitle: acc.row.courseTitle,
        startDate: acc.row.startDate,
        endDate: acc.row.endDate,
        timezone: acc.row.timezone,
        learners: acc.learners.size,
        meetingsHeld: acc.held.length,
        attended: acc.attended,
        excused: acc.excused,
        expected,
        rate: attendanceRate(acc.attended, expected),
      };
    });

  const people = new Map<number, { row: EnrollmentRow; sessions: number; held: number }>();
  for (const e of enrollments) {
    const p = people.get(e.userId) ?? { row: e, sessions: 0, held: 0 };
    p.sessions += 1;
    p.held += sessions.get(e.sessionId)!.held.length;
    people.set(e.userId, p);
  }
  const learners = [...people.values()]
    .sort((a, b) => a.row.name.localeCompare(b.row.name, 'en') || a.row.userId - b.row.userId)
    .map((p) => {
      const attended = attendedByLearner.get(p.row.userId) ?? 0;
      const excused = excusedByLearner.get(p.row.userId) ?? 0;
      return {
        learner: { id: p.row.userId, name: p.row.name, pictureUrl: p.row.pictureUrl },
        email: p.row.email,
        sessions: p.sessions,
        attended,
        held: p.held,
        excused,
        rate: attendanceRate(attended, p.held - excused),
      };
    });

  const weeks = [...weekExpected.keys()].sort().map((weekStart) => {
    const attended = weekAttended.get(weekStart) ?? 0;
    const expected = weekExpected.get(weekStart)! - (weekExcused.get(weekStart) ?? 0);
    return { weekStart, attended, expected, rate: attendanceRate(attended, expected) };
  });

  const totals = sessionList.reduce(
    (t, s) => ({
      ...t,
      meetingsHeld: t.meetingsHeld + s.meetingsHeld,
      attended: t.attended + s.attended,
      expected: t.expected + s.expected,
    }),
    { learners: learners.length, sessions: sessionList.length, meetingsHeld: 0, attended: 0, expected: 0 },
  );

  return {
    companyId,
    from: filters.from ?? null,
    to: filters.to ?? null,
    courses,
    sessionChoices,
    sessions: sessionList,
    learners,
    weeks,
    totals: { ...totals, rate: attendanceRate(totals.attended, totals.expected) },
  };
}
