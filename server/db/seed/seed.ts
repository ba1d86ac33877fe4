import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { CompanySettingsJson, Database, Role } from '../types.js';
import { sanitizeLessonHtml } from '../../modules/classroom/sanitize.js';
import { seedQadAttendance } from './attendance-demo.js';
import { seedLearningGoals } from './learning-goals-demo.js';
import type { DemoLessonContent } from './classroom-demo.js';
import { seedChatHistory } from './chat-demo.js';
import { companyLogoSvg, courseCoverSvg } from './covers.js';
import { DEMO_CLASSROOM_COURSE, DEMO_COURSES, type DemoCourse, type DemoSession } from './demo-courses.js';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_PENDING_SIGNUPS, DEMO_USERS } from './demo-users.js';
import { CATEGORIES, LANGUAGES, LESSON_TYPES, SKILLS } from '../../modules/reference/data.js';

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
}

/** Key of the advisory lock that serialises concurrent first starts on one PostgreSQL. */
const SEED_LOCK_KEY = 7_302_114_001;

/** Public URL of a demo course cover. */
export const demoCoverUrl = (courseId: number): string => `/uploads/demo/course-${courseId}.svg`;
/** Public URL of a demo company logo. */
export const demoLogoUrl = (acronym: string): string => `/uploads/demo/logo-${acronym.toLowerCase()}.svg`;

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days);
  return new Date(t).toISOString().slice(0, 10);
}

