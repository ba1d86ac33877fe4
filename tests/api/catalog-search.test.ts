import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { firstPublicCourseRow } from './course-fixtures.js';

/**
 * The catalog's one search rule and its order (the catalog at 10,000 courses keeps the
 * same answers): Arabic titles and category names are found, LIKE wildcards are literal, the
 * courses and sessions explore agree, and pages that cross from the courses with an open session
 * to those without give the same order as one long page.
 */
let t: TestApp;
const ARABIC_TITLE = 'مقدمة في تحليل البيانات الضخمة';
let arabicCourseId = 0;
let closedCourseIds: number[] = [];

type Course = { id: number; title: string; category: { name: string; nameAr: string }; nextSession: unknown };

beforeAll(async () => {
  t = await startTestApp();
  // A copy of a public course with an Arabic title and one open session, and two courses without an open session.
  const src = await firstPublicCourseRow(t.db);
  const copy = async (title: string) => {
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = src;
    return (
      await t.db
        .insertInto('courses')
        .values({ ...rest, title, description: 'نسخة للاختبار' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  arabicCourseId = await copy(ARABIC_TITLE);
  const session = await t.db
    .selectFrom('sessions')
    .selectAll()
    .where('course_id', '=', src.id)
    .where('status', '=', 'APPROVED')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sessions')
    .values({
      course_id: arabicCourseId,
      educator_id: session.educator_id,
      timezone: session.timezone,
      schedule: JSON.stringify(session.schedule) as never,
      max_seats: 10,
      price_cents: session.price_cents,
      status: 'APPROVED',
      start_date: sql<string>`current_date + 10` as never,
      end_date: sql<string>`current_date + 40` as never,
    })
    .execute();
  closedCourseIds = [await copy('AAA course without sessions'), await copy('zzz course without sessions')];
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: never[]; total: number };
};

describe('catalog search', () => {
  it('finds a course by a word of its Arabic title, in the courses and the sessions explore', async () => {
    const courses = await get(`/api/courses/explore?query=${encodeURIComponent('تحليل')}&pageSize=100`);
    expect((courses.items as Course[]).map((c) => c.title)).toContain(ARABIC_TITLE);
    const sessions = await get(`/api/sessions/explore?query=${encodeURIComponent('تحليل')}&pageSize=100`);
    expect((sessions.items as { course: Course }[]).map((s) => s.course.title)).toContain(ARABIC_TITLE);
  });

  it('finds the courses of a category by its Arabic name, in both explores', async () => {
    const q = encodeURIComponent('قواعد البيانات');
    const courses = (await get(`/api/courses/explore?query=${q}&pageSize=100`)).items as Course[];
    expect(courses.length).toBeGreaterThan(0);
    expect(
      courses.every((c) => c.category.nameAr.includes('قواعد البيانات') || c.title.includes('قواعد البيانات')),
    ).toBe(true);
    const sessions = (await get(`/api/sessions/explore?query=${q}&pageSize=100`)).items as { course: Course }[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.course.category.nameAr.includes('قواعد البيانات'))).toBe(true);
  });

  it('applies one rule to both explores: every session found belongs to a course found', async () => {
    for (const word of ['data', 'REACT', 'البيانات']) {
      const courseIds = new Set(
        ((await get(`/api/courses/explore?query=${encodeURIComponent(word)}&pageSize=100`)).items as Course[]).map(
          (c) => c.id,
        ),
      );
      const sessions = (await get(`/api/sessions/explore?query=${encodeURIComponent(word)}&pageSize=100`)).items as {
        course: Course;
      }[];
      expect(sessions.length).toBeGreaterThan(0);
      for (const s of sessions) expect(courseIds).toContain(s.course.id);
    }
  });

  it('takes LIKE wildcards literally and finds nothing for text no course contains', async () => {
    for (const text of ['%', '_', 'zzqx-no-such-course']) {
      const { items, total } = await get(`/api/courses/explore?query=${encodeURIComponent(text)}`);
      expect({ text, total, n: items.length }).toEqual({ text, total: 0, n: 0 });
    }
  });
});

describe('catalog order', () => {
  it('lists courses with an open session first, then the others, each by title; pages across that boundary match one long page', async () => {
    const all = await get('/api/courses/explore?pageSize=100');
    const items = all.items as Course[];
    expect(items.length).toBe(all.total);
    const firstClosed = items.findIndex((c) => c.nextSession === null);
    expect(firstClosed).toBeGreaterThan(0);
    expect(items.slice(firstClosed).every((c) => c.nextSession === null)).toBe(true);
    // The two courses without sessions come last, in title order: "AAA…" before "zzz…".
    const closed = items.slice(firstClosed).map((c) => c.id);
    expect(closed.indexOf(closedCourseIds[0]!)).toBeLessThan(closed.indexOf(closedCourseIds[1]!));
    for (const pageSize of [5, 7]) {
      const paged: number[] = [];
      for (let page = 1; (page - 1) * pageSize < all.total; page++) {
        const p = await get(`/api/courses/explore?page=${page}&pageSize=${pageSize}`);
        expect(p.total).toBe(all.total);
        paged.push(...(p.items as Course[]).map((c) => c.id));
      }
      expect(paged).toEqual(items.map((c) => c.id));
    }
    const beyond = await get(`/api/courses/explore?page=${Math.ceil(all.total / 5) + 1}&pageSize=5`);
    expect(beyond).toMatchObject({ items: [], total: all.total });
  });
});
