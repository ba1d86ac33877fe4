import type { Kysely, Transaction } from 'kysely';
import type { AttendanceStatusCode, Database } from '../../db/types.js';
import type { Schema } from '../../platform/handlers.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { audit } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { MeetingSlot } from '../sessions/schedule.js';
import { classroomAccess, loadSessionLesson, requireStaff, type ClassroomSession } from '../sessions/access.js';
import { lateAfter, suggestedStatus } from '../sessions/attendance-status.js';
import { activeLearners } from './queries.js';
import { isMeeting, slotsOf } from './service.js';

/**
 * Attendance the educator takes (docs/classroom.md "Taking attendance"): a meeting occurrence's
 * learners with the status their join suggests and the educator's mark, setting a mark (status and
 * note, kept in the history and the audit log), and that history.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The contract's MeetingAttendance (GET …/occurrences/{date}/attendance). */
export type MeetingAttendanceView = Schema<'MeetingAttendance'>;
/** One learner of it (also the answer of PUT …/attendance/{learnerId}). */
export type MeetingAttendanceLearnerView = Schema<'MeetingAttendanceLearner'>;
/** One change of a mark (GET …/attendance-history). */
export type AttendanceChangeView = Schema<'AttendanceChange'>;

const CHANGED_SINCE = 'Someone changed this mark since you opened the list: check it and mark again';

const personName = (first: string, last: string) => `${first} ${last}`.trim();

interface Occurrence {
  session: ClassroomSession;
  lesson: { id: number; name: string };
  slot: MeetingSlot;
}

/**
 * The session (its educator or an admin only), the meeting lesson and its occurrence on `date`.
 * @throws 404 unknown session or lesson; 403 anyone but the session's educator and admins; 409 not
 *   a meeting lesson, or no occurrence of it on that date.
 */
async function occurrenceFor(
  db: Db,
  caller: Caller,
  sessionId: number,
  lessonId: number,
  date: string,
): Promise<Occurrence> {
  const access = await classroomAccess(db, caller, sessionId);
  requireStaff(access);
  const lesson = await loadSessionLesson(db, access.session, lessonId);
  if (!isMeeting(lesson)) throw conflict('This lesson is not a meeting');
  const slot = slotsOf(access.session, lesson).find((s) => s.occurrenceDate === date);
  if (!slot) throw conflict(`This meeting does not take place on ${date}`);
  return { session: access.session, lesson: { id: lesson.id, name: lesson.name }, slot };
}

/** The learners' joins and marks (with who marked) at one occurrence, by learner id. */
async function occurrenceRecords(db: Db, sessionId: number, lessonId: number, date: string, userId?: number) {
  const [joins, marks] = await Promise.all([
    db
      .selectFrom('attendance')
      .select(['user_id', 'joined_at'])
      .where('session_id', '=', sessionId)
      .where('lesson_id', '=', lessonId)
      .where('occurrence_date', '=', date)
      .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
      .execute(),
    db
      .selectFrom('attendance_marks as m')
      .innerJoin('users as u', 'u.id', 'm.marked_by')
      .select(['m.user_id', 'm.status', 'm.note', 'm.version', 'm.marked_at', 'u.id', 'u.first_name', 'u.last_name'])
      .select('u.picture_url')
      .where('m.session_id', '=', sessionId)
      .where('m.lesson_id', '=', lessonId)
      .where('m.occurrence_date', '=', date)
      .$if(userId !== undefined, (q) => q.where('m.user_id', '=', userId!))
      .execute(),
  ]);
  return {
    joins: new Map(joins.map((j) => [j.user_id, j.joined_at])),
    marks: new Map(marks.map((m) => [m.user_id, m])),
  };
}

type Records = Awaited<ReturnType<typeof occurrenceRecords>>;

function learnerView(
  learner: { id: number; name: string; pictureUrl: string | null },
  slot: MeetingSlot,
  records: Records,
  now: Date,
): MeetingAttendanceLearnerView {
  const joinedAt = records.joins.get(learner.id) ?? null;
  const suggested = suggestedStatus(slot, joinedAt, now);
  const mark = records.marks.get(learner.id);
  return {
    learner,
    joinedAt: joinedAt?.toISOString() ?? null,
    suggested,
    status: mark?.status ?? suggested,
    marked: mark !== undefined,
    note: mark?.note ?? null,
    version: mark?.version ?? 0,
    markedBy: mark
      ? { id: mark.id, name: personName(mark.first_name, mark.last_name), pictureUrl: mark.picture_url }
      : null,
    markedAt: mark?.marked_at.toISOString() ?? null,
  };
}

/**
 * GET /sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance: the occurrence (times, the
 * instant after which a join is late) and every ACTIVE learner by name with their join, the status
 * it suggests (sessions/attendance-status.ts `suggestedStatus`, at `app.now()`), the educator's mark,
 * note and version, and the status that counts (the mark, else the suggestion).
 * @throws 404 unknown session/lesson; 403 not the session's educator or an admin; 409 not a meeting,
 *   or no occurrence on `date`.
 */
export async function getMeetingAttendance(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
  date: string,
): Promise<MeetingAttendanceView> {
  const { session, lesson, slot } = await occurrenceFor(app.db, caller, sessionId, lessonId, date);
  const [learners, records] = await Promise.all([
    activeLearners(app.db, session.id),
    occurrenceRecords(app.db, session.id, lesson.id, date),
  ]);
  const now = app.now();
  return {
    sessionId: session.id,
    lessonId: lesson.id,
    lessonName: lesson.name,
    occurrenceDate: date,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    lateAfter: lateAfter(slot.startsAt).toISOString(),
    learners: learners.map((l) => learnerView(l, slot, records, now)),
  };
}