/** An instant on `day + days` at `hour`:00 UTC, as an ISO string. */
function at(day: string, days: number, hour = 12): string {
  return `${addDays(day, days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
}

/**
 * The `lessons` columns of migration 0005 for authored demo content; the HTML goes through the
 * classroom sanitiser, as an educator's save does (docs/classroom.md "Data").
 */
function lessonContentColumns(c: DemoLessonContent) {
  return {
    content_html: c.contentHtml === undefined ? null : sanitizeLessonHtml(c.contentHtml),
    video_url: c.videoUrl ?? null,
    ...(c.points !== undefined ? { points: c.points } : {}),
    ...(c.allowLate !== undefined ? { allow_late: c.allowLate } : {}),
    time_limit_minutes: c.timeLimitMinutes ?? null,
    programming: c.programming ? JSON.stringify(c.programming) : null,
  };
}

/** Platform fee in cents for a price in cents (0 for a free session). */
function feeCents(priceCents: number, fee: { percent: number; fixedCents: number }): number {
  if (priceCents === 0) return 0;
  return Math.round((priceCents * fee.percent) / 100) + fee.fixedCents;
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

function need<T>(map: Map<string, T>, key: string, what: string): T {
  const v = map.get(key);
  if (v === undefined) throw new Error(`Demo data: unknown ${what} "${key}"`);
  return v;
}

/**
 * Loads the demo data on first start: reference data, the three demo companies, the demo accounts
 * (password `DEMO_PASSWORD`), the sign-ups waiting for an admin (`DEMO_PENDING_SIGNUPS`: a PENDING
 * company with its PENDING partner, a PENDING educator), the course catalogue with syllabi, sessions dated relative to
 * `opts.today`, demo enrollments (card-paid for paid sessions), reviews, and a welcome wallet
 * credit for every learner (balanced TOP_UP ledger transactions). The classroom demo: the lessons
 * of classroom-demo.ts carry their content (sanitised HTML, video, points, time limit, programming
 * tests) and question banks, and learner@halaqa.test attends the running session of their course
 * (`DEMO_CLASSROOM_COURSE`), in its third week on the seeding day.
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

    // Reference data ---------------------------------------------------------------------
    const categoryIds = new Map(
      (
        await trx
          .insertInto('categories')
          .values(CATEGORIES.map((c) => ({ name: c.name, name_ar: c.nameAr })))
          .returning(['id', 'name'])
          .execute()
      ).map((r) => [r.name, r.id]),
    );
    const languageIds = new Map(
      (
        await trx
          .insertInto('languages')
          .values([...LANGUAGES])
          .returning(['id', 'code'])
          .execute()
      ).map((r) => [r.code, r.id]),
    );
    const skillIds = new Map(
      (
        await trx
          .insertInto('skills')
          .values(SKILLS.map((name) => ({ name })))
          .returning(['id', 'name'])
          .execute()
      ).map((r) => [r.name, r.id]),
    );
    const lessonTypeIds = new Map(
      (
        await trx
          .insertInto('lesson_types')
          .values([...LESSON_TYPES])
          .returning(['id', 'code'])
          .execute()
      ).map((r) => [r.code, r.id]),
    );

    // Companies ----------------------------------------------------------------------------
    const companyIds = new Map<string, number>();
    for (const c of DEMO_COMPANIES) {
      const logo = demoLogoUrl(c.acronym);
      const settings: CompanySettingsJson = { style: c.style, links: c.links, logo };
      const row = await trx
        .insertInto('companies')
        .values({ name: c.name, acronym: c.acronym, settings: JSON.stringify(settings), created_at: at(today, -120) })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(c.acronym, row.id);
      files.push({ name: logo.slice('/uploads/demo/'.length), content: companyLogoSvg(c) });
    }

    // Users --------------------------------------------------------------------------------
    const userRows = await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u, i) => ({
          email: u.email,
          password_hash: passwordHash,
          first_name: u.firstName,
          last_name: u.lastName,
          role: u.role,
          status: 'APPROVED' as const,
          company_id: u.company ? need(companyIds, u.company, 'company') : null,
          created_at: at(today, -90 + i),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const userIds = new Map(userRows.map((r) => [r.email, r.id]));

    // Sign-ups waiting for an admin: a company with its partner, and an educator. ------------
    {
      const p = DEMO_PENDING_SIGNUPS;
      const { id: companyId } = await trx
        .insertInto('companies')
        .values({
          name: p.company.name,
          acronym: p.company.acronym,
          settings: JSON.stringify({
            style: { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' },
            links: {},
            logo: null,
          }),
          status: 'PENDING',
          language: p.company.language,
          created_at: at(today, -2),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const a = p.company.address;
      await trx
        .insertInto('addresses')
        .values({
          user_id: null,
          company_id: companyId,
          line1: a.line1,
          line2: a.line2,
          city: a.city,
          state: a.state,
          postal_code: a.postalCode,
          country: a.country,
          is_default: true,
        })
        .execute();
      await trx
        .insertInto('users')
        .values([
          {
            email: p.partner.email,
            password_hash: passwordHash,
            first_name: p.partner.firstName,
            last_name: p.partner.lastName,
            role: 'PARTNER',
            status: 'PENDING',
            company_id: companyId,
            language: p.partner.language,
            created_at: at(today, -2),
          },
          {
            email: p.educator.email,
            password_hash: passwordHash,
            first_name: p.educator.firstName,
            last_name: p.educator.lastName,
            role: 'EDUCATOR',
            status: 'PENDING',
            company_id: null,
            language: p.educator.language,
            created_at: at(today, -1),
          },
        ])
        .execute();
    }
    // Invitations into NCAI: three pending, one expired. Their links were never mailed:
    // the tokens are random and only their SHA-256 is stored, as for real invitations.
    const ncaiPartner = need(userIds, 'partner@ncai.halaqa.test', 'user');
    await trx
      .insertInto('invitations')
      .values(
        [
          { email: 'amal.alharbi@ncai.halaqa.test', role: 'LEARNER' as const, days: -1 },
          { email: 'yousef.alotaibi@ncai.halaqa.test', role: 'LEARNER' as const, days: -2 },
          { email: 'dr.huda.alsaud@ncai.halaqa.test', role: 'EDUCATOR' as const, days: -3 },
          { email: 'khalid.alzahrani@ncai.halaqa.test', role: 'LEARNER' as const, days: -10 },
        ].map((i) => ({
          email: i.email,
          role: i.role,
          company_id: need(companyIds, 'NCAI', 'company'),
          invited_by: ncaiPartner,
          token: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex'),
          created_at: at(today, i.days, 10),
        })),
      )
      .execute();

    // Wallet welcome credit: one balanced TOP_UP transaction per learner. -------------------
    for (const u of DEMO_USERS) {
      if (u.walletCreditCents <= 0) continue;
      const createdAt = at(today, -45, 9);
      const tx = await trx
        .insertInto('ledger_transactions')
        .values({ kind: 'TOP_UP', payment_intent_id: null, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const owner = need(userIds, u.email, 'user');
      await trx
        .insertInto('ledger_entries')
        .values([
          {
            transaction_id: tx.id,
            account: 'FUNDING',
            owner_id: null,
            amount_cents: -u.walletCreditCents,
            reason: 'TOP_UP',
            session_id: null,
            description: 'Welcome credit',
            created_at: createdAt,
          },
          {
            transaction_id: tx.id,
            account: 'WALLET',
            owner_id: owner,
            amount_cents: u.walletCreditCents,
            reason: 'TOP_UP',
            session_id: null,
            description: 'Welcome credit',
            created_at: createdAt,
          },
        ])
        .execute();
    }

    // Courses --------------------------------------------------------------------------------
    let sessionCount = 0;
    for (const [index, course] of DEMO_COURSES.entries()) {
      const courseId = await insertCourse(trx, course, index);
      files.push({
        name: `course-${courseId}.svg`,
        content: courseCoverSvg({ title: course.title, category: course.category, difficulty: course.difficulty }),
      });
      for (const [si, session] of course.sessions.entries()) {
        await insertSession(trx, course, courseId, session, si);
        sessionCount++;
      }
      for (const review of course.reviews) {
        await trx
          .insertInto('reviews')
          .values({
            course_id: courseId,
            user_id: need(userIds, review.by, 'reviewer'),
            rating_value: review.rating,
            content: review.content,
            created_at: at(today, -review.daysAgo, 15),
          })
          .execute();
      }
    }

    await seedWaitlists(trx, new Date(at(today, -3, 10)));
    await seedQadAttendance(trx, opts.liveMeetingAt ?? new Date(`${today}T00:00:00Z`));
    await seedLearningGoals(trx, today);
    if (opts.liveMeetingAt) await scheduleLiveDemoMeeting(trx, opts.liveMeetingAt);
    // Chat history up to now (never in the future: it would count against the chat's rate limit).
    await seedChatHistory(trx, opts.liveMeetingAt ?? new Date(Math.min(Date.now(), Date.parse(`${today}T23:59:00Z`))));

    return {
      seeded: true,
      users: DEMO_USERS.length,
      courses: DEMO_COURSES.length,
      sessions: sessionCount,
      accounts: DEMO_USERS.map((u) => ({ email: u.email, role: u.role })),
    };

    // -----------------------------------------------------------------------------------------

    async function insertCourse(t: Kysely<Database>, course: DemoCourse, index: number): Promise<number> {
      const createdAt = at(today, -100 + index * 2);
      const { id: courseId } = await t
        .insertInto('courses')
        .values({
          educator_id: need(userIds, course.educator, 'educator'),
          title: course.title,
          description: course.description,
          about: course.about,
          category_id: need(categoryIds, course.category, 'category'),
          language_id: need(languageIds, course.language, 'language'),
          price_cents: course.priceCents,
          num_hours: course.numHours,
          difficulty_level: course.difficulty,
          has_multi_instructors: false,
          is_private: course.privateTo !== null,
          company_id: course.privateTo ? need(companyIds, course.privateTo, 'company') : null,
          picture_url: null,
          video_url: null,
          status: course.status,
          submitted_at: course.status === 'PENDING' ? new Date(at(today, -1, 9)) : null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t
        .updateTable('courses')
        .set({ picture_url: demoCoverUrl(courseId) })
        .where('id', '=', courseId)
        .execute();

      const skills = [
        ...course.requiredSkills.map((s) => ({
          course_id: courseId,
          skill_id: need(skillIds, s, 'skill'),
          type: 'REQUIRED' as const,
        })),
        ...course.gainedSkills.map((s) => ({
          course_id: courseId,
          skill_id: need(skillIds, s, 'skill'),
          type: 'GAINED' as const,
        })),
      ];
      if (skills.length > 0) await t.insertInto('course_skills').values(skills).execute();

      const sectionRows = await t
        .insertInto('sections')
        .values(
          course.weeks.flatMap((w) =>
            w.sections.map((s, i) => ({ course_id: courseId, week: w.week, name: s.name, sort_order: i + 1 })),
          ),
        )
        .returning(['id', 'week', 'sort_order'])
        .execute();
      const sectionIds = new Map(sectionRows.map((r) => [`${r.week}/${r.sort_order}`, r.id]));
      const lessons = course.weeks.flatMap((w) =>
        w.sections.flatMap((s, i) => {
          const sectionId = need(sectionIds, `${w.week}/${i + 1}`, 'section');
          return s.lessons.map((l, li) => ({
            section_id: sectionId,
            lesson_type_id: need(lessonTypeIds, l.type, 'lesson type'),
            name: l.name,
            sort_order: li + 1,
            duration_minutes: l.durationMinutes,
            link: l.link,
            day: l.day,
            start_time: l.startTime,
            ...(l.content ? lessonContentColumns(l.content) : {}),
          }));
        }),
      );
      const lessonRows = await t
        .insertInto('lessons')
        .values(lessons)
        .returning(['id', 'section_id', 'sort_order'])
        .execute();

      // Question banks of the quizzes and learning paths that have content (classroom-demo.ts).
      const lessonIds = new Map(lessonRows.map((r) => [`${r.section_id}/${r.sort_order}`, r.id]));
      const questions = course.weeks.flatMap((w) =>
        w.sections.flatMap((s, i) =>
          s.lessons.flatMap((l, li) =>
            (l.content?.questions ?? []).map((q, qi) => ({
              lesson_id: need(lessonIds, `${need(sectionIds, `${w.week}/${i + 1}`, 'section')}/${li + 1}`, 'lesson'),
              sort_order: qi,
              kind: q.kind,
              prompt: q.prompt,
              picture_url: null,
              points: q.points ?? 1,
              explanation: q.explanation,
              options: JSON.stringify(q.options ?? []),
              answer: q.answer === null ? null : JSON.stringify(q.answer),
            })),
          ),
        ),
      );
      if (questions.length > 0) await t.insertInto('quiz_questions').values(questions).execute();
      return courseId;
    }

    async function insertSession(
      t: Kysely<Database>,
      course: DemoCourse,
      courseId: number,
      s: DemoSession,
      index: number,
    ): Promise<void> {
      const educatorId = need(userIds, course.educator, 'educator');
      const createdDay = Math.min(s.startOffsetDays, 0) - 30 + index;
      const { id: sessionId } = await t
        .insertInto('sessions')
        .values({
          course_id: courseId,
          educator_id: educatorId,
          start_date: addDays(today, s.startOffsetDays),
          end_date: addDays(today, s.endOffsetDays),
          timezone: s.timezone,
          schedule: JSON.stringify(s.schedule),
          max_seats: s.maxSeats,
          price_cents: s.priceCents,
          status: s.status,
          created_at: at(today, createdDay),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const [li, email] of s.learners.entries()) {
        const userId = need(userIds, email, 'learner');
        const enrolledAt = at(today, Math.min(s.startOffsetDays, 0) - 12 + li, 10 + (li % 8));
        if (s.priceCents === 0) {
          await t
            .insertInto('enrollments')
            .values({
              session_id: sessionId,
              user_id: userId,
              status: 'ACTIVE',
              paid_amount_cents: 0,
              created_at: enrolledAt,
            })
            .execute();
          continue;
        }
        // Paid session: a succeeded card payment, booked in the ledger (card funds in, educator
        // earnings and platform fee out; the entries sum to zero).
        const fee = feeCents(s.priceCents, feeRule);
        const total = s.priceCents + fee;
        const intentId = `pi_demo_${sessionId}_${userId}`;
        await t
          .insertInto('payment_intents')
          .values({
            id: intentId,
            user_id: userId,
            session_id: sessionId,
            amount_cents: total,
            fee_cents: fee,
            currency: 'USD',
            status: 'succeeded',
            payment_method: 'card',
            enrollment_id: null,
            created_at: enrolledAt,
            // Past payments: their receipts went out then (the jobs mail unmailed ones, migration 0023).
            receipt_mailed_at: enrolledAt,
          })
          .execute();
        const { id: enrollmentId } = await t
          .insertInto('enrollments')
          .values({
            session_id: sessionId,
            user_id: userId,
            status: 'ACTIVE',
            paid_amount_cents: total,
            payment_intent_id: intentId,
            created_at: enrolledAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t
          .updateTable('payment_intents')
          .set({ enrollment_id: enrollmentId })
          .where('id', '=', intentId)
          .execute();
        const { id: txId } = await t
          .insertInto('ledger_transactions')
          .values({ kind: 'CARD_PAYMENT', payment_intent_id: intentId, created_at: enrolledAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        const entry = {
          transaction_id: txId,
          reason: 'PAYMENT' as const,
          session_id: sessionId,
          created_at: enrolledAt,
        };
        await t
          .insertInto('ledger_entries')
          .values([
            {
              ...entry,
              account: 'FUNDING',
              owner_id: null,
              amount_cents: -total,
              description: `Card payment: ${course.title}`,
            },
            {
              ...entry,
              account: 'EARNINGS',
              owner_id: educatorId,
              amount_cents: s.priceCents,
              description: `Enrollment: ${course.title}`,
            },
            ...(fee > 0
              ? [
                  {
                    ...entry,
                    account: 'PLATFORM_FEES' as const,
                    owner_id: null,
                    amount_cents: fee,
                    description: `Platform fee: ${course.title}`,
                  },
                ]
              : []),
          ])
          .execute();
      }
    }
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
