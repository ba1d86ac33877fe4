import { sql } from 'kysely';
import type { SessionContentJson, SessionStatus } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound, type FieldError } from '../../platform/errors.js';
import { dollarsToCents } from '../../platform/money/cents.js';
import { sessionSummaries, type SessionSummary } from '../courses/read-model.js';
import { idPage, type Page } from '../../platform/paging.js';
import type { Schema } from '../../platform/handlers.js';
import { US_ZONE_IDS } from '../courses/authoring.js';
import { validateSessionDates, validateWeeks } from '../courses/course-form.js';
import { getSyllabus } from './read.js';
import { isStaff, ownsSession, sessionRow } from './decisions.js';

/** The contract's SessionListItem: a session with its course, last moderation message and creation time. */
export type SessionListItem = Schema<'SessionListItem'>;

async function listItems(app: AppContext, ids: number[]): Promise<SessionListItem[]> {
  const rows = await app.db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.id', 's.moderation_message', 's.created_at', 'c.id as course_id', 'c.title', 'c.picture_url'])
    .where('s.id', 'in', ids.length ? ids : [-1])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (await sessionSummaries(app.db, ids, app.now())).map((s) => {
    const r = byId.get(s.id)!;
    return {
      ...s,
      course: { id: r.course_id, title: r.title, pictureUrl: r.picture_url ?? '' },
      moderationMessage: r.moderation_message,
      createdAt: r.created_at.toISOString(),
    };
  });
}

/**
 * POST /sessions: an educator asks to run a new session of one of their courses, or an admin of any
 * course for its educator (PENDING until an admin decides). Rules: dates ordered and at most five years ahead, US time zone, weekly end after start, seats ≥ 1, price ≥ 0.
 * @throws 400 field errors; 403 another educator's course or a pending educator; 404 unknown course.
 */
export async function requestSession(
  app: AppContext,
  caller: Caller,
  input: {
    courseId: number;
    startDate: string;
    endDate: string;
    timezone: string;
    schedule: unknown;
    maxSeats: number;
    price: number;
  },
): Promise<SessionSummary> {
  if (caller.status !== 'APPROVED') throw forbidden('Your educator account is waiting for approval');
  const course = await app.db
    .selectFrom('courses')
    .select(['id', 'educator_id', 'has_multi_instructors', 'status'])
    .where('id', '=', input.courseId)
    .executeTakeFirst();
  if (!course) throw notFound('Course');
  const staff = isStaff(caller);
  if (!staff && course.educator_id !== caller.userId && !course.has_multi_instructors)
    throw forbidden('You can only run sessions of your own courses');
  // An admin requesting a session (e.g. duplicating one) requests it for the course's educator.
  const educatorId = staff ? course.educator_id : caller.userId;
  const errors: FieldError[] = [];
  validateSessionDates(input, errors, US_ZONE_IDS, app.now().toISOString().slice(0, 10));
  const schedule = validateWeeks(input.schedule, 'schedule', errors);
  let priceCents = 0;
  try {
    priceCents = dollarsToCents(input.price);
  } catch {
    errors.push({ path: 'price', message: 'must have at most two decimals' });
  }
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  const id = await app.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('sessions')
      .values({
        course_id: course.id,
        educator_id: educatorId,
        start_date: input.startDate,
        end_date: input.endDate,
        timezone: input.timezone,
        schedule: JSON.stringify(schedule),
        max_seats: input.maxSeats,
        price_cents: priceCents,
        status: 'PENDING',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, { actorId: caller.userId, action: 'session.requested', entityType: 'session', entityId: id });
    return id;
  });
  const [summary] = await sessionSummaries(app.db, [id], app.now());
  return summary;
}

/**
 * GET /sessions?status&courseId: educators see their sessions, partners their company's courses'
 * sessions, admins every session; newest first. Deleted sessions are left out. The status filter
 * applies to the stored moderation status (PENDING, APPROVED, REJECTED) or, for ACTIVE/EXPIRED, to
 * the dates.
 */
