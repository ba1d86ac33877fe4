import type { Kysely } from 'kysely';
import type { AttendanceStatusCode, Database } from '../types.js';

/**
 * Attendance marks of the demo (docs/classroom.md "Taking attendance"), after `seedQadAttendance`:
 * in the first session with QAD learners' joins, by the session's educator,
 * - a learner who joined a meeting is marked LATE with a note ("Joined after the warm-up");
 * - a learner who did not join a meeting was first marked PRESENT by mistake, then corrected to
 *   EXCUSED with a note: two changes in the history (ABSENT → PRESENT → EXCUSED), so the History
 *   disclosure and the partner's analytics (an excused meeting) show something on a fresh start.
 * Changes are dated 2 and 3 hours after the meeting's joins. Answers the number of marks written.
 */
export async function seedAttendanceMarks(db: Kysely<Database>): Promise<number> {
  const joins = await db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .innerJoin('sessions as s', 's.id', 'a.session_id')
    .select(['a.session_id', 'a.lesson_id', 'a.user_id', 'a.occurrence_date', 'a.joined_at', 's.educator_id'])
    .where('co.acronym', '=', 'QAD')
    .orderBy('a.session_id')
    .orderBy('a.occurrence_date')
    .orderBy('a.lesson_id')
    .orderBy('u.email')
    .execute();
  const first = joins[0];
  if (!first) return 0;
  const inSession = joins.filter((j) => j.session_id === first.session_id);
  const learners = [...new Set(inSession.map((j) => j.user_id))];
  const occurrences = [...new Map(inSession.map((j) => [`${j.lesson_id}|${String(j.occurrence_date)}`, j])).values()];
  const joined = (o: (typeof joins)[number], userId: number) =>
    inSession.some(
      (j) =>
        j.lesson_id === o.lesson_id && String(j.occurrence_date) === String(o.occurrence_date) && j.user_id === userId,
    );
  const missed = occurrences
    .flatMap((o) => learners.filter((u) => !joined(o, u)).map((userId) => ({ o, userId })))
    .at(0);
  const late = inSession.at(-1)!;
  const hours = (at: Date, h: number) => new Date(at.getTime() + h * 3_600_000);
  const key = (o: (typeof joins)[number], userId: number) => ({
    session_id: o.session_id,
    lesson_id: o.lesson_id,
    user_id: userId,
    occurrence_date: String(o.occurrence_date).slice(0, 10),
  });
  const by = first.educator_id;
  const change = (
    o: (typeof joins)[number],
    userId: number,
    before: AttendanceStatusCode,
    after: AttendanceStatusCode,
    notes: [string | null, string | null],
    at: Date,
  ) => ({
    ...key(o, userId),
    before_status: before,
    after_status: after,
    before_note: notes[0],
    after_note: notes[1],
    changed_by: by,
    changed_at: at,
  });
  const lateNote = 'Joined after the warm-up';
  const marks = [
    {
      ...key(late, late.user_id),
      status: 'LATE' as AttendanceStatusCode,
      note: lateNote,
      version: 1,
      marked_by: by,
      marked_at: hours(late.joined_at, 2),
    },
  ];
  const changes = [change(late, late.user_id, 'PRESENT', 'LATE', [null, lateNote], hours(late.joined_at, 2))];
  if (missed) {
    const excuse = 'Family emergency, told the educator ahead';
    const at = missed.o.joined_at;
    marks.push({
      ...key(missed.o, missed.userId),
      status: 'EXCUSED',
      note: excuse,
      version: 2,
      marked_by: by,
      marked_at: hours(at, 3),
    });
    changes.push(
      change(missed.o, missed.userId, 'ABSENT', 'PRESENT', [null, null], hours(at, 2)),
      change(missed.o, missed.userId, 'PRESENT', 'EXCUSED', [null, excuse], hours(at, 3)),
    );
  }
  await db
    .insertInto('attendance_marks')
    .values(marks)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.insertInto('attendance_mark_changes').values(changes).execute();
  return marks.length;
}
