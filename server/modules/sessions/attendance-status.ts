import { sql, type Kysely, type Transaction } from 'kysely';
import type { AttendanceStatusCode, Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The status of a learner at a meeting occurrence and how it counts (docs/classroom.md "Taking
 * attendance", docs/decisions.md "Taking attendance"): one rule for the session's attendance, the
 * partner's analytics (and its CSV) and the learner's progress, so the educator's mark wins
 * everywhere.
 */

/** A join later than this many minutes after the start suggests LATE rather than PRESENT (decisions.md). */
export const LATE_GRACE_MINUTES = 10;

/** The instant after which a join suggests LATE: `startsAt` + LATE_GRACE_MINUTES. */
export function lateAfter(startsAt: Date): Date {
  return new Date(startsAt.getTime() + LATE_GRACE_MINUTES * 60_000);
}

/**
 * The status a join click gives: PRESENT when the learner joined by `lateAfter(startsAt)`, LATE after;
 * ABSENT when they did not join and the meeting has ended (`endsAt` ≤ `now`); null otherwise (not
 * ended yet, nobody joined: nothing to say).
 */
export function suggestedStatus(
  slot: { startsAt: Date; endsAt: Date },
  joinedAt: Date | null,
  now: Date,
): AttendanceStatusCode | null {
  if (joinedAt) return joinedAt.getTime() > lateAfter(slot.startsAt).getTime() ? 'LATE' : 'PRESENT';
  return slot.endsAt.getTime() <= now.getTime() ? 'ABSENT' : null;
}

/**
 * How one learner at one meeting held counts in a rate (decisions.md "Taking attendance"): PRESENT
 * and LATE attended; ABSENT and no status (a meeting under way the learner has not joined) expected
 * but not attended; EXCUSED neither (out of the denominator).
 */
export function countOf(status: AttendanceStatusCode | null): { attended: 0 | 1; expected: 0 | 1 } {
  if (status === 'PRESENT' || status === 'LATE') return { attended: 1, expected: 1 };
  if (status === 'EXCUSED') return { attended: 0, expected: 0 };
  return { attended: 0, expected: 1 };
}

/**
 * One learner at one occurrence with anything recorded: their join (`joinedAt`, null when none) and
 * the educator's mark (`mark`, null when none). `occurrenceDate` is 'YYYY-MM-DD' in the session's zone.
 */
export interface AttendanceFacts {
  sessionId: number;
  lessonId: number;
  userId: number;
  occurrenceDate: string;
  joinedAt: Date | null;
  mark: AttendanceStatusCode | null;
}

/**
 * Whether the learner attended, without the slot's times: the mark when there is one (PRESENT/LATE),
 * else the join click. Exact for a meeting held (a join is PRESENT or LATE; no join, ABSENT or none).
 */
export function attendedBy(f: Pick<AttendanceFacts, 'joinedAt' | 'mark'>): boolean {
  return f.mark ? countOf(f.mark).attended === 1 : f.joinedAt !== null;
}

/** Narrows `attendanceFacts` (all optional; learners of a company, dates 'YYYY-MM-DD' inclusive). */
export interface AttendanceFactFilter {
  userId?: number;
  lessonId?: number;
  companyId?: number;
  from?: string;
  to?: string;
}

/**
 * The joins and marks of the given sessions merged per (session, lesson, learner, occurrence), two
 * queries whatever the number of sessions. Rows of neither kind are absent (no join, no mark).
 */
export async function attendanceFacts(
  db: Db,
  sessionIds: number[],
  filter: AttendanceFactFilter = {},
): Promise<AttendanceFacts[]> {
  if (sessionIds.length === 0) return [];
  const joinsQ = db
    .selectFrom('attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.session_id', 'a.lesson_id', 'a.user_id', 'a.occurrence_date', 'a.joined_at as at'])
    .where('a.session_id', 'in', sessionIds)
    .$if(filter.userId !== undefined, (q) => q.where('a.user_id', '=', filter.userId!))
    .$if(filter.lessonId !== undefined, (q) => q.where('a.lesson_id', '=', filter.lessonId!))
    .$if(filter.companyId !== undefined, (q) => q.where('u.company_id', '=', filter.companyId!))
    .$if(filter.from !== undefined, (q) => q.where('a.occurrence_date', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('a.occurrence_date', '<=', filter.to!));
  const marksQ = db
    .selectFrom('attendance_marks as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.session_id', 'a.lesson_id', 'a.user_id', 'a.occurrence_date', 'a.status'])
    .where('a.session_id', 'in', sessionIds)
    .$if(filter.userId !== undefined, (q) => q.where('a.user_id', '=', filter.userId!))
    .$if(filter.lessonId !== undefined, (q) => q.where('a.lesson_id', '=', filter.lessonId!))
    .$if(filter.companyId !== undefined, (q) => q.where('u.company_id', '=', filter.companyId!))
    .$if(filter.from !== undefined, (q) => q.where('a.occurrence_date', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('a.occurrence_date', '<=', filter.to!));
  const [joins, marks] = await Promise.all([joinsQ.execute(), marksQ.execute()]);
  const facts = new Map<string, AttendanceFacts>();
  const factOf = (r: { session_id: number; lesson_id: number; user_id: number; occurrence_date: string }) => {
    const occurrenceDate = String(r.occurrence_date).slice(0, 10);
    const k = `${r.session_id}|${r.lesson_id}|${r.user_id}|${occurrenceDate}`;
    let f = facts.get(k);
    if (!f) {
      f = {
        sessionId: r.session_id,
        lessonId: r.lesson_id,
        userId: r.user_id,
        occurrenceDate,
        joinedAt: null,
        mark: null,
      };
      facts.set(k, f);
    }
    return f;
  };
  for (const j of joins) factOf(j).joinedAt = j.at;
  for (const m of marks) factOf(m).mark = m.status;
  return [...facts.values()];
}

/** A meeting held: one occurrence ('YYYY-MM-DD', session zone) of a meeting lesson of a session. */
export interface HeldMeeting {
  sessionId: number;
  lessonId: number;
  occurrenceDate: string;
}

/** What {@link attendanceCounts} gives: counts per meeting held and per learner. */
export interface AttendanceCounts {
  /** Per meeting held with anything to count: learners who attended ({@link attendedBy}) and who were EXCUSED. */
  meetings: (HeldMeeting & { attended: number; excused: number })[];
  /** Per learner with anything to count, over all the meetings given. */
  learners: { userId: number; attended: number; excused: number }[];
}

/**
 * The attendance of the given learners at the given meetings held, counted inside the database (one
 * query, whatever the number of records): a record counts when its (session, learner) is one of
 * `learners` (the caller's, e.g. a company's learners ACTIVE in the session); the learner attended
 * by the same rule as {@link attendedBy} (the educator's mark PRESENT or LATE, else a join when
 * unmarked), and an EXCUSED mark is counted apart. Rows with nothing to count are absent. Both
 * lists go as arrays (a hash join in the database, instead of an index probe per record).
 */
export async function attendanceCounts(
  db: Db,
  held: HeldMeeting[],
  learners: { sessionId: number; userId: number }[],
): Promise<AttendanceCounts> {
  if (held.length === 0 || learners.length === 0) return { meetings: [], learners: [] };
  const { rows } = await sql<{
    session_id: number | null;
    lesson_id: number | null;
    occurrence_date: string | null;
    user_id: number | null;
    attended: string;
    excused: string;
  }>`
    with held as (
      select * from unnest(${held.map((h) => h.sessionId)}::int[], ${held.map((h) => h.lessonId)}::int[],
        ${held.map((h) => h.occurrenceDate)}::date[]) as h(session_id, lesson_id, occurrence_date)
    ),
    facts as (
      select coalesce(j.session_id, m.session_id) as session_id, coalesce(j.lesson_id, m.lesson_id) as lesson_id,
        coalesce(j.occurrence_date, m.occurrence_date) as occurrence_date, coalesce(j.user_id, m.user_id) as user_id,
        m.status as mark, j.user_id is not null as joined
      from (select a.session_id, a.lesson_id, a.occurrence_date, a.user_id from attendance a
              join held using (session_id, lesson_id, occurrence_date)) j
      full join (select a.session_id, a.lesson_id, a.occurrence_date, a.user_id, a.status from attendance_marks a
              join held using (session_id, lesson_id, occurrence_date)) m
        on m.session_id = j.session_id and m.lesson_id = j.lesson_id
          and m.occurrence_date = j.occurrence_date and m.user_id = j.user_id
    )
    select f.session_id, f.lesson_id, f.occurrence_date::text as occurrence_date, f.user_id,
      count(*) filter (where f.mark in ('PRESENT', 'LATE') or (f.mark is null and f.joined)) as attended,
      count(*) filter (where f.mark = 'EXCUSED') as excused
    from facts f
    join unnest(${learners.map((l) => l.sessionId)}::int[], ${learners.map((l) => l.userId)}::int[])
      as l(session_id, user_id) on l.session_id = f.session_id and l.user_id = f.user_id
    group by grouping sets ((f.session_id, f.lesson_id, f.occurrence_date), (f.user_id))
  `.execute(db);
  const counts: AttendanceCounts = { meetings: [], learners: [] };
  for (const r of rows) {
    const attended = Number(r.attended);
    const excused = Number(r.excused);
    if (r.user_id !== null) counts.learners.push({ userId: r.user_id, attended, excused });
    else
      counts.meetings.push({
        sessionId: r.session_id!,
        lessonId: r.lesson_id!,
        occurrenceDate: r.occurrence_date!,
        attended,
        excused,
      });
  }
  return counts;
}
