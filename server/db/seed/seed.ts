import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { Database, Role } from '../types.js';
import { seedQadAttendance } from './attendance-demo.js';
import { seedAttendanceMarks } from './attendance-marks-demo.js';
import { seedLearningGoals } from './learning-goals-demo.js';
import { seedDiscountCodes } from './discount-codes-demo.js';
import { seedChatHistory } from './chat-demo.js';
import { seedGradebookDemo } from './gradebook-demo.js';
import { seedCertificatesDemo } from './certificates-demo.js';
import { seedPayoutsDemo } from './payouts-demo.js';
import { DEMO_CLASSROOM_COURSE, DEMO_COURSES } from './demo-courses.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';
import { seedAccounts, seedReferenceData } from './seed-accounts.js';
import { seedCourse } from './seed-catalog.js';
import { at, type SeedContext, type SeedIds } from './seed-context.js';

/** What `seedDemoData` did. `accounts` lists every demo account (all use `DEMO_PASSWORD`). */
export type SeedSummary =
  | { seeded: false }
  | {
      seeded: true;
      users: number;
      courses: number;
      sessions: number;
      accounts: { email: string; role: Role }[];
    };

export interface SeedOptions {
  /** Directory served at `/uploads`; covers and logos are written to `<uploadsDir>/demo/`. Null: write no files. */
  uploadsDir: string | null;
  /** The seeding day 'YYYY-MM-DD' (UTC); session dates are relative to it. Default: today in UTC. */
  today?: string;
  /** Hashes a password (slow by design): called once, the hash is shared by every demo account. */
  hashPassword: (plain: string) => Promise<string>;
  /**
   * The platform fee applied to the demo card payments: `percent` of the price rounded half up to
   * the cent, plus `fixedCents`. Default 5 % + 50 ¢ (docs/decisions.md "Money").
   */
  fee?: { percent: number; fixedCents: number };
  /**
   * When given, one meeting of the classroom demo session is live at this instant (see
   * `scheduleLiveDemoMeeting`), so that a fresh `npm start` has a meeting to join. Default: none
   * (the syllabus's weekly schedule only). The server passes its start time. It is also the
   * instant before which QAD's demo meetings have an attendance history (`seedQadAttendance`);
   * default for that: the seeding day at 00:00 UTC.
   */
  liveMeetingAt?: Date;
  /** The server's PUBLIC_URL, in the demo certificates' URLs (credential id, status list). Default http://localhost:3000. */
  publicUrl?: string;
}

/** Key of the advisory lock that serialises concurrent first starts on one PostgreSQL. */
const SEED_LOCK_KEY = 7_302_114_001;

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Loads the demo data on first start: reference data, the three demo companies, the demo accounts
 * (password `DEMO_PASSWORD`), the sign-ups waiting for an admin (`DEMO_PENDING_SIGNUPS`: a PENDING
 * company with its PENDING partner, a PENDING educator), the course catalogue with syllabi, sessions dated relative to
 * `opts.today`, demo enrollments (card-paid for paid sessions), reviews, and a welcome wallet
 * credit for every learner (balanced TOP_UP ledger transactions). The classroom demo: the lessons
 * of classroom-demo.ts carry their content (sanitised HTML, video, points, time limit, programming
 * tests) and question banks, and learner@halaqa.test attends the running session of their course
 * (`DEMO_CLASSROOM_COURSE`), in its third week on the seeding day; its other learners have graded labs
 * and quiz attempts in it (gradebook-demo.ts). Two educators (payouts-demo.ts) have a delivered
 * paid cohort whose earnings are ready to pay out.
 *
 * Runs in one transaction and does nothing when the `users` table already has rows (returns
 * `{ seeded: false }`), so calling it on every start is safe. Cover and logo SVGs are written to
 * `<uploadsDir>/demo/` after the transaction commits.
 * @throws when `opts.today` is not 'YYYY-MM-DD', or on a database error (nothing is kept).
 */
