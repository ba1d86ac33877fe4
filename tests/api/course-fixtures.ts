import { type Kysely, sql } from 'kysely';
import type { Database, LessonTypeCode } from '../../server/db/types.js';
import { MONDAY_EVENINGS, NO_SLOTS, type Weeks } from '../fixtures.js';

/** Mondays 18:00–19:30, the sessions' default schedule (tests/fixtures.ts). */
export { MONDAY_EVENINGS };

/**
 * Rows for the classroom's API tests (classroom, quizzes, assignments): a published course of an
 * educator, its sections and lessons, an ACTIVE session and its enrollments, inserted directly
 * (the course editor's own path is tested in authoring.test.ts). Dates are 'YYYY-MM-DD'.
 */
export interface CourseFixture {
  courseId: number;
  /** Adds a section (`week`, `name`, `order` = sort_order) and answers its id. */
  section: (week: number, name: string, order: number) => Promise<number>;
  /**
   * Adds a lesson of type `code` named `name` to `sectionId` at `order`: 30 minutes, no link, day
   * or start time unless `extra` (snake_case columns) says otherwise; answers its id.
   */
  lesson: (
    sectionId: number,
    order: number,
    name: string,
    code: LessonTypeCode,
    extra?: Record<string, unknown>,
  ) => Promise<number>;
  /** Adds an ACTIVE free session of the course, 2031-05-05 to 2031-06-01 in America/Denver, 20 seats. */
  session: (schedule?: Record<string, { start: string; end: string } | null>) => Promise<number>;
}

