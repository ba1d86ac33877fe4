import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/**
 * The catalog's sorts and filters give exactly what a plain query over the base tables gives
 * (courses, sessions, reviews, skills, categories: no search rows, no indexes to rely on): the
 * same items, in the same order, and the same totals, for every sort, on several pages, with
 * English and Arabic words, word beginnings, one-letter typos, price and date ranges, languages;
 * and private courses are neither shown nor counted to anyone outside their company.
 *
 * The catalog is the demo's plus 240 generated courses: prices from free to 230 dollars, two
 * languages, one in four with an Arabic title, one in seven private to a company, up to three
 * reviews and up to three sessions (some ended, some deleted) each.
 */
let t: TestApp;
let companyId = 0;
let memberToken = '';
let adminToken = '';
const PAGE = 7;

beforeAll(async () => {
  t = await startTestApp();
  const company = await t.db.selectFrom('companies').select(['id', 'acronym']).orderBy('id').executeTakeFirstOrThrow();
  companyId = company.id;
  memberToken = await t.tokenFor(`learner@${company.acronym.toLowerCase()}.halaqa.test`);
  adminToken = await t.tokenFor('admin@halaqa.test');
  const languages = (await t.db.selectFrom('languages').select('id').orderBy('id').limit(2).execute()).map((l) => l.id);
  const reviewers = (
    await t.db.selectFrom('users').select('id').where('role', '=', 'LEARNER').orderBy('id').limit(3).execute()
  ).map((u) => u.id);
  const src = await t.db
    .selectFrom('courses')
    .selectAll()
    .where('status', '=', 'PUBLISHED')
    .where('is_private', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const titles = [
    'Data pipelines in Python',
    'تحليل البيانات العملي',
    'Modern React interfaces',
    'Statistics for everyone',
  ];
  await sql`
    insert into courses (educator_id, title, description, about, category_id, language_id, price_cents, num_hours,
      difficulty_level, is_private, company_id, status, created_at, updated_at)
    select ${src.educator_id}, (array[${sql.join(titles)}])[1 + g % 4] || ' ' || g,
      case when g % 5 = 0 then 'Learn with live sessions' else 'دورة مباشرة ' || g end, 'about',
      (select id from categories order by id offset (g % 3) limit 1),
      case when g % 2 = 0 then ${languages[0]!}::int else ${languages[languages.length - 1]!}::int end,
      case when g % 6 = 0 then 0 else (g * 37 % 24) * 1000 end, 10,
      (array['BEGINNER', 'INTERMEDIATE', 'ADVANCED'])[1 + g % 3],
      g % 7 = 0, case when g % 7 = 0 then ${companyId}::int end, 'PUBLISHED',
      now() - (g % 50) * interval '1 day', now()
    from generate_series(1, 240) g`.execute(t.db);
  const made = sql`(select id, row_number() over (order by id) as g from courses where description like 'دورة%' or description = 'Learn with live sessions')`;
  await sql`
    insert into sessions (course_id, educator_id, start_date, end_date, timezone, schedule, max_seats, price_cents, status, deleted_at)
    select m.id, ${src.educator_id}, current_date + d.start, current_date + d.start + 30,
      'UTC', (select schedule from sessions order by id limit 1), 20, ((m.g + k) * 13 % 20) * 500,
      case when k = 2 and m.g % 5 = 0 then 'PENDING' else 'APPROVED' end,
      case when k = 1 and m.g % 9 = 0 then now() end
    from ${made} m cross join generate_series(1, 3) k
    cross join lateral (select case when k = 3 and m.g % 4 = 0 then -80 else ((m.g * 11 + k * 17) % 90 - 20)::int end as start) d
    where k <= 1 + m.g % 3`.execute(t.db);
  await sql`
    insert into reviews (course_id, user_id, rating_value, content)
    select m.id, (array[${sql.join(reviewers)}]::int[])[r], 1 + (m.g * r) % 5, 'ok'
    from ${made} m cross join generate_series(1, ${reviewers.length}) r where r <= m.g % 4`.execute(t.db);
});
afterAll(() => t.close());

interface Combo {
  query?: string;
  sort?: string;
  categoryId?: number;
  languageId?: number;
  minPrice?: number;
  maxPrice?: number;
  startFrom?: string;
  startTo?: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The courses' plain query: every rule written out over the base tables. */
async function referenceCourses(c: Combo, viewer: 'anonymous' | 'member' | 'admin'): Promise<number[]> {
  const p = c.query === undefined ? null : `%${c.query.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
  const typo = c.query !== undefined && [...c.query].length >= 4 && !/\s/.test(c.query);
  const visible =
    viewer === 'admin'
      ? sql`true`
      : viewer === 'member'
        ? sql`(not c.is_private or c.company_id = ${companyId})`
        : sql`not c.is_private`;
  const order =
    c.sort === 'soonest'
      ? sql`o.next_start asc nulls last, c.id`
      : c.sort === 'newest'
        ? sql`c.created_at desc, c.id desc`
        : c.sort === 'price_asc'
          ? sql`c.price_cents, c.id`
          : c.sort === 'price_desc'
            ? sql`c.price_cents desc, c.id desc`
            : c.sort === 'rating'
              ? sql`r.avg desc nulls last, r.n desc, c.id`
              : p
                ? sql`public.word_similarity(${c.query}, c.title) desc, o.next_start asc nulls last, c.id`
                : sql`(o.next_start is null), c.title, c.id`;
  const { rows } = await sql<{ id: number }>`
    select c.id from courses c join categories k on k.id = c.category_id
    left join lateral (select min(s.start_date) as next_start from sessions s where s.course_id = c.id
      and s.status in ('APPROVED', 'ACTIVE') and s.deleted_at is null and s.end_date >= current_date) o on true
    left join lateral (select avg(v.rating_value) as avg, count(*) as n from reviews v where v.course_id = c.id) r on true
    where c.status = 'PUBLISHED' and ${visible}
      and (${p}::text is null or c.title ilike ${p} or c.description ilike ${p} or k.name ilike ${p} or k.name_ar ilike ${p}
        or exists (select 1 from course_skills cs join skills sk on sk.id = cs.skill_id where cs.course_id = c.id and sk.name ilike ${p})
        or (${typo} and public.word_similarity(${c.query ?? ''}, c.title) >= 0.5))
      and (${c.categoryId ?? null}::int is null or c.category_id = ${c.categoryId ?? null})
      and (${c.languageId ?? null}::int is null or c.language_id = ${c.languageId ?? null})
      and (${c.minPrice ?? null}::numeric is null or c.price_cents >= ${c.minPrice ?? null}::numeric * 100)
      and (${c.maxPrice ?? null}::numeric is null or c.price_cents <= ${c.maxPrice ?? null}::numeric * 100)
      and (${c.startFrom ?? null}::date is null and ${c.startTo ?? null}::date is null or exists (
        select 1 from sessions s where s.course_id = c.id and s.status in ('APPROVED', 'ACTIVE') and s.deleted_at is null
          and s.end_date >= current_date
          and (${c.startFrom ?? null}::date is null or s.start_date >= ${c.startFrom ?? null}::date)
          and (${c.startTo ?? null}::date is null or s.start_date <= ${c.startTo ?? null}::date)))
    order by ${order}`.execute(t.db);
  return rows.map((r) => r.id);
}

/** The sessions' plain query. */
async function referenceSessions(c: Combo, viewer: 'anonymous' | 'member' | 'admin'): Promise<number[]> {
  const courseIds = new Set(
    await referenceCourses({ query: c.query, categoryId: c.categoryId, languageId: c.languageId }, viewer),
  );
  const order =
    c.sort === 'newest'
      ? sql`s.created_at desc, s.id desc`
      : c.sort === 'price_asc'
        ? sql`s.price_cents, s.id`
        : c.sort === 'price_desc'
          ? sql`s.price_cents desc, s.id desc`
          : c.sort === 'rating'
            ? sql`(select avg(v.rating_value) from reviews v where v.course_id = c.id) desc nulls last,
                  (select count(*) from reviews v where v.course_id = c.id) desc, s.id`
            : c.query !== undefined && (c.sort ?? 'relevance') === 'relevance'
              ? sql`public.word_similarity(${c.query}, c.title) desc, s.start_date, s.id`
              : sql`s.start_date, s.id`;
  const { rows } = await sql<{ id: number; course_id: number }>`
    select s.id, s.course_id from sessions s join courses c on c.id = s.course_id
    where s.status in ('APPROVED', 'ACTIVE') and s.deleted_at is null and s.end_date >= current_date
      and (${c.minPrice ?? null}::numeric is null or s.price_cents >= ${c.minPrice ?? null}::numeric * 100)
      and (${c.maxPrice ?? null}::numeric is null or s.price_cents <= ${c.maxPrice ?? null}::numeric * 100)
      and (${c.startFrom ?? null}::date is null or s.start_date >= ${c.startFrom ?? null}::date)
      and (${c.startTo ?? null}::date is null or s.start_date <= ${c.startTo ?? null}::date)
    order by ${order}`.execute(t.db);
  return rows.filter((r) => courseIds.has(r.course_id)).map((r) => r.id);
}

const urlOf = (path: string, c: Combo, page: number) => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE) });
  for (const [k, v] of Object.entries(c)) if (v !== undefined) params.set(k, String(v));
  return `${path}?${params}`;
};

/** Checks pages 1, 2 and the last of an explore call against the reference list. */
async function expectSame(path: string, c: Combo, reference: number[], token?: string) {
  const last = Math.max(1, Math.ceil(reference.length / PAGE));
  for (const page of [...new Set([1, 2, last])]) {
    const res = await t.app.inject({ method: 'GET', url: urlOf(path, c, page), headers: token ? t.auth(token) : {} });
    expect(res.statusCode, `${urlOf(path, c, page)} ${res.body}`).toBe(200);
    const data = res.json().data as { items: { id: number }[]; total: number };
    expect(data.total, urlOf(path, c, page)).toBe(reference.length);
    expect(
      data.items.map((i) => i.id),
      urlOf(path, c, page),
    ).toEqual(reference.slice((page - 1) * PAGE, page * PAGE));
  }
}

const SORTS = ['relevance', 'soonest', 'newest', 'price_asc', 'price_desc', 'rating'];

// Each test compares dozens of pages; a loaded machine may need more than the default 15 s.
describe('catalog sorts and filters, against a plain query', { timeout: 60_000 }, () => {
  it.each([[undefined], ['data'], ['DATA'], ['البيانات'], ['بيان'], ['reac'], ['pythn'], ['البينات'], ['%'], ['zzqx']])(
    'gives every sort of the whole catalog, or of a search for %s, exactly',
    async (query) => {
      for (const sort of SORTS) {
        const combo = { query, sort };
        await expectSame('/api/courses/explore', combo, await referenceCourses(combo, 'anonymous'));
      }
    },
  );

  it('finds one-letter typos and word beginnings in both languages', async () => {
    const titles = async (q: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/courses/explore?pageSize=100&query=${encodeURIComponent(q)}` })
        ).json().data.items as { title: string }[]
      ).map((c) => c.title);
    expect((await titles('pythn')).some((x) => x.includes('Python'))).toBe(true);
    expect((await titles('البينات')).some((x) => x.includes('البيانات'))).toBe(true);
    expect((await titles('Statis')).some((x) => x.includes('Statistics'))).toBe(true);
    expect((await titles('تحلي')).some((x) => x.includes('تحليل'))).toBe(true);
  });

  it('filters by language, price (free included) and start dates, alone and together, exactly', async () => {
    const languages = (await t.db.selectFrom('languages').select('id').orderBy('id').limit(2).execute()).map(
      (l) => l.id,
    );
    const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const combos: Combo[] = [
      { languageId: languages[0] },
      { languageId: languages[1], sort: 'price_desc' },
      { maxPrice: 0 },
      { minPrice: 0, maxPrice: 0, sort: 'newest' },
      { minPrice: 50, maxPrice: 120.5, sort: 'price_asc' },
      { minPrice: 100 },
      { startFrom: day(0), startTo: day(30), sort: 'soonest' },
      { startFrom: day(40) },
      { startTo: day(-1), sort: 'rating' },
      { query: 'data', languageId: languages[0], maxPrice: 150, startFrom: day(-10), sort: 'soonest' },
      { query: 'البيانات', categoryId: category, minPrice: 10, sort: 'relevance' },
    ];
    for (const combo of combos) {
      await expectSame('/api/courses/explore', combo, await referenceCourses(combo, 'anonymous'));
      await expectSame('/api/sessions/explore', combo, await referenceSessions(combo, 'anonymous'));
    }
  });

  it('sorts and filters the sessions explore exactly', async () => {
    for (const query of [undefined, 'data', 'البيانات']) {
      for (const sort of SORTS) {
        const combo = { query, sort };
        await expectSame('/api/sessions/explore', combo, await referenceSessions(combo, 'anonymous'));
      }
    }
  });

  it("shows and counts a company's private courses to its members and admins only", async () => {
    for (const combo of [{}, { query: 'data', sort: 'price_asc' }, { maxPrice: 0, sort: 'rating' }] as Combo[]) {
      const anonymous = await referenceCourses(combo, 'anonymous');
      const member = await referenceCourses(combo, 'member');
      expect(member.length).toBeGreaterThan(anonymous.length);
      await expectSame('/api/courses/explore', combo, anonymous);
      await expectSame('/api/courses/explore', combo, member, memberToken);
      await expectSame('/api/courses/explore', combo, await referenceCourses(combo, 'admin'), adminToken);
      await expectSame('/api/sessions/explore', combo, await referenceSessions(combo, 'anonymous'));
      await expectSame('/api/sessions/explore', combo, await referenceSessions(combo, 'member'), memberToken);
    }
  });

  it('keeps the search rows right after writes: a new review, a deleted session, an unpublished course', async () => {
    const combo: Combo = { sort: 'rating' };
    const top = (await referenceCourses(combo, 'anonymous'))[0]!;
    await t.db.updateTable('courses').set({ status: 'UNPUBLISHED' }).where('id', '=', top).execute();
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('status', '=', 'APPROVED')
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sessions').set({ deleted_at: new Date() }).where('id', '=', session.id).execute();
    await sql`delete from reviews where id = (select max(id) from reviews)`.execute(t.db);
    for (const c of [combo, { sort: 'soonest' }, { startFrom: day(0) }] as Combo[]) {
      await expectSame('/api/courses/explore', c, await referenceCourses(c, 'anonymous'));
      await expectSame('/api/sessions/explore', c, await referenceSessions(c, 'anonymous'));
    }
  });

  it('refuses crossed ranges and unknown sorts with 400', async () => {
    for (const url of [
      '/api/courses/explore?minPrice=20&maxPrice=10',
      '/api/courses/explore?startFrom=2030-02-01&startTo=2030-01-01',
      '/api/courses/explore?sort=cheapest',
      '/api/courses/explore?minPrice=-1',
      '/api/courses/explore?startFrom=tomorrow',
      '/api/sessions/explore?minPrice=20&maxPrice=10',
      '/api/sessions/explore?sort=popular',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});
