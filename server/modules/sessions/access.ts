import type { Kysely, Transaction } from 'kysely';
import type { Database, LessonTypeCode, ProgrammingSpecJson, Weekday, Weeks, SessionStatus } from '../../db/types.js';
import type { Caller } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { inSyllabusOrder, lessonsWithTypes, liveSessionWithCourse } from '../courses/queries.js';
import { activeEnrollmentIn } from './queries.js';
import { courseTenantOpenFor, tenantScopeOf } from '../../platform/tenancy.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How the caller reaches a session's classroom (docs/classroom.md "Rules: Who"). */
export type ClassroomRole = 'LEARNER' | 'EDUCATOR' | 'ADMIN';

/**
 * A session as the classroom needs it. Dates are 'YYYY-MM-DD' in `timezone` (IANA); `schedule` is
 * the weekly slots ('HH:mm' in `timezone`); `courseCompanyId` is the course's company (tenant) or null,
 * `coursePrivate` whether the course is private to that company.
 */
export interface ClassroomSession {
  id: number;
  courseId: number;
  courseTitle: string;
  courseCompanyId: number | null;
  coursePrivate: boolean;
  educatorId: number;
  startDate: string;
  endDate: string;
  timezone: string;
  schedule: Weeks;
  status: SessionStatus;
}

/** The session and the caller's way in. */
export interface ClassroomAccess {
  session: ClassroomSession;
  role: ClassroomRole;
}

/** Loads a live (not deleted) session with its course. @throws 404 'Session not found'. */
export async function loadClassroomSession(db: Db, sessionId: number): Promise<ClassroomSession> {
  const row = await liveSessionWithCourse(db, sessionId)
    .select([
      's.id',
      's.course_id',
      'c.title',
      'c.company_id',
      'c.is_private',
      's.educator_id',
      's.start_date',
      's.end_date',
      's.timezone',
      's.schedule',
      's.status',
    ])
    .executeTakeFirst();
  if (!row) throw notFound('Session');
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.title,
    courseCompanyId: row.company_id,
    coursePrivate: row.is_private,
    educatorId: row.educator_id,
    startDate: row.start_date,
    endDate: row.end_date,
    timezone: row.timezone,
    schedule: row.schedule,
    status: row.status,
  };
}

/**
 * Who may enter a session's classroom: ADMIN/SUPER_ADMIN (role ADMIN), the session's educator
 * (EDUCATOR), a learner with an ACTIVE enrollment in it (LEARNER) while the course is open to them
 * by tenancy: public, or private to the company they belong to *now* (platform/tenancy.ts
 * `courseTenantOpenFor`; a member removed from the company keeps the enrollment but not the
 * classroom, docs/decisions.md "Company members and private courses"). Every classroom call
 * (page, lessons, progress, meetings, calendar, chat, assignments, quizzes, lesson files) goes
 * through here, so none of them can forget the rule.
 * @throws 404 unknown or deleted session; 403 anyone else (another learner, another educator,
 *   another company's users, former members of the course's company, partners).
 */