export async function seedDemoData(db: Kysely<Database>, opts: SeedOptions): Promise<SeedSummary> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`))) {
    throw new RangeError(`seedDemoData: today must be YYYY-MM-DD, got "${today}"`);
  }
  const feeRule = opts.fee ?? { percent: 5, fixedCents: 50 };
  if (await hasUsers(db)) return { seeded: false };

  const passwordHash = await opts.hashPassword(DEMO_PASSWORD);
  const files: { name: string; content: string }[] = [];

  const summary = await db.transaction().execute(async (trx): Promise<SeedSummary> => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`.execute(trx);
    if (await hasUsers(trx)) return { seeded: false };
    const ctx: SeedContext = { trx, today, passwordHash, feeRule, files };
    const ids: SeedIds = { ...(await seedReferenceData(trx)), ...(await seedAccounts(ctx)) };
    let sessionCount = 0;
    for (const [index, course] of DEMO_COURSES.entries()) sessionCount += await seedCourse(ctx, ids, course, index);

    await seedWaitlists(trx, new Date(at(today, -3, 10)));
    await seedQadAttendance(trx, opts.liveMeetingAt ?? new Date(`${today}T00:00:00Z`));
    await seedAttendanceMarks(trx);
    await seedLearningGoals(trx, today);
    await seedDiscountCodes(trx, today);
    if (opts.liveMeetingAt) await scheduleLiveDemoMeeting(trx, opts.liveMeetingAt);
    // Chat history up to now (never in the future: it would count against the chat's rate limit).
    const pastNow = opts.liveMeetingAt ?? new Date(Math.min(Date.now(), Date.parse(`${today}T23:59:00Z`)));
    await seedChatHistory(trx, pastNow);
    // Graded work for the educator's quiz results and gradebook (before now, like the chat).
    await seedGradebookDemo(trx, pastNow);
    // A finished cohort with its certificates (one of them learner@halaqa.test's, one revoked).
    await seedCertificatesDemo(trx, today, opts.publicUrl ?? 'http://localhost:3000');
    // Delivered paid cohorts, so two educators have earnings ready to pay out.
    sessionCount += await seedPayoutsDemo(trx, ctx);

    return {
      seeded: true,
      users: DEMO_USERS.length,
      courses: DEMO_COURSES.length,
      sessions: sessionCount,
      accounts: DEMO_USERS.map((u) => ({ email: u.email, role: u.role })),
    };
  });

  if (summary.seeded && opts.uploadsDir) {
    const dir = join(opts.uploadsDir, 'demo');
    await mkdir(dir, { recursive: true });
    await Promise.all(files.map((f) => writeFile(join(dir, f.name), f.content, 'utf8')));
  }
  return summary;
}

/** Length of the live demo meeting, in minutes. */
export const LIVE_DEMO_MEETING_MINUTES = 120;

/**
 * Makes one meeting of the classroom demo session (DEMO_CLASSROOM_COURSE, the session running at
 * `at`) live at `at`: the first meeting lesson (sections and lessons in order) of the week `at`
 * falls in, in the session's time zone, gets `at`'s weekday, `at`'s time floored to the minute
 * ('HH:mm', session time zone) and LIVE_DEMO_MEETING_MINUTES, so its join window (docs/classroom.md
 * "Join window") is open from `at` for two hours. Does nothing when no session of the course runs
 * at `at` or its week has no meeting lesson.
 */
export async function scheduleLiveDemoMeeting(db: Kysely<Database>, at: Date): Promise<void> {
  const sessions = await db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.id', 's.course_id', 's.start_date', 's.end_date', 's.timezone'])
    .where('c.title', '=', DEMO_COURSES.find((c) => c.slug === DEMO_CLASSROOM_COURSE)?.title ?? '')
    .execute();
  const instant = Temporal.Instant.fromEpochMilliseconds(at.getTime());
  for (const session of sessions) {
    const local = instant.toZonedDateTimeISO(session.timezone);
    const date = local.toPlainDate();
    const start = Temporal.PlainDate.from(session.start_date);
    if (
      Temporal.PlainDate.compare(date, start) < 0 ||
      Temporal.PlainDate.compare(date, Temporal.PlainDate.from(session.end_date)) > 0
    )
      continue;
    const week = Math.floor(start.until(date, { largestUnit: 'days' }).days / 7) + 1;
    const lesson = await db
      .selectFrom('lessons as l')
      .innerJoin('sections as sec', 'sec.id', 'l.section_id')
      .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
      .select('l.id')
      .where('sec.course_id', '=', session.course_id)
      .where('sec.week', '=', week)
      .where('lt.code', '=', 'meeting')
      .orderBy('sec.sort_order')
      .orderBy('l.sort_order')
      .executeTakeFirst();
    if (!lesson) return;
    const weekday = (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[
      local.dayOfWeek % 7
    ]!;
    const startTime = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
    await db
      .updateTable('lessons')
      .set({ day: weekday, start_time: startTime, duration_minutes: LIVE_DEMO_MEETING_MINUTES })
      .where('id', '=', lesson.id)
      .execute();
    return;
  }
}

/**
 * Demo waitlist entries: on the first two demo courses by title, the demo learner
 * (confirmed, as a signed-in join is) and a guest who never opened the confirmation link (never
 * mailed). No token is stored: the guest's link was "mailed" before the demo started.
 */
async function seedWaitlists(trx: Kysely<Database>, when: Date): Promise<void> {
  const courses = await trx
    .selectFrom('courses')
    .select('id')
    .where('is_private', '=', false)
    .where('status', '=', 'PUBLISHED')
    .orderBy('title')
    .limit(2)
    .execute();
  const learner = await trx
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('email', '=', 'learner@halaqa.test')
    .executeTakeFirst();
  for (const c of courses) {
    if (learner)
      await trx
        .insertInto('waitlist')
        .values({
          course_id: c.id,
          email: learner.email,
          user_id: learner.id,
          created_at: when,
          confirmed_at: when,
          language: learner.language,
        })
        .execute();
    await trx
      .insertInto('waitlist')
      .values({
        course_id: c.id,
        email: 'curious.guest@example.org',
        user_id: null,
        created_at: when,
        confirmed_at: null,
        language: 'ar',
      })
      .execute();
  }
}
