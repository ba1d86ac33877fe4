import { sql, type Transaction } from 'kysely';
import type { CourseStatus, Database } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import type { MailTemplate } from '../../platform/mail/templates.js';
import { idPage, likePattern, type Page } from '../../platform/paging.js';
import { courseApproved, coursePublished, courseRejected, courseUnpublished } from './mails.js';
import { courseSummaries } from './read-model.js';

/**
 * Course moderation (product.md#entities course statuses; docs/decisions.md "Course
 * moderation"): DRAFT → PENDING (sent for review, `saveCourse` with `action=submit`) → APPROVED |
 * REJECTED (with a message) → PUBLISHED ⇄ UNPUBLISHED. Only PUBLISHED courses are in the catalog
 * (server/platform/tenancy.ts `courseVisible`). Every decision is written with its audit entry in
 * one transaction and mailed to the course's educator, in their language, after the commit.
 */

/** The contract's ModeratedCourse: a CourseSummary with the last decision's message, when it was sent for review, and its sessions waiting for review. */
export type ModeratedCourse = Schema<'ModeratedCourse'>;

const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/** Builds {@link ModeratedCourse}s for the given course ids, in that order, their next sessions' seats at `now`. */
export async function moderatedCourses(db: AppContext['db'], ids: number[], now: Date): Promise<ModeratedCourse[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('courses as c')
    .select((eb) => [
      'c.id',
      'c.moderation_message',
      'c.submitted_at',
      eb
        .selectFrom('sessions as s')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('s.course_id', '=', 'c.id')
        .where('s.status', '=', 'PENDING')
        .where('s.deleted_at', 'is', null)
        .as('pending_sessions'),
    ])
    .where('c.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (await courseSummaries(db, ids, now)).map((c) => {
    const r = byId.get(c.id)!;
    return {
      ...c,
      moderationMessage: r.moderation_message,
      submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null,
      pendingSessions: Number(r.pending_sessions ?? 0),
    };
  });
}

/**
 * GET /courses/moderation?status&query&page&pageSize (admins): courses in `status` (default
 * PENDING). PENDING courses come oldest submission first (a queue), other statuses most recently
 * changed first; `query` matches the title (case-insensitive).
 */
export async function listCoursesForReview(
  app: AppContext,
  q: { status?: CourseStatus; query?: string; page: number; pageSize: number },
): Promise<Page<ModeratedCourse>> {
  const status = q.status ?? 'PENDING';
  let base = app.db.selectFrom('courses as c').where('c.status', '=', status);
  const text = q.query?.trim();
  if (text) base = base.where('c.title', 'ilike', likePattern(text));
  let ordered = base.select('c.id');
  ordered =
    status === 'PENDING'
      ? ordered.orderBy(sql`coalesce(c.submitted_at, c.updated_at)`, 'asc').orderBy('c.id', 'asc')
      : ordered.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  return idPage(base, ordered, q, (ids) => moderatedCourses(app.db, ids, app.now()));
}

/** Loads and locks a course with its educator's name, address and language. @throws 404. */
async function lockCourse(trx: Transaction<Database>, id: number) {
  const row = await trx
    .selectFrom('courses as c')
    .innerJoin('users as u', 'u.id', 'c.educator_id')
    .select(['c.id', 'c.title', 'c.status', 'c.educator_id', 'u.email', 'u.first_name', 'u.language'])
    .where('c.id', '=', id)
    .forUpdate('c')
    .executeTakeFirst();
  if (!row) throw notFound('Course');
  return row;
}

/** A message that must say something: trimmed, non-empty. @throws 400 on `message`. */
function requiredMessage(message: string): string {
  const trimmed = message.trim();
  if (!trimmed)
    throw badRequest('Some fields are invalid', [{ path: 'message', message: 'is required: tell the educator why' }]);
  return trimmed;
}

/** An optional note: trimmed, null when empty. */
const optionalMessage = (message: string | null | undefined) => message?.trim() || null;

/** What every course moderation mail is filled with (server/modules/courses/mails.ts). */
type CourseMailData = { firstName: string; title: string; url: string; message: string | null };

interface Decision {
  /** Statuses the course may be in for this decision (else 409). */
  from: readonly CourseStatus[];
  to: CourseStatus;
  action: 'approved' | 'rejected' | 'unpublished' | 'published';
  /** The mail to the educator, or null (an educator publishing their own course is not mailed). */
  mail: MailTemplate<CourseMailData> | null;
  /** Where the mail's link goes. */
  url: (publicUrl: string, id: number) => string;
}

/**
 * Applies one decision in a transaction: checks the status (409 otherwise, nothing written),
 * writes the new status and message and the audit entry; then mails the educator.
 * `check` runs on the locked row before anything is written (403 rules).
 */