export async function classroomAccess(db: Db, caller: Caller, sessionId: number): Promise<ClassroomAccess> {
  const session = await loadClassroomSession(db, sessionId);
  if (caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN') return { session, role: 'ADMIN' };
  if (caller.userId === session.educatorId) return { session, role: 'EDUCATOR' };
  if (
    !courseTenantOpenFor(
      { isPrivate: session.coursePrivate, companyId: session.courseCompanyId },
      tenantScopeOf(caller),
    )
  ) {
    throw forbidden("This session's course is private to a company you do not belong to");
  }
  const enrolled = await activeEnrollmentIn(db, sessionId, caller.userId);
  if (enrolled) return { session, role: 'LEARNER' };
  throw forbidden("Only the session's learners and educator can open its classroom");
}

/** @throws 403 unless the caller is an enrolled learner of the session (attempts, submissions, progress). */
export function requireLearner(access: ClassroomAccess): void {
  if (access.role !== 'LEARNER') throw forbidden("Only the session's enrolled learners can do this");
}

/** @throws 403 unless the caller is the session's educator or an admin (grading, attendance, learners' work). */
export function requireStaff(access: ClassroomAccess): void {
  if (access.role === 'LEARNER') throw forbidden("Only the session's educator can do this");
}

/**
 * A lesson of a course's syllabus with everything the classroom stores on it. `week` is the
 * syllabus week (1-based); `durationMinutes` in minutes; `points` the maximum grade.
 */
export interface ClassroomLessonRow {
  id: number;
  courseId: number;
  sectionId: number;
  week: number;
  name: string;
  sortOrder: number;
  typeId: number;
  typeCode: LessonTypeCode;
  typeName: string;
  durationMinutes: number;
  link: string | null;
  day: Weekday | null;
  startTime: string | null;
  contentHtml: string | null;
  videoUrl: string | null;
  captionsUrl: string | null;
  points: number;
  allowLate: boolean;
  timeLimitMinutes: number | null;
  programming: ProgrammingSpecJson | null;
}

/** The lessons of the classroom with their section and type, as {@link ClassroomLessonRow} (see {@link toLessonRow}). */
function lessonQuery(db: Db) {
  return lessonsWithTypes(db).select([
    'l.id',
    'sec.course_id',
    'l.section_id',
    'sec.week',
    'l.name',
    'l.sort_order',
    't.id as type_id',
    't.code as type_code',
    't.name as type_name',
    'l.duration_minutes',
    'l.link',
    'l.day',
    'l.start_time',
    'l.content_html',
    'l.video_url',
    'l.captions_url',
    'l.points',
    'l.allow_late',
    'l.time_limit_minutes',
    'l.programming',
  ]);
}

type LessonQueryRow = Awaited<ReturnType<ReturnType<typeof lessonQuery>['executeTakeFirstOrThrow']>>;

function toLessonRow(r: LessonQueryRow): ClassroomLessonRow {
  return {
    id: r.id,
    courseId: r.course_id,
    sectionId: r.section_id,
    week: r.week,
    name: r.name,
    sortOrder: r.sort_order,
    typeId: r.type_id,
    typeCode: r.type_code as LessonTypeCode,
    typeName: r.type_name,
    durationMinutes: r.duration_minutes,
    link: r.link,
    day: r.day,
    startTime: r.start_time,
    contentHtml: r.content_html,
    videoUrl: r.video_url,
    captionsUrl: r.captions_url,
    points: r.points,
    allowLate: r.allow_late,
    timeLimitMinutes: r.time_limit_minutes,
    programming: r.programming,
  };
}

/**
 * Loads a lesson of `courseId`'s syllabus.
 * @throws 404 'Lesson not found' when it does not exist or belongs to another course.
 */
export async function loadCourseLesson(db: Db, courseId: number | null, lessonId: number): Promise<ClassroomLessonRow> {
  let q = lessonQuery(db).where('l.id', '=', lessonId);
  if (courseId !== null) q = q.where('sec.course_id', '=', courseId);
  const r = await q.executeTakeFirst();
  if (!r) throw notFound('Lesson');
  return toLessonRow(r);
}

/** Every lesson of `courseId`'s syllabus, ordered by week, section order, lesson order (then id). */
export async function loadCourseLessons(db: Db, courseId: number): Promise<ClassroomLessonRow[]> {
  const rows = await inSyllabusOrder(lessonQuery(db).where('sec.course_id', '=', courseId)).execute();
  return rows.map(toLessonRow);
}

/** Loads a lesson of the session's course. @throws 404 as {@link loadCourseLesson}. */
export function loadSessionLesson(
  db: Db,
  session: Pick<ClassroomSession, 'courseId'>,
  lessonId: number,
): Promise<ClassroomLessonRow> {
  return loadCourseLesson(db, session.courseId, lessonId);
}

/** The session whose attendance is read, and whose learners the caller may see. */
export interface AttendanceAccess {
  session: ClassroomSession;
  /**
   * null: every learner of the session (its educator, admins); a company id: only that company's
   * learners (a PARTNER, tenant scope).
   */
  learnersOfCompany: number | null;
}

/**
 * Who may read a session's attendance (listSessionAttendance; openapi x-roles): ADMIN/SUPER_ADMIN
 * and the session's educator (every learner); an APPROVED PARTNER of the course's company, or of a
 * company with at least one ACTIVE learner in the session (only that company's learners).
 * @throws 404 unknown or deleted session; 403 anyone else (another educator, a partner whose
 *   company neither owns the course nor has learners in the session, a partner without company).
 */
export async function attendanceAccess(db: Db, caller: Caller, sessionId: number): Promise<AttendanceAccess> {
  const session = await loadClassroomSession(db, sessionId);
  if (caller.role === 'ADMIN' || caller.role === 'SUPER_ADMIN') return { session, learnersOfCompany: null };
  if (caller.userId === session.educatorId) return { session, learnersOfCompany: null };
  const companyId = caller.companyId;
  if (caller.role === 'PARTNER' && caller.status === 'APPROVED' && companyId !== null) {
    if (session.courseCompanyId === companyId) return { session, learnersOfCompany: companyId };
    const ownLearner = await db
      .selectFrom('enrollments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select('e.id')
      .where('e.session_id', '=', session.id)
      .where('e.status', '=', 'ACTIVE')
      .where('u.company_id', '=', companyId)
      .limit(1)
      .executeTakeFirst();
    if (ownLearner) return { session, learnersOfCompany: companyId };
  }
  throw forbidden("Only the session's educator, its company's partners and admins can see its attendance");
}
