import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import { activeLearnerSessions } from '../../modules/sessions/queries.js';
import { meetingSlots } from '../../modules/sessions/schedule.js';
import { lessonsWithTypes } from '../../modules/courses/queries.js';

/**
 * Attendance history of QAD's learners, so the attendance analytics page
 * (/dashboard/analytics/attendance, QAD's landing) shows figures right after a fresh start.
 *
 * For every session where a QAD learner has an ACTIVE enrollment, the meeting occurrences that
 * started before `before` (the seeding instant; docs/decisions.md "Attendance analytics") are
 * listed in time order, and QAD's learners (ordered by email; index i) attend occurrence j unless
 * `(j + i) % (5 − i) === 0` (i ≥ 4 wraps to i mod 4): about 80 %, 75 %, 67 % and 50 % — different
 * figures per learner, the same on every start. The learner joined 3 minutes after the start.
 * Deterministic for a given `before`, and a single insert.
 */
export async function seedQadAttendance(db: Kysely<Database>, before: Date): Promise<number> {
  const cutoff = before.getTime();
  // The join order (sessions before companies) does not change the plan: PostgreSQL orders inner joins itself.
  const enrollments = await activeLearnerSessions(db)
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .select([
      'e.session_id',
      'u.id as user_id',
      'u.email',
      's.course_id',
      's.start_date',
      's.end_date',
      's.timezone',
      's.schedule',
    ])
    .where('co.acronym', '=', 'QAD')
    .orderBy('u.email')
    .execute();
  if (enrollments.length === 0) return 0;
  const learnerIndex = new Map([...new Set(enrollments.map((e) => e.email))].map((email, i) => [email, i % 4]));
  const lessons = await lessonsWithTypes(db)
    .select(['l.id', 'sec.course_id', 'sec.week', 'l.day', 'l.start_time', 'l.duration_minutes'])
    .where('sec.course_id', 'in', [...new Set(enrollments.map((e) => e.course_id))])
    .where('t.code', 'in', ['meeting', 'liveSession'])
    .execute();

  const rows: { session_id: number; lesson_id: number; user_id: number; occurrence_date: string; joined_at: string }[] =
    [];
  for (const e of enrollments) {
    const times = {
      startDate: String(e.start_date),
      endDate: String(e.end_date),
      timezone: e.timezone,
      schedule: e.schedule,
    };
    const held = lessons
      .filter((l) => l.course_id === e.course_id)
      .flatMap((l) =>
        meetingSlots(times, {
          week: l.week,
          day: l.day,
          startTime: l.start_time,
          durationMinutes: l.duration_minutes,
        }).map((slot) => ({ lessonId: l.id, slot })),
      )
      .filter((h) => h.slot.startsAt.getTime() < cutoff)
      .sort((a, b) => a.slot.startsAt.getTime() - b.slot.startsAt.getTime() || a.lessonId - b.lessonId);
    const i = learnerIndex.get(e.email) ?? 0;
    held.forEach((h, j) => {
      if ((j + i) % (5 - i) === 0) return;
      rows.push({
        session_id: e.session_id,
        lesson_id: h.lessonId,
        user_id: e.user_id,
        occurrence_date: h.slot.occurrenceDate,
        joined_at: new Date(h.slot.startsAt.getTime() + 3 * 60_000).toISOString(),
      });
    });
  }
  if (rows.length > 0)
    await db
      .insertInto('attendance')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  return rows.length;
}