export async function listSessions(
  app: AppContext,
  caller: Caller,
  q: { status?: SessionStatus; courseId?: number; page: number; pageSize: number },
): Promise<Page<SessionListItem>> {
  let base = app.db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .where('s.deleted_at', 'is', null);
  if (caller.role === 'EDUCATOR')
    base = base.where((eb) =>
      eb.or([eb('s.educator_id', '=', caller.userId), eb('c.educator_id', '=', caller.userId)]),
    );
  else if (caller.role === 'PARTNER') base = base.where('c.company_id', '=', caller.companyId ?? -1);
  if (q.courseId) base = base.where('s.course_id', '=', q.courseId);
  switch (q.status) {
    case undefined:
      break;
    case 'ACTIVE':
      base = base
        .where('s.status', 'in', ['APPROVED', 'ACTIVE'])
        .where('s.start_date', '<=', sql<string>`current_date`)
        .where('s.end_date', '>=', sql<string>`current_date`);
      break;
    case 'EXPIRED':
      base = base
        .where('s.status', 'in', ['APPROVED', 'ACTIVE', 'EXPIRED'])
        .where('s.end_date', '<', sql<string>`current_date`);
      break;
    case 'APPROVED':
      base = base.where('s.status', 'in', ['APPROVED', 'ACTIVE']).where('s.start_date', '>', sql<string>`current_date`);
      break;
    default:
      base = base.where('s.status', '=', q.status);
  }
  const ordered = base.select('s.id').orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
  return idPage(base, ordered, q, (ids) => listItems(app, ids));
}

/**
 * GET /sessions/{id}/learners: the session's educator, admins, and a partner (only their company's learners).
 * @throws 404; 403 anyone else.
 */
export async function listSessionLearners(app: AppContext, caller: Caller, id: number, page: number, pageSize: number) {
  const row = await sessionRow(app.db, id);
  const partner = caller.role === 'PARTNER';
  if (!isStaff(caller) && !partner && !ownsSession(caller, row))
    throw forbidden("You cannot see this session's learners");
  let base = app.db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .where('e.session_id', '=', id)
    .where('e.status', '=', 'ACTIVE');
  if (partner) base = base.where('u.company_id', '=', caller.companyId ?? -1);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'e.id',
      'e.created_at',
      'e.status',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.picture_url',
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('e.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: rows.map((r) => ({
      enrollmentId: r.id,
      userId: r.user_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      pictureUrl: r.picture_url,
      enrolledAt: r.created_at.toISOString(),
      status: r.status,
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

/**
 * PUT /sessions/{id}/content [weeks…]: the session's educator or an admin replaces the session's own
 * syllabus; an empty list resets it to the course's. @returns the session's syllabus as learners see it.
 * @throws 404; 403; 400 unknown lesson types.
 */
export async function updateSessionContent(app: AppContext, caller: Caller, id: number, weeks: SessionContentJson) {
  const row = await sessionRow(app.db, id);
  if (!isStaff(caller) && !ownsSession(caller, row)) throw forbidden("You can only change your own sessions' content");
  if (weeks.length) {
    const typeIds = new Set((await app.db.selectFrom('lesson_types').select('id').execute()).map((r) => r.id));
    const errors: FieldError[] = [];
    weeks.forEach((w, wi) =>
      w.sections.forEach((s, si) =>
        s.lessons.forEach((l, li) => {
          if (!typeIds.has(l.lessonTypeId))
            errors.push({ path: `${wi}.sections.${si}.lessons.${li}.lessonTypeId`, message: 'is not a lesson type' });
        }),
      ),
    );
    if (errors.length) throw badRequest('Some fields are invalid', errors);
  }
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ content: weeks.length ? JSON.stringify(weeks) : null })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: weeks.length ? 'session.content.updated' : 'session.content.reset',
      entityType: 'session',
      entityId: id,
    });
  });
  return getSyllabus(app, caller, id, { secured: true });
}