async function decide(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string | null,
  d: Decision,
  check: (row: Awaited<ReturnType<typeof lockCourse>>) => void = () => {},
): Promise<ModeratedCourse> {
  let mail: (() => Promise<unknown>) | null = null;
  await app.db.transaction().execute(async (trx) => {
    const row = await lockCourse(trx, id);
    check(row);
    if (!d.from.includes(row.status)) {
      throw conflict(`Only a course that is ${d.from.join(' or ')} can be ${d.action} (this one is ${row.status})`);
    }
    await trx
      .updateTable('courses')
      .set({ status: d.to, moderation_message: message, updated_at: app.now() })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: `course.${d.action}`,
      entityType: 'course',
      entityId: id,
      message,
    });
    const template = d.mail;
    if (template) {
      const data: CourseMailData = {
        firstName: row.first_name,
        title: row.title,
        url: d.url(app.config.publicUrl, id),
        message,
      };
      mail = () => app.mailer.sendTemplate(template, data, { email: row.email, language: row.language }, caller.userId);
    }
  });
  const send = mail as (() => Promise<unknown>) | null;
  if (send) await send().catch((err: unknown) => app.log.error({ err }, `mail after course ${d.action} failed`));
  const [course] = await moderatedCourses(app.db, [id], app.now());
  return course!;
}

const editorUrl = (base: string, id: number) => `${base}/courses/live/edit?id=${id}`;

/**
 * POST /courses/{id}/approve {message?} (admins): PENDING → APPROVED (not yet in the catalog: its
 * educator or an admin publishes it, or approving one of its sessions does). Mailed, audited.
 * @throws 404 unknown course; 409 not PENDING.
 */
export function approveCourse(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string | null | undefined,
): Promise<ModeratedCourse> {
  return decide(app, caller, id, optionalMessage(message), {
    from: ['PENDING'],
    to: 'APPROVED',
    action: 'approved',
    mail: courseApproved,
    url: (base) => `${base}/dashboard/courses`,
  });
}

/**
 * POST /courses/{id}/reject {message} (admins): PENDING → REJECTED with the reason, mailed to the
 * educator, who edits and sends the course again (saveCourse `submit`). Audited.
 * @throws 400 blank message (nothing written); 404; 409 not PENDING.
 */
export function rejectCourse(app: AppContext, caller: Caller, id: number, message: string): Promise<ModeratedCourse> {
  return decide(app, caller, id, requiredMessage(message), {
    from: ['PENDING'],
    to: 'REJECTED',
    action: 'rejected',
    mail: courseRejected,
    url: editorUrl,
  });
}

/**
 * POST /courses/{id}/unpublish {message} (admins): PUBLISHED → UNPUBLISHED. The course and its
 * sessions leave explore and course info (except for admins and its educator) and nobody new
 * enrolls; running sessions go on for their enrolled learners (the classroom checks enrollment, not
 * the catalog). Mailed with the reason; audited.
 * @throws 400 blank message; 404; 409 not PUBLISHED.
 */
export function unpublishCourse(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string,
): Promise<ModeratedCourse> {
  return decide(app, caller, id, requiredMessage(message), {
    from: ['PUBLISHED'],
    to: 'UNPUBLISHED',
    action: 'unpublished',
    mail: courseUnpublished,
    url: editorUrl,
  });
}

/**
 * POST /courses/{id}/publish {message?}: an admin publishes an APPROVED or UNPUBLISHED course (the
 * educator is mailed); the course's educator publishes their own APPROVED course (not mailed). The
 * course and its open sessions are in explore again. Audited.
 * @throws 403 another educator's course, or an educator publishing an UNPUBLISHED course (an admin
 *   took it out: they send it for review again); 404; 409 another status.
 */
export function publishCourse(
  app: AppContext,
  caller: Caller,
  id: number,
  message: string | null | undefined,
): Promise<ModeratedCourse> {
  const staff = isStaff(caller);
  return decide(
    app,
    caller,
    id,
    staff ? optionalMessage(message) : null,
    {
      from: staff ? ['APPROVED', 'UNPUBLISHED'] : ['APPROVED'],
      to: 'PUBLISHED',
      action: 'published',
      mail: staff ? coursePublished : null,
      url: (base, courseId) => `${base}/courses/${courseId}`,
    },
    (row) => {
      if (staff) return;
      if (row.educator_id !== caller.userId) throw forbidden('You can only publish your own courses');
      if (row.status === 'UNPUBLISHED')
        throw forbidden('An admin took this course out of the catalog: edit it and send it for review again');
    },
  );
}
