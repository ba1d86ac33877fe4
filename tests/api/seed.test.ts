import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { courseCoverSvg, wrapText } from '../../server/db/seed/covers.js';
import { DEMO_CLASSROOM_COURSE, DEMO_CLASSROOM_LEARNER } from '../../server/db/seed/demo-courses.js';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users.js';
import { sanitizeLessonHtml } from '../../server/modules/classroom/sanitize.js';
import { unmailedReceipts } from '../../server/modules/payments/mails.js';
import { LESSON_TYPES, US_TIMEZONES } from '../../server/modules/reference/data.js';
import {
  LIVE_DEMO_MEETING_MINUTES,
  scheduleLiveDemoMeeting,
  type SeedSummary,
  seedDemoData,
} from '../../server/db/seed/seed.js';
import type { Database, Weekday, Weeks } from '../../server/db/types.js';
import { startTestApp, type TestApp } from './harness.js';

/** The seeding day: fixed, so session dates are predictable. */
const TODAY = '2030-03-13';
const fakeHash = async (plain: string) => `plain$${plain}`;

let handle: DatabaseHandle;
let db: Kysely<Database>;
let uploadsDir: string;
let summary: SeedSummary;
let hashCalls = 0;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', dir: null });
  db = handle.db;
  await migrateToLatest(db);
  uploadsDir = mkdtempSync(join(tmpdir(), 'halaqa-seed-'));
  summary = await seedDemoData(db, {
    uploadsDir,
    today: TODAY,
    hashPassword: async (p) => {
      hashCalls++;
      return fakeHash(p);
    },
  });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Every demo account: email → [role, company acronym or null]. */
const EXPECTED_ACCOUNTS: Record<string, [string, string | null]> = {
  'superadmin@halaqa.test': ['SUPER_ADMIN', null],
  'admin@halaqa.test': ['ADMIN', null],
  'educator@halaqa.test': ['EDUCATOR', null],
  'learner@halaqa.test': ['LEARNER', null],
  'user@halaqa.test': ['USER', null],
  'educator2@halaqa.test': ['EDUCATOR', null],
  'educator3@halaqa.test': ['EDUCATOR', null],
  'educator4@halaqa.test': ['EDUCATOR', null],
  'educator5@halaqa.test': ['EDUCATOR', null],
  'partner@ncai.halaqa.test': ['PARTNER', 'NCAI'],
  'learner@ncai.halaqa.test': ['LEARNER', 'NCAI'],
  'partner@morocco.halaqa.test': ['PARTNER', 'MOROCCO'],
  'learner@morocco.halaqa.test': ['LEARNER', 'MOROCCO'],
  'partner@qad.halaqa.test': ['PARTNER', 'QAD'],
  'learner@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner2@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner3@qad.halaqa.test': ['LEARNER', 'QAD'],
  'learner4@qad.halaqa.test': ['LEARNER', 'QAD'],
  ...Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`learner${i + 1}@halaqa.test`, ['LEARNER', null]])),
};

