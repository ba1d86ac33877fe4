import { describe, expect, it } from 'vitest';
import { DEMO_CLASSROOM_LEARNER } from '../../server/db/seed/demo-courses.js';
import { PAYOUTS_DEMO_COHORTS } from '../../server/db/seed/payouts-demo.js';
import { TODAY, db, useSeededDemo } from './seed-setup.js';

useSeededDemo();

describe('seedDemoData', () => {
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
    // Besides the running classroom session, learner@halaqa.test finished a cohort with a certificate (certificates-demo.ts).
    const lina = enrollments.filter((e) => e.email === DEMO_CLASSROOM_LEARNER && e.end_date >= TODAY);
    expect(lina).toHaveLength(1);
    expect(enrollments.filter((e) => e.email === DEMO_CLASSROOM_LEARNER && e.end_date < TODAY)).toMatchObject([
      { title: 'React and TypeScript: Building Production Web Apps', status: 'ACTIVE', price_cents: 0 },
    ]);
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
    // Attendance only by QAD learners: nobody else's history is invented, but for the finished
    // cohort whose certificates rest on it (certificates-demo.ts).
    const others = await db
      .selectFrom('attendance as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('sessions as s', 's.id', 'a.session_id')
      .select('u.email')
      .where('s.end_date', '>=', TODAY)
      .execute();
    expect(others.every((o) => o.email.endsWith('@qad.halaqa.test'))).toBe(true);
  });
  it('marks QAD learners in one session: a LATE with a note, and a corrected EXCUSED with its two changes', async () => {
    const marks = await db
      .selectFrom('attendance_marks')
      .select(['session_id', 'lesson_id', 'user_id', 'occurrence_date', 'status', 'note', 'version'])
      .orderBy('status')
      .execute();
    expect(marks.map((m) => [m.status, m.note, m.version])).toEqual([
      ['EXCUSED', 'Family emergency, told the educator ahead', 2],
      ['LATE', 'Joined after the warm-up', 1],
    ]);
    const excused = marks[0]!;
    const history = await db
      .selectFrom('attendance_mark_changes')
      .select(['before_status', 'after_status'])
      .where('user_id', '=', excused.user_id)
      .where('lesson_id', '=', excused.lesson_id)
      .where('occurrence_date', '=', excused.occurrence_date)
      .orderBy('changed_at')
      .execute();
    expect(history.map((h) => `${h.before_status}→${h.after_status}`)).toEqual(['ABSENT→PRESENT', 'PRESENT→EXCUSED']);
    // The excused learner had not joined that meeting: the mark corrects an absence.
    const join = await db
      .selectFrom('attendance')
      .select('id')
      .where('user_id', '=', excused.user_id)
      .where('lesson_id', '=', excused.lesson_id)
      .where('occurrence_date', '=', excused.occurrence_date)
      .executeTakeFirst();
    expect(join).toBeUndefined();
  });

  it('gives the payout demo educators earnings from a delivered paid cohort, booked as balanced card payments', async () => {
    for (const cohort of PAYOUTS_DEMO_COHORTS) {
      const entries = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('users as u', 'u.id', 'e.owner_id')
        .innerJoin('sessions as s', 's.id', 'e.session_id')
        .select(['e.transaction_id', 'e.amount_cents', 'e.reason', 's.price_cents'])
        .where('u.email', '=', cohort.educator)
        .where('e.account', '=', 'EARNINGS')
        .where('s.end_date', '<', TODAY)
        .execute();
      expect(entries).toHaveLength(cohort.learners.length);
      for (const e of entries) {
        expect(e).toMatchObject({ reason: 'EARNING', amount_cents: e.price_cents });
        expect(e.price_cents).toBeGreaterThan(0);
        const legs = await db
          .selectFrom('ledger_entries')
          .select('amount_cents')
          .where('transaction_id', '=', e.transaction_id)
          .execute();
        expect(legs.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(0);
      }
      expect(await db.selectFrom('payouts').select('id').execute()).toEqual([]);
    }
  });
});
