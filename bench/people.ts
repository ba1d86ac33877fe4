/**
 * People at scale, for bench/pages.ts: grows a migrated, seeded database with `learners` (200,000)
 * learners and about `enrollments` (1,000,000) enrollments, a partner company of `companyLearners`
 * (5,000) learners spread over `companySessions` (200) live sessions that started eight weeks ago
 * (each learner in two of them, with attendance records of the meetings held), a session of
 * `bigSession` (1,000) learners taught by the demo educator with a submission of each learner for
 * each assignment of its course, and the demo learner enrolled in `myCourses` (50) sessions.
 *
 * Every step is one set-based `INSERT … SELECT … generate_series` statement; learners are named
 * from a few first and last names (so that searches find many) and numbered in their e-mail.
 * Generic sessions are copies of open sessions of the demo's public published courses.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/types.js';

/** Sizes of what {@link growPeople} makes (defaults: the heavy pages' goal). */
export interface PeopleOptions {
  learners?: number;
  enrollments?: number;
  companyLearners?: number;
  companySessions?: number;
  bigSession?: number;
  myCourses?: number;
}

/** What {@link growPeople} made: ids the pages bench asks about, and the time it took (ms). */
export interface People {
  companyId: number;
  partnerId: number;
  /** One of the company's sessions and its course (for the analytics' filters). */
  companySessionId: number;
  companyCourseId: number;
  bigSessionId: number;
  educatorId: number;
  learnerId: number;
  users: number;
  enrollments: number;
  attendance: number;
  submissions: number;
  ms: number;
}

const FIRST = ['Omar', 'Aisha', 'Yusuf', 'Fatima', 'Khalid', 'Maryam', 'Ali', 'Sara', 'Hamza', 'Layla', 'محمد', 'نور'];
const LAST = ['Haddad', 'Al-Sulaiti', 'Rahman', 'Nasser', 'Karim', 'Saleh', 'Mansour', 'Qasim', 'الحسن', 'العلي'];

const one = async <T>(db: Kysely<Database>, q: ReturnType<typeof sql<T>>): Promise<T> => (await q.execute(db)).rows[0]!;

/**
 * Grows the database (see the module's comment). Run once per database: the learners' e-mails are
 * unique per run only through `run`.
 * @throws when the demo data is missing (no demo educator, learner, or open session to copy).
 */