describe('seedDemoData', () => {
  it("counts the demo data's past payments as mailed: the jobs send no demo receipt", async () => {
    const paid = await db.selectFrom('payment_intents').select(['status', 'receipt_mailed_at']).execute();
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.filter((p) => p.status === 'succeeded' && p.receipt_mailed_at === null)).toEqual([]);
    // Even once they are old enough for the jobs to look at them.
    expect(await unmailedReceipts(db, new Date(Date.now() + 3_600_000))).toEqual([]);
  });

  it('reports what it seeded and hashes the shared password once', () => {
    expect(summary.seeded).toBe(true);
    if (!summary.seeded) return;
    expect(hashCalls).toBe(1);
    expect(summary.users).toBe(Object.keys(EXPECTED_ACCOUNTS).length);
    expect(summary.courses).toBeGreaterThanOrEqual(24);
    expect(summary.sessions).toBeGreaterThanOrEqual(summary.courses);
    expect(Object.fromEntries(summary.accounts.map((a) => [a.email, a.role]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED_ACCOUNTS).map(([e, [r]]) => [e, r])),
    );
  });

  it('creates exactly the demo accounts, approved, with their roles, companies and the demo password', async () => {
    const users = await db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.email',
        'users.role',
        'users.status',
        'users.password_hash',
        'users.first_name',
        'users.last_name',
        'companies.acronym',
      ])
      .where('users.status', '=', 'APPROVED')
      .execute();
    expect(Object.fromEntries(users.map((u) => [u.email, [u.role, u.acronym]]))).toEqual(EXPECTED_ACCOUNTS);
    for (const u of users) {
      expect(u.status).toBe('APPROVED');
      expect(u.password_hash).toBe(await fakeHash(DEMO_PASSWORD));
      expect(u.first_name.length).toBeGreaterThan(0);
      expect(u.last_name.length).toBeGreaterThan(0);
    }
  });

  it('adds the sign-ups waiting for an admin: a PENDING company with its address and PENDING partner, and a PENDING educator', async () => {
    const pending = await db
      .selectFrom('users')
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.email', 'users.role', 'users.language', 'companies.acronym', 'companies.status as companyStatus'])
      .where('users.status', '=', 'PENDING')
      .orderBy('users.email')
      .execute();
    expect(pending).toEqual([
      { email: 'partner@gda.halaqa.test', role: 'PARTNER', language: 'ar', acronym: 'GDA', companyStatus: 'PENDING' },
      { email: 'pending.educator@halaqa.test', role: 'EDUCATOR', language: 'en', acronym: null, companyStatus: null },
    ]);
    const address = await db
      .selectFrom('addresses')
      .innerJoin('companies', 'companies.id', 'addresses.company_id')
      .select(['addresses.city', 'addresses.country', 'addresses.user_id'])
      .where('companies.acronym', '=', 'GDA')
      .executeTakeFirstOrThrow();
    expect(address).toEqual({ city: 'Doha', country: 'QA', user_id: null });
  });

  it('creates the three companies with distinct themes, links and logos written to the uploads folder', async () => {
    const companies = await db
      .selectFrom('companies')
      .select(['name', 'acronym', 'settings'])
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute();
    expect(companies.map((c) => [c.acronym, c.name])).toEqual([
      ['NCAI', 'National Center for AI'],
      ['MOROCCO', 'Morocco Digital Academy'],
      ['QAD', 'Qatar Academy of Digital'],
    ]);
    const primaries = new Set<string>();
    for (const c of companies) {
      const { style, links, logo } = c.settings;
      for (const colour of [style.primaryColor, style.secondaryColor, style.tertiaryColor])
        expect(colour).toMatch(/^#[0-9A-Fa-f]{6}$/);
      primaries.add(style.primaryColor);
      expect(links.website).toMatch(/^https:\/\//);
      expect(links.support).toMatch(/^https:\/\//);
      expect(logo).toBe(`/uploads/demo/logo-${c.acronym.toLowerCase()}.svg`);
      const svg = readFileSync(join(uploadsDir, logo!.replace('/uploads/', '')), 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain(c.acronym);
    }
    expect(primaries.size).toBe(3);
  });

  it('loads the reference data: categories in two languages, languages, skills, lesson types', async () => {
    const categories = await db.selectFrom('categories').selectAll().execute();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) expect(c.name_ar).toMatch(/[\u0600-\u06FF]/);
    const languages = await db.selectFrom('languages').selectAll().orderBy('id').execute();
    expect(languages.map((l) => [l.id, l.code])).toEqual([
      [1, 'en'],
      [2, 'ar'],
      [3, 'fr'],
    ]);
    const skills = await db.selectFrom('skills').select('name').execute();
    expect(skills.length).toBeGreaterThanOrEqual(35);
    const types = await db.selectFrom('lesson_types').select(['code', 'name']).orderBy('id').execute();
    expect(types.map((t) => t.code)).toEqual([
      'meeting',
      'video',
      'reading',
      'assignment',
      'quiz',
      'learningObjective',
      'programmingAssignment',
      'notes',
      'liveSession',
    ]);
    expect(types).toEqual(LESSON_TYPES);
  });

  it('offers real US time zones, and every session uses one of them', async () => {
    const ids = US_TIMEZONES.map((z) => z.id);
    for (const id of [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Puerto_Rico',
    ]) {
      expect(ids).toContain(id);
    }
    for (const z of US_TIMEZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: z.id })).not.toThrow();
      expect(z.name.length).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const used = await db.selectFrom('sessions').select('timezone').distinct().execute();
    for (const { timezone } of used) expect(ids).toContain(timezone);
  });

  it('publishes at least 24 courses across at least 6 categories, each with a cover, skills, a syllabus and 1–3 sessions', async () => {
    const all = await db.selectFrom('courses').selectAll().execute();
    // Every course is published but the one waiting in the admins' course queue.
    expect(all.filter((c) => c.status !== 'PUBLISHED').map((c) => [c.title, c.status])).toEqual([
      ['Compilers from Scratch', 'PENDING'],
    ]);
    const courses = all.filter((c) => c.status === 'PUBLISHED');
    expect(courses.length).toBeGreaterThanOrEqual(24);
    expect(new Set(courses.map((c) => c.category_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(courses.map((c) => c.difficulty_level))).toEqual(new Set(['BEGINNER', 'INTERMEDIATE', 'ADVANCED']));
    expect(courses.some((c) => c.price_cents === 0)).toBe(true);
    expect(courses.filter((c) => c.price_cents >= 2900 && c.price_cents <= 19900).length).toBeGreaterThan(
      courses.length / 2,
    );
    expect(new Set(courses.map((c) => c.title)).size).toBe(courses.length);

    const educators = new Set(
      (await db.selectFrom('users').select('id').where('role', '=', 'EDUCATOR').execute()).map((u) => u.id),
    );
    const lessonTypes = new Map(
      (await db.selectFrom('lesson_types').select(['id', 'code']).execute()).map((t) => [t.id, t.code]),
    );

    for (const c of courses) {
      expect(educators.has(c.educator_id)).toBe(true);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.about.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(c.num_hours).toBeGreaterThan(0);
      expect(c.picture_url).toBe(`/uploads/demo/course-${c.id}.svg`);
      const cover = readFileSync(join(uploadsDir, 'demo', `course-${c.id}.svg`), 'utf8');
      expect(cover).toMatch(/<svg[^>]+width="1200" height="675"/);

      const skills = await db.selectFrom('course_skills').select('type').where('course_id', '=', c.id).execute();
      expect(skills.some((s) => s.type === 'GAINED')).toBe(true);

      const sections = await db.selectFrom('sections').selectAll().where('course_id', '=', c.id).execute();
      const weeks = [...new Set(sections.map((s) => s.week))].sort((a, b) => a - b);
      expect(weeks.length).toBeGreaterThanOrEqual(3);
      expect(weeks.length).toBeLessThanOrEqual(8);
      expect(weeks).toEqual(weeks.map((_, i) => i + 1));
      for (const w of weeks) {
        const inWeek = sections.filter((s) => s.week === w);
        expect(inWeek.length).toBeGreaterThanOrEqual(1);
        expect(inWeek.length).toBeLessThanOrEqual(3);
        expect(inWeek.map((s) => s.sort_order).sort()).toEqual(inWeek.map((_, i) => i + 1));
      }
      let totalMinutes = 0;
      for (const s of sections) {
        const lessons = await db
          .selectFrom('lessons')
          .selectAll()
          .where('section_id', '=', s.id)
          .orderBy('sort_order')
          .execute();
        expect(lessons.length).toBeGreaterThanOrEqual(2);
        expect(lessons.length).toBeLessThanOrEqual(5);
        expect(lessons.map((l) => l.sort_order)).toEqual(lessons.map((_, i) => i + 1));
        for (const l of lessons) {
          totalMinutes += l.duration_minutes;
          expect(l.duration_minutes).toBeGreaterThan(0);
          const code = lessonTypes.get(l.lesson_type_id);
          if (code === 'meeting') {
            expect(l.day).not.toBeNull();
            expect(l.start_time).toMatch(/^\d{2}:\d{2}$/);
            expect(l.link).toMatch(new RegExp(`^https://meet\\.halaqa\\.test/[a-z0-9-]+-w${s.week}$`));
          } else {
            expect(l.day).toBeNull();
            expect(l.start_time).toBeNull();
          }
          if (code === 'video') expect(l.link).toMatch(/^https:\/\//);
        }
      }
      expect(Math.abs(c.num_hours - totalMinutes / 60)).toBeLessThanOrEqual(0.5);

      const sessions = await db.selectFrom('sessions').select('id').where('course_id', '=', c.id).execute();
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(sessions.length).toBeLessThanOrEqual(3);
    }
  });

  it('has a course sent for review without a session, waiting for an admin, with a full syllabus and cover', async () => {
    const c = await db
      .selectFrom('courses as c')
      .innerJoin('users as u', 'u.id', 'c.educator_id')
      .select(['c.id', 'c.status', 'c.submitted_at', 'c.picture_url', 'u.email'])
      .where('c.title', '=', 'Compilers from Scratch')
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({
      status: 'PENDING',
      email: 'educator@halaqa.test',
      picture_url: `/uploads/demo/course-${c.id}.svg`,
    });
    expect(c.submitted_at).toBeInstanceOf(Date);
    expect(await db.selectFrom('sessions').select('id').where('course_id', '=', c.id).execute()).toEqual([]);
    expect(
      (await db.selectFrom('sections').select('id').where('course_id', '=', c.id).execute()).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('uses several lesson types, including meetings, videos and assignments', async () => {
    const used = await db
      .selectFrom('lessons')
      .innerJoin('lesson_types', 'lesson_types.id', 'lessons.lesson_type_id')
      .select('lesson_types.code')
      .distinct()
      .execute();
    expect(used.length).toBeGreaterThanOrEqual(7);
    for (const code of ['meeting', 'video', 'reading', 'assignment', 'quiz', 'programmingAssignment']) {
      expect(used.map((u) => u.code)).toContain(code);
    }
  });

  it('gives every session a weekly schedule that agrees with its course’s meeting lessons', async () => {
    const sessions = await db.selectFrom('sessions').selectAll().execute();
    const meetingTypeId = (
      await db.selectFrom('lesson_types').select('id').where('code', '=', 'meeting').executeTakeFirstOrThrow()
    ).id;
    for (const s of sessions) {
      const schedule: Weeks = s.schedule;
      expect(Object.keys(schedule).sort()).toEqual([
        'friday',
        'monday',
        'saturday',
        'sunday',
        'thursday',
        'tuesday',
        'wednesday',
      ]);
      const meetings = await db
        .selectFrom('lessons')
        .innerJoin('sections', 'sections.id', 'lessons.section_id')
        .select(['lessons.day', 'lessons.start_time', 'lessons.duration_minutes'])
        .where('sections.course_id', '=', s.course_id)
        .where('lessons.lesson_type_id', '=', meetingTypeId)
        .execute();
      expect(meetings.length).toBeGreaterThan(0);
      for (const m of meetings) {
        const slot = schedule[m.day as Weekday];
        expect(slot, `session ${s.id}: no slot on ${m.day}`).not.toBeNull();
        expect(slot!.start).toBe(m.start_time);
        expect(minutes(slot!.end) - minutes(slot!.start)).toBe(m.duration_minutes);
      }
      for (const [day, slot] of Object.entries(schedule)) {
        if (!slot) continue;
        expect(slot.start).toMatch(/^\d{2}:\d{2}$/);
        expect(minutes(slot.end)).toBeGreaterThan(minutes(slot.start));
        expect(
          meetings.some((m) => m.day === day),
          `session ${s.id}: slot on ${day} without a meeting`,
        ).toBe(true);
      }
    }
  });

  it('dates sessions around the seeding day: running ones ACTIVE, upcoming ones APPROVED, one upcoming PENDING for the moderation queue, free and paid', async () => {
    const sessions = await db
      .selectFrom('sessions')
      .innerJoin('courses', 'courses.id', 'sessions.course_id')
      .select([
        'sessions.start_date',
        'sessions.end_date',
        'sessions.status',
        'sessions.price_cents',
        'sessions.educator_id',
        'courses.educator_id as course_educator',
        'sessions.max_seats',
        'sessions.id',
      ])
      .execute();
    const pending = sessions.filter((s) => s.status === 'PENDING');
    expect(pending).toHaveLength(1);
    expect(pending[0].start_date > TODAY).toBe(true);
    expect(await db.selectFrom('enrollments').select('id').where('session_id', '=', pending[0].id).execute()).toEqual(
      [],
    );
    for (const s of sessions) {
      expect(s.educator_id).toBe(s.course_educator);
      expect(s.end_date >= s.start_date).toBe(true);
      expect(s.end_date >= TODAY).toBe(true);
      if (s.status !== 'PENDING') expect(s.status).toBe(s.start_date <= TODAY ? 'ACTIVE' : 'APPROVED');
    }
    expect(sessions.some((s) => s.status === 'ACTIVE')).toBe(true);
    expect(sessions.some((s) => s.status === 'APPROVED')).toBe(true);
    expect(sessions.some((s) => s.price_cents === 0)).toBe(true);
    expect(sessions.some((s) => s.price_cents > 0)).toBe(true);
  });

  it('has exactly one nearly full session: 12 seats, 11 taken; every other session has room', async () => {
    const rows = await db
      .selectFrom('sessions')
      .leftJoin('enrollments', (j) =>
        j.onRef('enrollments.session_id', '=', 'sessions.id').on('enrollments.status', '=', 'ACTIVE'),
      )
      .select(['sessions.id', 'sessions.max_seats', 'sessions.status', 'sessions.course_id'])
      .select((eb) => eb.fn.count<number>('enrollments.id').as('taken'))
      .groupBy('sessions.id')
      .execute();
    const oneLeft = rows.filter((r) => r.max_seats - Number(r.taken) === 1);
    expect(oneLeft).toHaveLength(1);
    expect(oneLeft[0]).toMatchObject({ max_seats: 12 });
    expect(Number(oneLeft[0]!.taken)).toBe(11);
    const course = await db
      .selectFrom('courses')
      .select('is_private')
      .where('id', '=', oneLeft[0]!.course_id)
      .executeTakeFirstOrThrow();
    expect(course.is_private).toBe(false);
    for (const r of rows) expect(Number(r.taken)).toBeLessThan(r.max_seats);
  });

  it('enrolls only demo learners — learner@halaqa.test only in the classroom demo session — and books paid enrollments as succeeded card payments', async () => {
    const enrollments = await db
      .selectFrom('enrollments')
      .innerJoin('users', 'users.id', 'enrollments.user_id')
      .innerJoin('sessions', 'sessions.id', 'enrollments.session_id')
      .innerJoin('courses', 'courses.id', 'sessions.course_id')
      .select([
        'users.email',
        'users.role',
        'users.company_id',
        'enrollments.paid_amount_cents',
        'enrollments.payment_intent_id',
        'enrollments.id',
        'sessions.price_cents',
        'courses.is_private',
        'courses.company_id as course_company',
        'enrollments.status',
        'sessions.status as session_status',
        'sessions.start_date',
        'sessions.end_date',
        'courses.title',
      ])
      .execute();
    expect(enrollments.length).toBeGreaterThan(11);
    const lina = enrollments.filter((e) => e.email === DEMO_CLASSROOM_LEARNER);
    expect(lina).toHaveLength(1);
    expect(lina[0]).toMatchObject({
      title: 'Data Structures and Algorithms',
      status: 'ACTIVE',
      session_status: 'ACTIVE',
      is_private: false,
    });
    expect(lina[0]!.start_date <= TODAY && TODAY <= lina[0]!.end_date).toBe(true);
    for (const e of enrollments) {
      expect(e.role).toBe('LEARNER');
      if (e.is_private) expect(e.company_id).toBe(e.course_company);
      if (e.price_cents === 0) {
        expect(e.paid_amount_cents).toBe(0);
        expect(e.payment_intent_id).toBeNull();
      } else {
        const intent = await db
          .selectFrom('payment_intents')
          .selectAll()
          .where('id', '=', e.payment_intent_id!)
          .executeTakeFirstOrThrow();
        expect(intent).toMatchObject({
          status: 'succeeded',
          payment_method: 'card',
          enrollment_id: e.id,
          currency: 'USD',
        });
        expect(intent.amount_cents).toBe(e.price_cents + intent.fee_cents);
        expect(intent.fee_cents).toBe(Math.round(e.price_cents * 0.05) + 50);
        expect(e.paid_amount_cents).toBe(intent.amount_cents);
      }
    }
    expect(enrollments.some((e) => e.price_cents > 0)).toBe(true);
  });

  it('credits every learner’s wallet with balanced double-entry transactions', async () => {
    const learners = await db.selectFrom('users').select(['id', 'email']).where('role', '=', 'LEARNER').execute();
    for (const l of learners) {
      const entries = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('account', '=', 'WALLET')
        .where('owner_id', '=', l.id)
        .execute();
      const balance = entries.reduce((s, e) => s + e.amount_cents, 0);
      expect(balance, l.email).toBe(l.email === 'learner@halaqa.test' ? 50_000 : 20_000);
      expect(entries.every((e) => e.reason === 'TOP_UP' && e.description === 'Welcome credit')).toBe(true);
    }
    const nonLearnerWallets = await db
      .selectFrom('ledger_entries')
      .innerJoin('users', 'users.id', 'ledger_entries.owner_id')
      .select('users.email')
      .where('ledger_entries.account', '=', 'WALLET')
      .where('users.role', '!=', 'LEARNER')
      .execute();
    expect(nonLearnerWallets).toEqual([]);

    const sums = await db
      .selectFrom('ledger_entries')
      .select(['transaction_id'])
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .groupBy('transaction_id')
      .execute();
    expect(sums.length).toBeGreaterThanOrEqual(learners.length);
    for (const s of sums) expect(Number(s.total)).toBe(0);
    const topUps = await db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'TOP_UP').execute();
    expect(topUps).toHaveLength(learners.length);
  });

  it('has realistic reviews only from learners enrolled in a session of the course', async () => {
    const reviews = await db.selectFrom('reviews').selectAll().execute();
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    expect(new Set(reviews.map((r) => r.course_id)).size).toBeGreaterThanOrEqual(3);
    for (const r of reviews) {
      expect(r.rating_value).toBeGreaterThanOrEqual(3);
      expect(r.rating_value).toBeLessThanOrEqual(5);
      expect(r.content.length).toBeGreaterThan(40);
      const enrolled = await db
        .selectFrom('enrollments')
        .innerJoin('sessions', 'sessions.id', 'enrollments.session_id')
        .select('enrollments.id')
        .where('sessions.course_id', '=', r.course_id)
        .where('enrollments.user_id', '=', r.user_id)
        .executeTakeFirst();
      expect(enrolled, `review ${r.id}`).toBeDefined();
    }
  });

  it('makes a couple of courses private to their company', async () => {
    const priv = await db
      .selectFrom('courses')
      .innerJoin('companies', 'companies.id', 'courses.company_id')
      .select(['courses.title', 'companies.acronym', 'courses.is_private'])
      .execute();
    expect(priv.length).toBeGreaterThanOrEqual(2);
    expect(priv.every((c) => c.is_private)).toBe(true);
    const stray = await db
      .selectFrom('courses')
      .select('id')
      .where('is_private', '=', true)
      .where('company_id', 'is', null)
      .execute();
    expect(stray).toEqual([]);
  });

  it('gives QAD learners an attendance history in two sessions, one of them QAD’s private course, only in meetings held before the seeding day', async () => {
    const rows = await db
      .selectFrom('attendance as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('companies as co', 'co.id', 'u.company_id')
      .innerJoin('sessions as s', 's.id', 'a.session_id')
      .innerJoin('courses as c', 'c.id', 's.course_id')
      .select([
        'a.session_id',
        'a.user_id',
        'a.occurrence_date',
        'a.joined_at',
        'co.acronym',
        'c.is_private',
        'c.company_id',
        'u.company_id as user_company',
      ])
      .where('co.acronym', '=', 'QAD')
      .execute();
    const sessions = new Set(rows.map((r) => r.session_id));
    expect(sessions.size).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.is_private && r.company_id === r.user_company)).toBe(true);
    expect(new Set(rows.map((r) => r.user_id)).size).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(new Date(r.joined_at).getTime()).toBeLessThan(Date.parse(`${TODAY}T00:00:00Z`));
    // Attendance only by QAD learners: nobody else's history is invented.
    const others = await db
      .selectFrom('attendance as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select('u.email')
      .execute();
    expect(others.every((o) => o.email.endsWith('@qad.halaqa.test'))).toBe(true);
  });

  it('gives the classroom demo course’s running week authored content of every kind (classroom-demo.ts)', async () => {
    const session = await db
      .selectFrom('enrollments')
      .innerJoin('users', 'users.id', 'enrollments.user_id')
      .innerJoin('sessions', 'sessions.id', 'enrollments.session_id')
      .select(['sessions.course_id', 'sessions.start_date'])
      .where('users.email', '=', DEMO_CLASSROOM_LEARNER)
      .executeTakeFirstOrThrow();
    const week =
      Math.floor((Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(`${session.start_date}T00:00:00Z`)) / 86_400_000 / 7) +
      1;
    expect(week).toBe(3);
    const lessons = await db
      .selectFrom('lessons')
      .innerJoin('sections', 'sections.id', 'lessons.section_id')
      .innerJoin('lesson_types', 'lesson_types.id', 'lessons.lesson_type_id')
      .selectAll('lessons')
      .select('lesson_types.code')
      .where('sections.course_id', '=', session.course_id)
      .where('sections.week', '=', week)
      .execute();
    const of = (code: string) => {
      const found = lessons.filter((l) => l.code === code);
      expect(found.length, code).toBeGreaterThanOrEqual(1);
      return found[0]!;
    };
    for (const l of lessons)
      if (l.content_html !== null) expect(sanitizeLessonHtml(l.content_html), l.name).toBe(l.content_html);

    const reading = of('reading').content_html!;
    expect(reading.match(/<p>/g)!.length).toBeGreaterThanOrEqual(3);
    expect(reading).toMatch(/<pre><code class="language-js">[\s\S]+<\/code><\/pre>/);
    expect(reading).toMatch(/<(ul|ol)>\s*<li>/);
    expect(of('notes').content_html).toContain('<table>');
    expect(of('video').video_url).toMatch(/^https:\/\/\S+\.(webm|mp4)$/);
    for (const m of lessons.filter((l) => l.code === 'meeting')) {
      expect(m.link).toMatch(/^https:\/\/meet\.halaqa\.test\//);
      expect(m.day).not.toBeNull();
      expect(m.start_time).toMatch(/^\d{2}:\d{2}$/);
    }

    const quiz = of('quiz');
    expect(quiz.time_limit_minutes).toBe(15);
    const questions = await db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('lesson_id', '=', quiz.id)
      .orderBy('sort_order')
      .execute();
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(questions.length).toBeLessThanOrEqual(5);
    expect(new Set(questions.map((q) => q.kind))).toEqual(
      new Set(['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'SHORT_ANSWER']),
    );
    expect(questions.map((q) => q.sort_order)).toEqual(questions.map((_, i) => i));
    for (const q of questions) {
      expect(q.explanation!.length, q.prompt).toBeGreaterThan(20);
      expect(q.points).toBeGreaterThanOrEqual(1);
      const ids = q.options.map((o) => o.id);
      if (q.kind === 'SINGLE')
        expect((q.answer as string[]).length === 1 && ids.includes((q.answer as string[])[0]!)).toBe(true);
      if (q.kind === 'MULTIPLE')
        expect((q.answer as string[]).every((a) => ids.includes(a)) && (q.answer as string[]).length >= 2).toBe(true);
      if (q.kind === 'TRUE_FALSE') expect(typeof q.answer).toBe('boolean');
      if (q.kind === 'SHORT_ANSWER') expect((q.answer as string[]).length).toBeGreaterThanOrEqual(1);
      if (q.kind === 'SINGLE' || q.kind === 'MULTIPLE') expect(new Set(ids).size).toBe(ids.length);
      else expect(q.options).toEqual([]);
    }

    const path = await db
      .selectFrom('quiz_questions')
      .selectAll()
      .where('lesson_id', '=', of('learningObjective').id)
      .orderBy('sort_order')
      .execute();
    expect(path.length).toBeGreaterThanOrEqual(3);
    expect(path.length).toBeLessThanOrEqual(4);
    for (const q of path) expect(q).toMatchObject({ kind: 'STEP', points: 0, answer: null, options: [] });

    expect(of('assignment')).toMatchObject({ points: 100, allow_late: false });
    const code = of('programmingAssignment');
    const spec = code.programming!;
    expect(Object.keys(spec).sort()).toEqual(['functionName', 'starterCode', 'tests']);
    expect(spec.starterCode).toContain(`function ${spec.functionName}(`);
    expect(spec.tests.length).toBeGreaterThanOrEqual(3);
    for (const test of spec.tests) {
      expect(Object.keys(test).sort()).toEqual(['args', 'expected', 'name']);
      expect(Array.isArray(test.args)).toBe(true);
    }
    // No other course carries classroom content: the demo is one course.
    const elsewhere = await db
      .selectFrom('lessons')
      .innerJoin('sections', 'sections.id', 'lessons.section_id')
      .select('lessons.id')
      .where('sections.course_id', '!=', session.course_id)
      .where((eb) => eb.or([eb('lessons.content_html', 'is not', null), eb('lessons.programming', 'is not', null)]))
      .execute();
    expect(elsewhere).toEqual([]);
    const slug = (
      await db.selectFrom('courses').select('title').where('id', '=', session.course_id).executeTakeFirstOrThrow()
    ).title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    expect(slug).toBe(DEMO_CLASSROOM_COURSE);
  });

  it('seeds only once: a second call changes nothing', async () => {
    const before = await db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await seedDemoData(db, { uploadsDir, today: TODAY, hashPassword: fakeHash });
    expect(again).toEqual({ seeded: false });
    const after = await db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(Object.keys(EXPECTED_ACCOUNTS).length + 2); // + the two sign-ups waiting for an admin
    expect(readdirSync(join(uploadsDir, 'demo')).length).toBe(Number(after.n) + 3);
  });

  it('refuses a malformed seeding day', async () => {
    await expect(seedDemoData(db, { uploadsDir: null, today: '13/03/2030', hashPassword: fakeHash })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('the classroom demo as learner@halaqa.test finds it (a server seeded today, on the wall clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
  afterAll(() => t?.close());

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers: t.auth(await t.tokenFor(DEMO_CLASSROOM_LEARNER)),
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json(), text: res.body };
  }
  /** The learner's one enrollment and its classroom. */
  async function classroom() {
    const mine = await call('GET', '/api/sessions/enrollments');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    const sessionId: number = mine.body.data[0].sessionId;
    const res = await call('GET', `/api/sessions/${sessionId}/classroom`);
    expect(res.status).toBe(200);
    const lessons: any[] = res.body.data.weeks.flatMap((w: any) =>
      w.sections.flatMap((s: any) => s.lessons.map((l: any) => ({ ...l, week: w.week }))),
    );
    return { sessionId, data: res.body.data, lessons };
  }
  const inCurrentWeek = (lessons: any[], code: string) => lessons.find((l) => l.week === 3 && l.type.code === code)!;

  it('signs in with the demo password and opens a running classroom with lessons of every type, the current week still open', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: DEMO_CLASSROOM_LEARNER, password: DEMO_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const { data, lessons } = await classroom();
    expect(data).toMatchObject({
      courseTitle: 'Data Structures and Algorithms',
      status: 'ACTIVE',
      viewerRole: 'LEARNER',
    });
    expect(new Set(lessons.map((l) => l.type.code))).toEqual(new Set(LESSON_TYPES.map((lt) => lt.code)));
    const now = Date.now();
    for (const code of ['quiz', 'learningObjective', 'assignment', 'programmingAssignment']) {
      expect(Date.parse(inCurrentWeek(lessons, code).deadline), code).toBeGreaterThan(now);
    }
    expect(data.nextMeeting).not.toBeNull();
    expect(Date.parse(data.nextMeeting.occurrence.endsAt)).toBeGreaterThan(now);
  });

  it('shows each lesson’s content, and the quiz without its answer key', async () => {
    const { sessionId, lessons } = await classroom();
    const lesson = async (code: string) => {
      const res = await call('GET', `/api/sessions/${sessionId}/lessons/${inCurrentWeek(lessons, code).id}`);
      expect(res.status, code).toBe(200);
      return res;
    };
    expect((await lesson('reading')).body.data.contentHtml).toContain('<pre><code class="language-js">');
    expect((await lesson('video')).body.data.videoUrl).toMatch(/^https:\/\//);
    const meeting = (await lesson('meeting')).body.data;
    expect(meeting.occurrences.length).toBeGreaterThanOrEqual(1);
    const code = (await lesson('programmingAssignment')).body.data;
    expect(code.programming.functionName).toBe('twoSum');
    expect(code.programming.tests.every((x: object) => !('expected' in x))).toBe(true);

    const quiz = await lesson('quiz');
    expect(quiz.body.data).toMatchObject({ timeLimitMinutes: 15, questionCount: 5, allowLate: false });
    const stored = await t.db
      .selectFrom('quiz_questions')
      .select(['explanation', 'answer'])
      .where('lesson_id', '=', quiz.body.data.lesson.id)
      .execute();
    const secrets = stored.flatMap((q) => [
      q.explanation!,
      ...(Array.isArray(q.answer) ? q.answer.filter((a) => a.length > 2) : []),
    ]);
    for (const secret of secrets) expect(quiz.text).not.toContain(secret);
    expect(quiz.text).not.toMatch(/"(answer|explanation)"/);
    expect((await lesson('learningObjective')).body.data.questionCount).toBe(4);

    // Starting the quiz shows its questions, still without the answer key.
    const attempt = await call('POST', `/api/sessions/${sessionId}/lessons/${quiz.body.data.lesson.id}/attempts`);
    expect(attempt.status).toBe(201);
    expect(attempt.body.data.questions.map((q: { kind: string }) => q.kind)).toEqual([
      'SINGLE',
      'MULTIPLE',
      'TRUE_FALSE',
      'SHORT_ANSWER',
      'SINGLE',
    ]);
    for (const secret of secrets) expect(attempt.text).not.toContain(secret);
  });

  it('grades a correct solution of the programming assignment with full points', async () => {
    const { sessionId, lessons } = await classroom();
    const lab = inCurrentWeek(lessons, 'programmingAssignment');
    const solution =
      'function twoSum(nums, target) { const seen = new Map(); for (let j = 0; j < nums.length; j++) { const i = seen.get(target - nums[j]); if (i !== undefined) return [i, j]; seen.set(nums[j], j); } return null; }';
    const res = await call('POST', `/api/assignments/${lab.id}/code`, { sessionId, code: solution });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'AUTOGRADED', grade: 100, points: 100, late: false });
    expect(res.body.data.results.every((r: { passed: boolean }) => r.passed)).toBe(true);
  });

  it('with liveMeetingAt (as `npm start` seeds), a meeting of the current week is live: the learner joins it and is recorded', async () => {
    const at = new Date();
    await scheduleLiveDemoMeeting(t.db, at);
    const { sessionId, data } = await classroom();
    expect(data.nextMeeting).not.toBeNull();
    expect(Date.parse(data.nextMeeting.occurrence.startsAt)).toBeLessThanOrEqual(at.getTime());
    expect(Date.parse(data.nextMeeting.occurrence.endsAt) - Date.parse(data.nextMeeting.occurrence.startsAt)).toBe(
      LIVE_DEMO_MEETING_MINUTES * 60_000,
    );
    const joined = await call('POST', `/api/sessions/${sessionId}/lessons/${data.nextMeeting.lessonId}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({
      recorded: true,
      url: expect.stringMatching(/^https:\/\/meet\.halaqa\.test\//),
    });
  });
});

describe('courseCoverSvg', () => {
  it('escapes the title and wraps long titles onto several lines', () => {
    const svg = courseCoverSvg({
      title: 'Tips & Tricks for <Very> Long Titles That Need Wrapping Across Lines',
      category: 'Web Development',
      difficulty: 'ADVANCED',
    });
    expect(svg).toContain('Tips &amp; Tricks for &lt;Very&gt;');
    expect(svg).not.toContain('<Very>');
    expect((svg.match(/<tspan /g) ?? []).length).toBeGreaterThan(1);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(wrapText('one two three', 1000, 10)).toEqual(['one two three']);
  });
});
