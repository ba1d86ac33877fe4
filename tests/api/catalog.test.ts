import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { LESSON_TYPE_CODES } from '../fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = async (url: string, headers?: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
};

/** An enrollment in a public course (its session id and the learner's e-mail); only an ACTIVE one when `active`. */
function enrollmentInPublicCourse(active: boolean) {
  const query = t.db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('sessions as s', 's.id', 'e.session_id')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['e.session_id', 'u.email'])
    .where('c.is_private', '=', false);
  return (active ? query.where('e.status', '=', 'ACTIVE') : query).executeTakeFirstOrThrow();
}

describe('GET /courses/explore', () => {
  it('lists at least 24 published courses, paged, with prices, ratings and next sessions', async () => {
    const { status, body } = await get('/api/courses/explore?pageSize=100');
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThanOrEqual(24);
    expect(body.data.items.length).toBe(body.data.total);
    const first = body.data.items[0];
    expect(first).toMatchObject({ status: 'PUBLISHED', isPrivate: false });
    expect(first.pictureUrl).toMatch(/^\/uploads\//);
    expect(first.nextSession).not.toBeNull();
    const page2 = await get('/api/courses/explore?page=2&pageSize=5');
    expect(page2.body.data).toMatchObject({ page: 2, pageSize: 5 });
    expect(page2.body.data.items[0].id).toBe(body.data.items[5].id);
  });

  it('finds courses by title and by skill, case-insensitively', async () => {
    const all = (await get('/api/courses/explore?pageSize=100')).body.data.items as Array<{
      title: string;
      gainedSkills: { name: string }[];
    }>;
    const word = all[0].title.split(' ')[0].toLowerCase();
    const { body } = await get(`/api/courses/explore?query=${encodeURIComponent(word)}&pageSize=100`);
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.items.length).toBeLessThan(all.length);
    const skill = all.find((c) => c.gainedSkills.length)!.gainedSkills[0].name;
    const bySkill = await get(`/api/courses/explore?query=${encodeURIComponent(skill.toUpperCase())}&pageSize=100`);
    expect(
      bySkill.body.data.items.some((c: { gainedSkills: { name: string }[] }) =>
        c.gainedSkills.some((s) => s.name === skill),
      ),
    ).toBe(true);
  });

  it('filters by category and difficulty', async () => {
    const cats = (await get('/api/courses/categories')).body.data as Array<{ id: number; courseCount: number }>;
    expect(cats.length).toBeGreaterThanOrEqual(6);
    const cat = cats.find((c) => c.courseCount > 0)!;
    const { body } = await get(`/api/courses/explore?categoryId=${cat.id}&pageSize=100`);
    expect(body.data.total).toBe(cat.courseCount);
    expect(body.data.items.every((c: { category: { id: number } }) => c.category.id === cat.id)).toBe(true);
    const adv = await get('/api/courses/explore?difficulty=ADVANCED&pageSize=100');
    expect(adv.body.data.items.every((c: { difficultyLevel: string }) => c.difficultyLevel === 'ADVANCED')).toBe(true);
  });

  it('answers 400 for a bad page size and an unknown difficulty', async () => {
    expect((await get('/api/courses/explore?pageSize=1000')).status).toBe(400);
    expect((await get('/api/courses/explore?difficulty=EXPERT')).status).toBe(400);
  });

  it("shows a company's private courses only to that company's users", async () => {
    const { rows } = await t.db
      .selectFrom('courses')
      .innerJoin('companies', 'companies.id', 'courses.company_id')
      .select(['courses.id', 'companies.acronym'])
      .where('courses.is_private', '=', true)
      .execute()
      .then((rows) => ({ rows }));
    expect(rows.length).toBeGreaterThan(0);
    const { id, acronym } = rows[0];
    expect((await get(`/api/courses/${id}/info`)).status).toBe(404);
    const member = await t.tokenFor(`learner@${acronym.toLowerCase()}.halaqa.test`);
    expect((await get(`/api/courses/${id}/info`, t.auth(member))).status).toBe(200);
    const other = acronym === 'NCAI' ? 'learner@qad.halaqa.test' : 'learner@ncai.halaqa.test';
    expect((await get(`/api/courses/${id}/info`, t.auth(await t.tokenFor(other)))).status).toBe(404);
    const anonymous = (await get('/api/courses/explore?pageSize=100')).body.data.items.map((c: { id: number }) => c.id);
    expect(anonymous).not.toContain(id);
  });
});

