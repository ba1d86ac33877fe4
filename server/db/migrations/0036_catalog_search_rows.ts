import { type Kysely, sql } from 'kysely';

/**
 * One narrow search row per course (`course_catalog`), so that the catalog's search, filters,
 * sorts and exact totals read one table by its indexes instead of joining courses, sessions,
 * reviews, skills and categories and aggregating them for every call:
 * - the course's own columns the catalog filters and sorts on (status, tenancy, category,
 *   difficulty, language, price in cents, creation time, title);
 * - `doc`: the lower-cased texts the search looks into (title, description, the category's English
 *   and Arabic names, the skills' names), joined by U+001F, which no search text holds (the server
 *   turns control characters into spaces), so a match never spans two texts;
 * - `next_start`: the earliest start of its open sessions (approved or running, not deleted, not
 *   ended), null without one; `open_until`: the earliest end among them (the day after it, the row
 *   may be stale: `refresh_stale_course_catalog` re-reads such rows, called once a day by the
 *   listings, server/modules/courses/listings.ts);
 * - `rating_avg`, `rating_count`: its reviews' exact average (not rounded) and number;
 * - `open_sessions`: how many open sessions it has (the sessions explore's total without a
 *   session filter is their sum over the matching courses: 100,000 rows instead of 500,000).
 *
 * Rows are kept by statement-level triggers (with transition tables, so a bulk insert of 100,000
 * courses refreshes them in one set-based statement) on every table they are read from; the
 * refresh re-reads the affected courses whole, so no trigger computes a delta. Reviews now also
 * move the catalog generation (migration 0021): the rating order depends on them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table course_catalog (
      course_id integer primary key references courses (id) on delete cascade,
      status text not null,
      is_private boolean not null,
      company_id integer,
      category_id integer not null,
      difficulty_level text not null,
      language_id integer not null,
      price_cents integer not null,
      created_at timestamptz not null,
      title text not null,
      doc text not null,
      next_start date,
      open_until date,
      rating_avg numeric,
      rating_count integer not null default 0,
      open_sessions integer not null default 0
    ) with (toast_tuple_target = 128)`.execute(db);
  // The search text is kept out of line (TOAST), so that the rows the counts and orders read stay
  // narrow (about 120 bytes instead of the description's kilobyte): ten times fewer pages to read.
  await sql`alter table course_catalog alter column doc set storage external`.execute(db);
  await sql`
    create function refresh_course_catalog(ids integer[]) returns void language plpgsql as $$
    begin
      delete from course_catalog k using unnest(ids) as x (id) where k.course_id = x.id
        and not exists (select 1 from courses c where c.id = k.course_id);
      insert into course_catalog (course_id, status, is_private, company_id, category_id, difficulty_level,
        language_id, price_cents, created_at, title, doc, next_start, open_until, rating_avg, rating_count, open_sessions)
      select c.id, c.status, c.is_private, c.company_id, c.category_id, c.difficulty_level, c.language_id,
        c.price_cents, c.created_at, c.title,
        lower(concat_ws(chr(31), c.title, c.description, cat.name, cat.name_ar,
          (select string_agg(sk.name, chr(31) order by sk.id) from course_skills cs join skills sk on sk.id = cs.skill_id
           where cs.course_id = c.id))),
        o.next_start, o.open_until, r.avg, coalesce(r.n, 0), o.n
      from courses c
      join categories cat on cat.id = c.category_id
      left join lateral (
        select min(s.start_date) as next_start, min(s.end_date) as open_until, count(*)::int as n from sessions s
        where s.course_id = c.id and s.status in ('APPROVED', 'ACTIVE') and s.deleted_at is null
          and s.end_date >= current_date) o on true
      left join lateral (select avg(v.rating_value) as avg, count(*)::int as n from reviews v where v.course_id = c.id) r on true
      where c.id in (select distinct x.id from unnest(ids) as x (id))
      on conflict (course_id) do update set status = excluded.status, is_private = excluded.is_private,
        company_id = excluded.company_id, category_id = excluded.category_id,
        difficulty_level = excluded.difficulty_level, language_id = excluded.language_id,
        price_cents = excluded.price_cents, created_at = excluded.created_at, title = excluded.title,
        doc = excluded.doc, next_start = excluded.next_start, open_until = excluded.open_until,
        rating_avg = excluded.rating_avg, rating_count = excluded.rating_count, open_sessions = excluded.open_sessions;
    end $$`.execute(db);
  await sql`
    create function refresh_stale_course_catalog() returns integer language plpgsql as $$
    declare stale integer[];
    begin
      select array_agg(course_id) into stale from course_catalog where open_until < current_date;
      if stale is null then return 0; end if;
      perform refresh_course_catalog(stale);
      return cardinality(stale);
    end $$`.execute(db);
  // One trigger function per way a table names its courses; each reads the statement's transition tables.
  const triggerFunctions: [string, string][] = [
    [
      'courses',
      'select array_agg(distinct id) from (select id from changed_new union all select id from changed_old) x',
    ],
    [
      'by_course',
      'select array_agg(distinct course_id) from (select course_id from changed_new union all select course_id from changed_old) x',
    ],
    [
      'skills',
      'select array_agg(distinct cs.course_id) from course_skills cs where cs.skill_id in (select id from changed_new union all select id from changed_old)',
    ],
    [
      'categories',
      'select array_agg(c.id) from courses c where c.category_id in (select id from changed_new union all select id from changed_old)',
    ],
  ];
  for (const [name, select] of triggerFunctions) {
    for (const [suffix, tables] of [
      ['ins', 'changed_new as (select * from new_rows), changed_old as (select * from new_rows where false)'],
      ['del', 'changed_new as (select * from old_rows where false), changed_old as (select * from old_rows)'],
      ['upd', 'changed_new as (select * from new_rows), changed_old as (select * from old_rows)'],
    ] as const) {
      await sql
        .raw(`
        create function course_catalog_${name}_${suffix}() returns trigger language plpgsql as $$
        declare ids integer[];
        begin
          with ${tables} ${select} into ids;
          if ids is not null then perform refresh_course_catalog(ids); end if;
          return null;
        end $$`)
        .execute(db);
    }
  }
  // A session's update matters only when it changes what the row reads (a seat counter's does not).
  await sql`
    create function course_catalog_sessions_upd() returns trigger language plpgsql as $$
    declare ids integer[];
    begin
      select array_agg(distinct x.course_id) into ids from (
        select n.course_id from new_rows n join old_rows o on o.id = n.id
        where (n.course_id, n.status, n.start_date, n.end_date, n.deleted_at)
          is distinct from (o.course_id, o.status, o.start_date, o.end_date, o.deleted_at)
        union all
        select o.course_id from new_rows n join old_rows o on o.id = n.id where n.course_id <> o.course_id) x;
      if ids is not null then perform refresh_course_catalog(ids); end if;
      return null;
    end $$`.execute(db);
  for (const [table, fn] of [
    ['courses', 'courses'],
    ['sessions', 'by_course'],
    ['reviews', 'by_course'],
    ['course_skills', 'by_course'],
    ['skills', 'skills'],
    ['categories', 'categories'],
  ] as const) {
    const events: [string, string, string][] = [
      ['ins', 'insert', 'new table as new_rows'],
      ['del', 'delete', 'old table as old_rows'],
      ['upd', 'update', 'new table as new_rows old table as old_rows'],
    ];
    for (const [suffix, event, referencing] of events) {
      if ((table === 'skills' || table === 'categories') && suffix !== 'upd') continue;
      const fnName =
        table === 'sessions' && suffix === 'upd' ? 'course_catalog_sessions_upd' : `course_catalog_${fn}_${suffix}`;
      await sql
        .raw(
          `create trigger ${table}_course_catalog_${suffix} after ${event} on ${table} referencing ${referencing}
           for each statement execute function ${fnName}()`,
        )
        .execute(db);
    }
  }
  await sql`select refresh_course_catalog(array(select id from courses))`.execute(db);
  // Ratings decide an order now: reviews move the catalog generation as the other catalog tables do.
  await sql`
    create constraint trigger reviews_catalog_changed after insert or update or delete on reviews
    deferrable initially deferred for each row execute function catalog_changed()`.execute(db);

  // The search: "contains" over the texts, and one-letter typos of title words (word similarity).
  await sql`create index course_catalog_doc_trgm_idx on course_catalog using gin (doc public.gin_trgm_ops)`.execute(db);
  await sql`create index course_catalog_title_trgm_idx on course_catalog using gin (title public.gin_trgm_ops)`.execute(
    db,
  );
  // The orders, each after the status, carrying every filter column (INCLUDE): a page is read, and
  // a deep page's offset skipped, by an index-only scan (a deep page of the usual order at 100,000
  // courses: 125 → 7 ms on the loaded bench machine).
  const carried = [
    'is_private',
    'company_id',
    'category_id',
    'difficulty_level',
    'language_id',
    'price_cents',
    'next_start',
  ];
  const orders: [string, string, string[]][] = [
    ['usual', 'status, (next_start is null), title, course_id', ['next_start']],
    ['soonest', 'status, next_start, course_id', ['next_start']],
    ['newest', 'status, created_at desc, course_id desc', []],
    ['price', 'status, price_cents, course_id', ['price_cents']],
    ['rating', 'status, rating_avg desc nulls last, rating_count desc, course_id', []],
  ];
  for (const [name, keys, inKeys] of orders) {
    const include = carried.filter((c) => !inKeys.includes(c) || name === 'usual').join(', ');
    await sql
      .raw(`create index course_catalog_${name}_idx on course_catalog (${keys}) include (${include})`)
      .execute(db);
  }
  await sql`create index course_catalog_filters_idx on course_catalog (status, is_private, company_id, category_id, difficulty_level, language_id, price_cents, next_start)`.execute(
    db,
  );
  await sql`create index course_catalog_open_until_idx on course_catalog (open_until)`.execute(db);
  // Sessions explore: open sessions by price and by creation.
  await sql`create index sessions_price_idx on sessions (price_cents, id)`.execute(db);
  await sql`create index sessions_created_idx on sessions (created_at desc, id desc)`.execute(db);
  await sql`create index reviews_course_idx on reviews (course_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists reviews_catalog_changed on reviews`.execute(db);
  for (const table of ['courses', 'sessions', 'reviews', 'course_skills', 'skills', 'categories'])
    for (const suffix of ['ins', 'del', 'upd'])
      await sql.raw(`drop trigger if exists ${table}_course_catalog_${suffix} on ${table}`).execute(db);
  for (const name of ['courses', 'by_course', 'skills', 'categories'])
    for (const suffix of ['ins', 'del', 'upd'])
      await sql.raw(`drop function if exists course_catalog_${name}_${suffix}()`).execute(db);
  await sql`drop function if exists course_catalog_sessions_upd()`.execute(db);
  await sql`drop function if exists refresh_stale_course_catalog()`.execute(db);
  await sql`drop function if exists refresh_course_catalog(integer[])`.execute(db);
  for (const name of ['reviews_course_idx', 'sessions_created_idx', 'sessions_price_idx'])
    await db.schema.dropIndex(name).ifExists().execute();
  await sql`drop table if exists course_catalog`.execute(db);
}