export async function growPeople(db: Kysely<Database>, run: string, opts: PeopleOptions = {}): Promise<People> {
  const L = opts.learners ?? 200_000;
  const E = opts.enrollments ?? 1_000_000;
  const CL = opts.companyLearners ?? 5_000;
  const CS = opts.companySessions ?? 200;
  const BIG = opts.bigSession ?? 1_000;
  const MINE = opts.myCourses ?? 50;
  const t0 = performance.now();
  const perLearner = Math.max(1, Math.round(E / L));
  const S = Math.max(MINE, Math.ceil(E / 50));
  const first = sql.join(FIRST.map((n) => sql.lit(n)));
  const last = sql.join(LAST.map((n) => sql.lit(n)));
  const { educatorId } = await one<{ educatorId: number }>(
    db,
    sql`select id as "educatorId" from users where email = 'educator@halaqa.test'`,
  );
  const { learnerId } = await one<{ learnerId: number }>(
    db,
    sql`select id as "learnerId" from users where email = 'learner@halaqa.test'`,
  );
  // A template session: open, with weekly slots, of a public published course.
  const template = sql`(select s.timezone, s.schedule from sessions s join courses c on c.id = s.course_id
    where c.status = 'PUBLISHED' and not c.is_private and s.schedule::text <> '[]' order by s.id limit 1)`;
  const { maxSession } = await one<{ maxSession: number }>(
    db,
    sql`select coalesce(max(id), 0) as "maxSession" from sessions`,
  );
  // Generic sessions: S open sessions over the public published courses, 50 learners each on average.
  await sql`
    insert into sessions (course_id, educator_id, start_date, end_date, timezone, schedule, max_seats, price_cents, status)
    select c.id, c.educator_id, current_date - 20 + g % 40, current_date + 40 + g % 40, t.timezone, t.schedule, 100, c.price_cents, 'APPROVED'
    from generate_series(1, ${S}) g
    join lateral (select id from courses where status = 'PUBLISHED' and not is_private order by id
                  offset g % (select count(*) from courses where status = 'PUBLISHED' and not is_private) limit 1) pick on true
    join courses c on c.id = pick.id
    cross join ${template} t`.execute(db);
  const { maxUser } = await one<{ maxUser: number }>(db, sql`select coalesce(max(id), 0) as "maxUser" from users`);
  await sql`
    insert into users (email, password_hash, first_name, last_name, role)
    select 'people-' || ${run} || '-' || g || '@example.org', 'x',
      (array[${first}])[1 + g % ${sql.lit(FIRST.length)}], (array[${last}])[1 + (g / 7) % ${sql.lit(LAST.length)}] || ' ' || g,
      'LEARNER'
    from generate_series(1, ${L}) g`.execute(db);
  // Learner k (0-based) takes the generic sessions k·n … k·n + n − 1 (mod S): distinct per learner.
  // Enrolled over the last 400 days (the dashboards chart the last 12 weeks).
  await sql`
    insert into enrollments (session_id, user_id, paid_amount_cents, created_at)
    select ${maxSession} + 1 + ((u.id - ${maxUser} - 1) * ${perLearner} + j) % ${S}, u.id, 0,
           now() - ((u.id * 7 + j * 13) % 400) * interval '1 day'
    from users u cross join generate_series(0, ${perLearner - 1}) j
    where u.id > ${maxUser}`.execute(db);
  // The partner company: its learners, a partner, and its live sessions of the course with the most meetings.
  const { companyId } = await one<{ companyId: number }>(
    db,
    sql`insert into companies (name, acronym, settings) values (${`People ${run}`}, ${`P${run}`.slice(0, 8)}, '{}') returning id as "companyId"`,
  );
  await sql`update users set company_id = ${companyId} where id > ${maxUser} and id <= ${maxUser + CL}`.execute(db);
  const { partnerId } = await one<{ partnerId: number }>(
    db,
    sql`insert into users (email, password_hash, first_name, last_name, role, company_id)
        values (${`partner-${run}@people.example.org`}, 'x', 'Bench', 'Partner', 'PARTNER', ${companyId}) returning id as "partnerId"`,
  );
  const { companyCourseId } = await one<{ companyCourseId: number }>(
    db,
    sql`select sec.course_id as "companyCourseId" from lessons l join sections sec on sec.id = l.section_id
        join lesson_types t on t.id = l.lesson_type_id join courses c on c.id = sec.course_id
        where t.code in ('meeting', 'liveSession') and c.status = 'PUBLISHED' and not c.is_private
        group by sec.course_id order by count(*) desc, sec.course_id limit 1`,
  );
  const { maxSession2 } = await one<{ maxSession2: number }>(db, sql`select max(id) as "maxSession2" from sessions`);
  await sql`
    insert into sessions (course_id, educator_id, start_date, end_date, timezone, schedule, max_seats, price_cents, status)
    select c.id, c.educator_id, current_date - 56, current_date + 28, t.timezone, t.schedule, 100, c.price_cents, 'ACTIVE'
    from generate_series(1, ${CS}) g cross join courses c cross join ${template} t
    where c.id = ${companyCourseId}`.execute(db);
  await sql`
    insert into enrollments (session_id, user_id, paid_amount_cents)
    select ${maxSession2} + 1 + ((u.id - ${maxUser} - 1) + j) % ${CS}, u.id, 0
    from users u cross join generate_series(0, 1) j
    where u.id > ${maxUser} and u.id <= ${maxUser + CL}`.execute(db);
  // Attendance: seven learners in ten join each meeting held (a meeting lesson of a week already
  // past: its week's first day, on or after the session's start, before today).
  await sql`
    insert into attendance (session_id, lesson_id, user_id, occurrence_date, joined_at)
    select e.session_id, l.id, e.user_id, d.day, d.day + interval '18 hours'
    from enrollments e
    join sessions s on s.id = e.session_id
    join sections sec on sec.course_id = s.course_id
    join lessons l on l.section_id = sec.id
    join lesson_types t on t.id = l.lesson_type_id and t.code in ('meeting', 'liveSession')
    cross join lateral (select (s.start_date + (sec.week - 1) * 7)::date as day) d
    where e.session_id > ${maxSession2} and e.session_id <= ${maxSession2 + CS}
      and d.day < current_date
      and (e.user_id + l.id) % 10 < 7
    on conflict do nothing`.execute(db);
  // The big session: the demo educator's course with the most assignments, BIG learners, a submission each per assignment.
  const { bigCourseId } = await one<{ bigCourseId: number }>(
    db,
    sql`select c.id as "bigCourseId" from courses c
        left join sections sec on sec.course_id = c.id left join lessons l on l.section_id = sec.id
        left join lesson_types t on t.id = l.lesson_type_id and t.code in ('assignment', 'programmingAssignment')
        where c.educator_id = ${educatorId} group by c.id order by count(t.id) desc, c.id limit 1`,
  );
  const { bigSessionId } = await one<{ bigSessionId: number }>(
    db,
    sql`insert into sessions (course_id, educator_id, start_date, end_date, timezone, schedule, max_seats, price_cents, status)
        select ${bigCourseId}, ${educatorId}, current_date - 14, current_date + 70, t.timezone, t.schedule, ${BIG}, 0, 'ACTIVE'
        from ${template} t returning id as "bigSessionId"`,
  );
  await sql`
    insert into enrollments (session_id, user_id, paid_amount_cents)
    select ${bigSessionId}, id, 0 from users where id > ${maxUser + CL} order by id limit ${BIG}`.execute(db);
  await sql`
    insert into submissions (lesson_id, session_id, user_id, kind, document_url, document_name, status, submitted_at)
    select l.id, e.session_id, e.user_id, 'DOCUMENT', '/uploads/bench.pdf', 'answer.pdf', 'SUBMITTED',
           now() - (e.user_id % 500) * interval '1 minute'
    from enrollments e
    join sections sec on sec.course_id = ${bigCourseId}
    join lessons l on l.section_id = sec.id
    join lesson_types t on t.id = l.lesson_type_id and t.code in ('assignment', 'programmingAssignment')
    where e.session_id = ${bigSessionId}`.execute(db);
  // "My courses": the demo learner in MINE generic sessions.
  await sql`
    insert into enrollments (session_id, user_id, paid_amount_cents)
    select ${maxSession} + g, ${learnerId}, 0 from generate_series(1, ${MINE}) g
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);
  const counts = await one<{ users: number; enrollments: number; attendance: number; submissions: number }>(
    db,
    sql`select (select count(*) from users)::int as users, (select count(*) from enrollments)::int as enrollments,
               (select count(*) from attendance)::int as attendance, (select count(*) from submissions)::int as submissions`,
  );
  const { companySessionId } = { companySessionId: Number(maxSession2) + 1 };
  return {
    companyId: Number(companyId),
    partnerId: Number(partnerId),
    companySessionId,
    companyCourseId: Number(companyCourseId),
    bigSessionId: Number(bigSessionId),
    educatorId: Number(educatorId),
    learnerId: Number(learnerId),
    ...counts,
    ms: performance.now() - t0,
  };
}