/** A note as stored: trimmed, null when empty. */
function cleanNote(note: string | null | undefined): string | null {
  const t = note?.trim() ?? '';
  return t === '' ? null : t;
}

/**
 * PUT /sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance/{learnerId}: sets the learner's
 * status and note at an occurrence that has started (by `app.now()`), in one transaction: the mark
 * (version + 1, written only if still at `version`, so two editors never overwrite each other), a history row (before = the status that counted: the
 * previous mark, else the join's suggestion; the previous note) and an audit entry
 * ('attendance.marked' on the session). The same status and note again change nothing.
 * @returns the learner's row after the change.
 * @throws 404 unknown session/lesson, or the learner has no ACTIVE enrollment in the session; 403 not
 *   the session's educator or an admin; 409 not a meeting, no occurrence on `date`, the meeting has
 *   not started, or `version` is not the current one (someone marked the learner since).
 */
export async function setAttendanceMark(
  app: AppContext,
  caller: Caller,
  ids: { sessionId: number; lessonId: number; date: string; learnerId: number },
  input: { status: AttendanceStatusCode; note?: string | null; version: number },
): Promise<MeetingAttendanceLearnerView> {
  const { date, learnerId } = ids;
  return app.db.transaction().execute(async (trx) => {
    const { session, lesson, slot } = await occurrenceFor(trx, caller, ids.sessionId, ids.lessonId, date);
    const now = app.now();
    if (slot.startsAt.getTime() > now.getTime()) {
      throw conflict('This meeting has not started yet: attendance can be taken once it starts');
    }
    const learner = (await activeLearners(trx, session.id)).find((l) => l.id === learnerId);
    if (!learner) throw notFound('Learner');
    const key = { session_id: session.id, lesson_id: lesson.id, user_id: learnerId, occurrence_date: date };
    const before = learnerView(
      learner,
      slot,
      await occurrenceRecords(trx, session.id, lesson.id, date, learnerId),
      now,
    );
    if (before.version !== input.version) {
      throw conflict(CHANGED_SINCE);
    }
    const note = cleanNote(input.note);
    if (before.marked && before.status === input.status && before.note === note) return before;
    const written =
      input.version === 0
        ? await trx
            .insertInto('attendance_marks')
            .values({ ...key, status: input.status, note, version: 1, marked_by: caller.userId, marked_at: now })
            .onConflict((oc) => oc.columns(['session_id', 'lesson_id', 'occurrence_date', 'user_id']).doNothing())
            .returning('version')
            .executeTakeFirst()
        : await trx
            .updateTable('attendance_marks')
            .set({ status: input.status, note, version: input.version + 1, marked_by: caller.userId, marked_at: now })
            .where('session_id', '=', key.session_id)
            .where('lesson_id', '=', key.lesson_id)
            .where('user_id', '=', learnerId)
            .where('occurrence_date', '=', date)
            .where('version', '=', input.version)
            .returning('version')
            .executeTakeFirst();
    if (!written) throw conflict(CHANGED_SINCE);
    await trx
      .insertInto('attendance_mark_changes')
      .values({
        ...key,
        before_status: before.status,
        after_status: input.status,
        before_note: before.note,
        after_note: note,
        changed_by: caller.userId,
        changed_at: now,
      })
      .execute();
    await audit(trx, {
      actorId: caller.userId,
      action: 'attendance.marked',
      entityType: 'session',
      entityId: session.id,
      message: `Learner ${learnerId}, lesson ${lesson.id} on ${date}: ${before.status ?? 'none'} → ${input.status}${note ? ` (${note})` : ''}`,
    });
    return learnerView(learner, slot, await occurrenceRecords(trx, session.id, lesson.id, date, learnerId), now);
  });
}

/**
 * GET /sessions/{id}/lessons/{lessonId}/occurrences/{date}/attendance-history: every change of a mark
 * at this occurrence (all learners), newest first (then by id, newest first).
 * @throws as getMeetingAttendance.
 */
export async function listAttendanceHistory(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  lessonId: number,
  date: string,
): Promise<AttendanceChangeView[]> {
  const { session, lesson } = await occurrenceFor(app.db, caller, sessionId, lessonId, date);
  const rows = await app.db
    .selectFrom('attendance_mark_changes as c')
    .innerJoin('users as u', 'u.id', 'c.changed_by')
    .select(['c.id', 'c.user_id', 'c.before_status', 'c.after_status', 'c.before_note', 'c.after_note'])
    .select(['c.changed_at', 'u.id as by_id', 'u.first_name', 'u.last_name', 'u.picture_url'])
    .where('c.session_id', '=', session.id)
    .where('c.lesson_id', '=', lesson.id)
    .where('c.occurrence_date', '=', date)
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    learnerId: r.user_id,
    beforeStatus: r.before_status,
    afterStatus: r.after_status,
    beforeNote: r.before_note,
    afterNote: r.after_note,
    changedBy: { id: r.by_id, name: personName(r.first_name, r.last_name), pictureUrl: r.picture_url },
    changedAt: r.changed_at.toISOString(),
  }));
}