describe('catalog listings kept per catalog generation', () => {
  type Item = { id: number; title: string; nextSession: { id: number; seatsTaken: number } | null };
  const explore = async (url: string) => (await get(url)).body.data as { items: Item[]; total: number };

  it('shows a write made behind the API (another instance, a job) on the very next call', async () => {
    const before = await explore('/api/courses/explore?pageSize=100');
    const course = before.items[before.items.length - 1];
    await t.db.updateTable('courses').set({ title: '0000 First by title now' }).where('id', '=', course.id).execute();
    const after = await explore('/api/courses/explore?pageSize=100');
    expect(after.items.find((c) => c.id === course.id)?.title).toBe('0000 First by title now');
    // The order moved with it: among the courses with an open session, it now comes first.
    if (course.nextSession) expect(after.items[0].id).toBe(course.id);

    await t.db.updateTable('courses').set({ status: 'UNPUBLISHED' }).where('id', '=', course.id).execute();
    const hidden = await explore('/api/courses/explore?pageSize=100');
    expect(hidden.total).toBe(before.total - 1);
    expect(hidden.items.map((c) => c.id)).not.toContain(course.id);
    const sessions = (await get('/api/sessions/explore?pageSize=100')).body.data as {
      items: { course: { id: number } }[];
    };
    expect(sessions.items.map((s) => s.course.id)).not.toContain(course.id);
    await t.db
      .updateTable('courses')
      .set({ status: 'PUBLISHED', title: course.title })
      .where('id', '=', course.id)
      .execute();
    expect((await explore('/api/courses/explore?pageSize=100')).total).toBe(before.total);
  });

  it('counts a write only once its transaction commits, and never a rolled-back one', async () => {
    const before = await explore('/api/courses/explore?pageSize=100');
    const id = before.items[0].id;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('courses').set({ status: 'UNPUBLISHED' }).where('id', '=', id).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await explore('/api/courses/explore?pageSize=100')).items.map((c) => c.id)).toEqual(
      before.items.map((c) => c.id),
    );
  });

  it('reads seats taken afresh on every call, whatever the listing', async () => {
    const before = await explore('/api/courses/explore?pageSize=100');
    const course = before.items.find((c) => c.nextSession)!;
    const learner = await t.db.selectFrom('users').select('id').where('role', '=', 'LEARNER').executeTakeFirstOrThrow();
    await t.db
      .insertInto('enrollments')
      .values({ session_id: course.nextSession!.id, user_id: learner.id, status: 'ACTIVE' })
      .execute();
    const after = await explore('/api/courses/explore?pageSize=100');
    expect(after.items.find((c) => c.id === course.id)?.nextSession?.seatsTaken).toBe(
      course.nextSession!.seatsTaken + 1,
    );
  });
});

describe('course details', () => {
  it('answers info with skills, its open sessions and reviews', async () => {
    const course = (await get('/api/courses/explore?pageSize=1')).body.data.items[0];
    const info = await get(`/api/courses/${course.id}/info`);
    expect(info.status).toBe(200);
    expect(info.body.data.about.length).toBeGreaterThan(50);
    expect(info.body.data.requiredSkills).toBeInstanceOf(Array);
    const sessions = await get(`/api/courses/${course.id}/sessions/active`);
    expect(sessions.body.data.length).toBe(info.body.data.sessionsCount);
    expect(sessions.body.data[0]).toMatchObject({ courseId: course.id });
    const reviews = await get(`/api/courses/${course.id}/reviews`);
    expect(reviews.status).toBe(200);
    expect(reviews.body.data).toMatchObject({ page: 1 });
  });

  it('answers 404 for an unknown course and 400 for a non-numeric id', async () => {
    expect((await get('/api/courses/999999/info')).status).toBe(404);
    expect((await get('/api/courses/abc/info')).status).toBe(400);
    expect((await get('/api/courses/999999/sessions/active')).status).toBe(404);
  });
});