/** Inserts a PUBLISHED course of `educatorId` (company `companyId` or none) and answers its builders. */
export async function insertCourse(
  db: Kysely<Database>,
  opts: { educatorId: number; title: string; companyId?: number | null },
): Promise<CourseFixture> {
  const typeIds = new Map(
    (await db.selectFrom('lesson_types').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  const { id: courseId } = await db
    .insertInto('courses')
    .values({
      educator_id: opts.educatorId,
      title: opts.title,
      description: 'd',
      about: 'a',
      category_id: 1,
      language_id: 1,
      price_cents: 0,
      num_hours: 10,
      difficulty_level: 'BEGINNER',
      company_id: opts.companyId ?? null,
      picture_url: null,
      video_url: null,
      status: 'PUBLISHED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    courseId,
    section: async (week, name, order) =>
      (
        await db
          .insertInto('sections')
          .values({ course_id: courseId, week, name, sort_order: order })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    lesson: async (sectionId, order, name, code, extra = {}) =>
      (
        await db
          .insertInto('lessons')
          .values({
            section_id: sectionId,
            lesson_type_id: typeIds.get(code)!,
            name,
            sort_order: order,
            duration_minutes: 30,
            link: null,
            day: null,
            start_time: null,
            ...extra,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    session: async (schedule = MONDAY_EVENINGS) =>
      (
        await db
          .insertInto('sessions')
          .values({
            course_id: courseId,
            educator_id: opts.educatorId,
            start_date: '2031-05-05',
            end_date: '2031-06-01',
            timezone: 'America/Denver',
            schedule: JSON.stringify(schedule),
            max_seats: 20,
            price_cents: 0,
            status: 'ACTIVE',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  };
}

/** Enrolls `userId` in `sessionId` with `status` (no payment). */
export async function enroll(
  db: Kysely<Database>,
  sessionId: number,
  userId: number,
  status: 'ACTIVE' | 'CANCELLED' = 'ACTIVE',
): Promise<void> {
  await db
    .insertInto('enrollments')
    .values({ session_id: sessionId, user_id: userId, status, payment_intent_id: null })
    .execute();
}

/**
 * Wednesday noon (UTC) of week 1 of the sessions `insertCourse` adds, and one second after week 1's
 * deadline (2031-05-12 00:00 in America/Denver).
 */
export const WEEK1 = new Date('2031-05-07T12:00:00Z');
export const AFTER_WEEK1_DEADLINE = new Date('2031-05-12T06:00:01Z');

/** A clock the tests set: `now()` answers the date last given to `set` (at first, `start`). */
export function settableClock(start: Date): { now: () => Date; set: (date: Date) => void } {
  let at = start;
  return {
    now: () => at,
    set: (date) => {
      at = date;
    },
  };
}

/** What `insertOpenSession` inserts besides its defaults. */
export interface OpenSessionOptions {
  priceCents: number;
  maxSeats: number;
  /** Its course and educator (default: the first published public course and its educator). */
  course?: { id: number; educatorId: number };
  /** First and last day, in days from today in SQL (`current_date`): default 0 and 20. */
  fromDay?: number;
  toDay?: number;
  /** Default 'UTC'. */
  timezone?: string;
  /** Weekly slots (default none). */
  schedule?: Weeks;
  /** Default 'APPROVED' (open for enrollment). */
  status?: 'APPROVED' | 'PENDING';
}

/**
 * Inserts a session (by default APPROVED, so open for enrollment, without weekly slots): the money
 * tests' session. Answers its id and its course's id.
 */
export async function insertOpenSession(
  db: Kysely<Database>,
  {
    priceCents,
    maxSeats,
    course,
    fromDay = 0,
    toDay = 20,
    timezone = 'UTC',
    schedule = NO_SLOTS,
    status = 'APPROVED',
  }: OpenSessionOptions,
): Promise<{ id: number; course_id: number }> {
  const { id: courseId, educator_id: educatorId } = course
    ? { id: course.id, educator_id: course.educatorId }
    : await db
        .selectFrom('courses')
        .select(['id', 'educator_id'])
        .where('status', '=', 'PUBLISHED')
        .where('is_private', '=', false)
        .executeTakeFirstOrThrow();
  const day = (offset: number) => sql<string>`current_date + ${sql.lit(offset)}` as never;
  return await db
    .insertInto('sessions')
    .values({
      course_id: courseId,
      educator_id: educatorId,
      start_date: day(fromDay),
      end_date: day(toDay),
      timezone,
      schedule: JSON.stringify(schedule),
      max_seats: maxSeats,
      price_cents: priceCents,
      status,
    })
    .returning(['id', 'course_id'])
    .executeTakeFirstOrThrow();
}

/** Credits `cents` to the wallet of user `ownerId` by a TOP_UP from outside (FUNDING), as a wallet top-up does. */
export async function creditWallet(db: Kysely<Database>, ownerId: number, cents: number, description = 'credit') {
  const tx = await db
    .insertInto('ledger_transactions')
    .values({ kind: 'TOP_UP', payment_intent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = { transaction_id: tx.id, reason: 'TOP_UP' as const, session_id: null, description };
  await db
    .insertInto('ledger_entries')
    .values([
      { ...entry, account: 'FUNDING', owner_id: null, amount_cents: -cents },
      { ...entry, account: 'WALLET', owner_id: ownerId, amount_cents: cents },
    ])
    .execute();
}

/** Inserts a LEARNER without a company or picture (password hash 'x': signed in by token only); answers its id. */
export async function insertLearner(
  db: Kysely<Database>,
  user: { email: string; firstName: string; lastName: string },
): Promise<{ id: number }> {
  return await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: 'x',
      first_name: user.firstName,
      last_name: user.lastName,
      role: 'LEARNER',
      company_id: null,
      picture_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The password hash of the demo admin: users inserted with it sign in with the demo password. */
export async function demoPasswordHash(db: Kysely<Database>): Promise<string> {
  const { password_hash } = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('email', '=', 'admin@halaqa.test')
    .executeTakeFirstOrThrow();
  return password_hash;
}

/** A user row to insert: who, their role and company, and (unless the table's default) their status. */
interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: 'EDUCATOR' | 'PARTNER' | 'LEARNER' | 'USER';
  companyId: number | null;
  status?: 'APPROVED' | 'PENDING';
}

/** Inserts a user without a picture who signs in with the demo password (see `demoPasswordHash`). */
export async function insertDemoUser(db: Kysely<Database>, user: DemoUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: await demoPasswordHash(db),
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      ...(user.status ? { status: user.status } : {}),
      company_id: user.companyId,
      picture_url: null,
    })
    .execute();
}

/** The whole row of the first (lowest id) published public course; throws if none. */
export function firstPublicCourseRow(db: Kysely<Database>) {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('status', '=', 'PUBLISHED')
    .where('is_private', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/**
 * Adds a TRUE_FALSE question (no picture, no explanation) as the first of quiz lesson `lessonId`:
 * by default "True?", answer true, worth 1 point. Answers its id.
 */
export async function insertTrueFalseQuestion(
  db: Kysely<Database>,
  lessonId: number,
  question: { prompt: string; answer: boolean; points: number } = { prompt: 'True?', answer: true, points: 1 },
): Promise<number> {
  const none = { picture_url: null, explanation: null, options: JSON.stringify([]) };
  const { prompt, points } = question;
  const answer = JSON.stringify(question.answer);
  const row = await db
    .insertInto('quiz_questions')
    .values({ lesson_id: lessonId, sort_order: 0, kind: 'TRUE_FALSE', prompt, points, answer, ...none })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of the user with this e-mail (a demo account); throws if none. */
export async function userIdOf(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The company id of the user with this e-mail (null without one); throws if no such user. */
export async function companyIdOfUser(db: Kysely<Database>, email: string): Promise<number | null> {
  return (await db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow())
    .company_id;
}

/** Enrolls the users with these e-mails in `sessionId`, in order, with `status` (no payment). */
export async function enrollByEmail(
  db: Kysely<Database>,
  sessionId: number,
  emails: readonly string[],
  status: 'ACTIVE' | 'CANCELLED' = 'ACTIVE',
): Promise<void> {
  for (const email of emails) await enroll(db, sessionId, await userIdOf(db, email), status);
}

/** The first public course (lowest id) of the educator with this e-mail; throws if none. */
export async function publicCourseOf(db: Kysely<Database>, email: string): Promise<number> {
  const educatorId = await userIdOf(db, email);
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('educator_id', '=', educatorId)
    .where('is_private', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return course.id;
}

/** A lesson of a course other than `courseId` (to call it on the wrong session); throws if none. */
export async function lessonOutside(db: Kysely<Database>, courseId: number): Promise<number> {
  const lesson = await db
    .selectFrom('lessons as l')
    .innerJoin('sections as s', 's.id', 'l.section_id')
    .select('l.id')
    .where('s.course_id', '<>', courseId)
    .executeTakeFirstOrThrow();
  return lesson.id;
}

/** A session the user with this e-mail has an ACTIVE enrollment in (a demo learner's); throws if none. */
export async function activeSessionOf(db: Kysely<Database>, email: string): Promise<number> {
  const userId = await userIdOf(db, email);
  const enrollment = await db
    .selectFrom('enrollments')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return enrollment.session_id;
}
