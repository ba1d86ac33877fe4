import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Weekday, Weeks } from '../../server/db/types.js';
import { PAYOUTS_DEMO_COHORTS } from '../../server/db/seed/payouts-demo.js';
import { TODAY, db, uploadsDir, useSeededDemo, minutes } from './seed-setup.js';

useSeededDemo();

describe('seedDemoData', () => {
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
            // No pasted link: a demo meeting opens its session's room (MEETING_BASE_URL).
            expect(l.link).toBeNull();
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
    // Three finished cohorts: one free whose certificates are issued (certificates-demo.ts), and two
    // paid whose educators' earnings are ready to pay out (payouts-demo.ts); every other session runs or is to come.
    const finished = sessions.filter((s) => s.end_date < TODAY);
    expect(finished.map((s) => s.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    const certified = finished.filter((s) => s.price_cents === 0);
    expect(certified).toHaveLength(1);
    expect(
      await db.selectFrom('certificates').select('id').where('session_id', '=', certified[0]!.id).execute(),
    ).toHaveLength(3);
    const emails = new Map(
      (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.id, u.email] as const),
    );
    expect(
      finished
        .filter((s) => s.price_cents > 0)
        .map((s) => emails.get(s.educator_id))
        .sort(),
    ).toEqual(PAYOUTS_DEMO_COHORTS.map((c) => c.educator).sort());
    for (const s of sessions) {
      expect(s.educator_id).toBe(s.course_educator);
      expect(s.end_date >= s.start_date).toBe(true);
      if (finished.includes(s)) continue;
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
});