describe('sessions', () => {
  it('explores open sessions with their course, earliest first', async () => {
    const { body } = await get('/api/sessions/explore?pageSize=100');
    const items = body.data.items as Array<{ startDate: string; status: string; course: { id: number } }>;
    expect(items.length).toBeGreaterThan(24);
    expect(items.every((s) => s.status === 'ACTIVE' || s.status === 'APPROVED')).toBe(true);
    expect([...items].sort((a, b) => a.startDate.localeCompare(b.startDate)).map((s) => s.startDate)).toEqual(
      items.map((s) => s.startDate),
    );
  });

  it('answers the public syllabus without meeting links, and the secured one with links for the enrolled', async () => {
    const enrolled = await enrollmentInPublicCourse(true);
    const pub = await get(`/api/sessions/${enrolled.session_id}/syllabus`);
    expect(pub.status).toBe(200);
    const lessons = pub.body.data.weeks.flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons));
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.every((l: { link: string | null }) => l.link === null)).toBe(true);
    const token = await t.tokenFor(enrolled.email);
    const sec = await get(`/api/sessions/${enrolled.session_id}/syllabus/secured`, t.auth(token));
    const secLessons = sec.body.data.weeks.flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons));
    expect(secLessons.some((l: { link: string | null }) => typeof l.link === 'string')).toBe(true);
    const outsider = await get(
      `/api/sessions/${enrolled.session_id}/syllabus/secured`,
      t.auth(await t.tokenFor('learner@halaqa.test')),
    );
    expect(
      outsider.body.data.weeks
        .flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons))
        .every((l: any) => l.link === null),
    ).toBe(true);
  });

  it('answers session info publicly (no enrollment) and secured (the caller’s enrollment)', async () => {
    const e = await enrollmentInPublicCourse(false);
    const pub = await get(`/api/sessions/${e.session_id}/info`);
    expect(pub.body.data.enrollment).toBeNull();
    expect(pub.body.data.course.id).toBeGreaterThan(0);
    const sec = await get(`/api/sessions/${e.session_id}/info/secured`, t.auth(await t.tokenFor(e.email)));
    expect(sec.body.data.enrollment).toMatchObject({ sessionId: e.session_id, status: 'ACTIVE' });
    expect((await get(`/api/sessions/${e.session_id}/info/secured`)).status).toBe(401);
    expect((await get('/api/sessions/999999/info')).status).toBe(404);
  });

  it('hides pending sessions from everyone but their educator and admins', async () => {
    const s = await t.db
      .selectFrom('sessions')
      .select(['id', 'course_id', 'educator_id'])
      .where('status', 'in', ['ACTIVE', 'APPROVED'])
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sessions').set({ status: 'PENDING' }).where('id', '=', s.id).execute();
    try {
      expect((await get(`/api/sessions/${s.id}/info`)).status).toBe(404);
      expect(
        (await get(`/api/sessions/${s.id}/info/secured`, t.auth(await t.tokenFor('admin@halaqa.test')))).status,
      ).toBe(200);
      const explore = (await get('/api/sessions/explore?pageSize=100')).body.data.items.map(
        (x: { id: number }) => x.id,
      );
      expect(explore).not.toContain(s.id);
    } finally {
      await t.db.updateTable('sessions').set({ status: 'APPROVED' }).where('id', '=', s.id).execute();
    }
  });
});

describe('reference data', () => {
  it('lists US time zones with offsets and the lesson types of the spec', async () => {
    const tz = (await get('/api/timezones/us')).body.data as Array<{ id: string; offset: string }>;
    expect(tz.map((z) => z.id)).toEqual(
      expect.arrayContaining(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']),
    );
    expect(tz.every((z) => /^[+-]\d{2}:\d{2}$/.test(z.offset))).toBe(true);
    const types = (await get('/api/lessons/types')).body.data.map((x: { code: string }) => x.code);
    expect(types).toEqual(expect.arrayContaining(LESSON_TYPE_CODES));
  });
});
