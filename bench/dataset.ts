/**
 * The catalog at scale: grows the demo data to ≥ `courses` published courses and
 * five sessions per new course, in a few batched `INSERT … SELECT … generate_series` statements.
 *
 * New courses are copies of the demo's public published courses (every column but the id, so that
 * columns added by later migrations are copied too), numbered "… #n"; one copy in four gets an
 * Arabic title (so that Arabic search has something to find). Their skills are copied; each gets
 * five sessions of its educator at its price: the first ended (EXPIRED), four open (APPROVED), with
 * start dates spread over the coming months, and up to three reviews. Copies taught in Arabic, free
 * copies and spread prices and creation dates give the catalog's filters and sorts something to
 * choose from. The courses' search rows (migration 0036) follow by their triggers, once per statement.
 *
 * CLI: `npx tsx bench/dataset.ts [--data-dir <DATA_DIR> | --postgres <url>] [--courses 10000]` migrates and
 * seeds an empty database first (as server/main.ts does), then grows it and prints what it made
 * (PGlite in `<DATA_DIR>/pg`, a new temporary DATA_DIR by default).
 */
import { sql, type Kysely } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import type { Database } from '../server/db/types.js';
import { hashPassword } from '../server/platform/passwords.js';

/** Arabic course titles given to one copy in four (suffixed with the copy number). */
const ARABIC_TITLES = [
  'مقدمة في علم البيانات',
  'تحليل البيانات باستخدام بايثون',
  'أساسيات البرمجة للمبتدئين',
  'تطوير تطبيقات الويب الحديثة',
  'قواعد البيانات العلائقية',
  'الأمن السيبراني العملي',
  'تعلم الآلة خطوة بخطوة',
  'هندسة البرمجيات والاختبار',
];

/** What {@link growDataset} left in the database. */
export interface DatasetSize {
  /** Published courses (every company's, private ones included). */
  publishedCourses: number;
  courses: number;
  sessions: number;
  /** Sessions a learner can join today (approved or running, not ended, not deleted). */
  openSessions: number;
  /** Time the growth took, ms (0 when nothing was added). */
  ms: number;
}

/** Counts courses and sessions. */
export async function datasetSize(db: Kysely<Database>, ms = 0): Promise<DatasetSize> {
  const r = await sql<{ published: number; courses: number; sessions: number; open: number }>`
    select (select count(*) from courses where status = 'PUBLISHED') as published,
           (select count(*) from courses) as courses,
           (select count(*) from sessions) as sessions,
           (select count(*) from sessions where status in ('APPROVED', 'ACTIVE') and deleted_at is null and end_date >= current_date) as open`.execute(
    db,
  );
  const row = r.rows[0]!;
  return {
    publishedCourses: Number(row.published),
    courses: Number(row.courses),
    sessions: Number(row.sessions),
    openSessions: Number(row.open),
    ms,
  };
}

/**
 * Grows a migrated, seeded database to at least `courses` published courses and `sessions` sessions
 * (default 5 × courses; nothing is added when there are that many courses already). One transaction; ids are given explicitly (then the sequences moved
 * past them) so that the copies' skills and sessions are inserted by set, not row by row.
 * @throws when the database has no public published course to copy.
 */
export async function growDataset(
  db: Kysely<Database>,
  opts: { courses?: number; sessions?: number; sessionsPerCourse?: number } = {},
): Promise<DatasetSize> {
  const target = opts.courses ?? 10_000;
  const targetSessions = opts.sessions ?? target * 5;
  const perCourse = opts.sessionsPerCourse ?? 5;
  const t0 = performance.now();
  const before = await datasetSize(db);
  if (before.publishedCourses >= target) return before;
  await db.transaction().execute(async (trx) => {
    const sources = await sql<{
      n: number;
    }>`select count(*) as n from courses where status = 'PUBLISHED' and not is_private`.execute(trx);
    const n = Number(sources.rows[0]!.n);
    if (n === 0) throw new Error('growDataset: no public published course to copy (seed the demo data first)');
    const copies = Math.max(
      Math.ceil((target - before.publishedCourses) / n),
      Math.ceil((targetSessions - before.sessions) / (n * perCourse)),
    );
    const { rows: cols } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'courses' and column_name <> 'id' order by ordinal_position`.execute(
      trx,
    );
    const names = cols.map((c) => c.column_name);
    const list = sql.join(names.map((c) => sql.ref(c)));
    const arabic = sql.join(ARABIC_TITLES.map((t) => sql.lit(t)));
    // Copies vary what the catalog filters and sorts on: an Arabic copy is taught in Arabic (when
    // the languages hold it), one copy in ten is free, prices and creation dates spread.
    const { rows: langRows } = await sql<{ id: number }>`select id from languages where code = 'ar'`.execute(trx);
    const arabicLanguage = langRows[0]?.id;
    const values = sql.join(
      names.map((c) => {
        if (c === 'title')
          return sql`case when g % 4 = 0 then (array[${arabic}])[1 + (s.rn + g) % ${sql.lit(ARABIC_TITLES.length)}] || ' #' || g else s.title || ' #' || g end`;
        if (c === 'language_id' && arabicLanguage !== undefined)
          return sql`case when g % 4 = 0 then ${sql.lit(arabicLanguage)} else s.language_id end`;
        if (c === 'price_cents') return sql`case when g % 10 = 0 then 0 else s.price_cents + (g % 17) * 500 end`;
        if (c === 'created_at') return sql`s.created_at - ((g * 7919) % 1000) * interval '1 hour'`;
        return sql`s.${sql.ref(c)}`;
      }),
    );
    // As a superuser (the benches' PostgreSQL, PGlite), the row triggers and the search rows'
    // statement triggers are held back for the bulk inserts (`session_replication_role`); the new
    // courses' search rows are then made in one statement and the catalog generation moved, as the
    // triggers would have (migrations 0021, 0036). Otherwise they run once per statement.
    const { rows: su } = await sql<{
      s: boolean;
    }>`select rolsuper as s from pg_roles where rolname = current_user`.execute(trx);
    const quiet = su[0]?.s === true;
    if (quiet) await sql`set local session_replication_role = replica`.execute(trx);
    const { rows: maxRows } = await sql<{ m: number }>`select coalesce(max(id), 0) as m from courses`.execute(trx);
    const base = Number(maxRows[0]!.m);
    // The copy g of source rn gets id base + (g-1)·n + rn.
    const src = sql`(select c.*, row_number() over (order by c.id) as rn from courses c where c.status = 'PUBLISHED' and not c.is_private)`;
    await sql`
      insert into courses (id, ${list})
      select ${base} + (g - 1) * ${n} + s.rn, ${values}
      from ${src} s cross join generate_series(1, ${copies}) g`.execute(trx);
    await sql`
      insert into course_skills (course_id, skill_id, type)
      select ${base} + (g - 1) * ${n} + s.rn, cs.skill_id, cs.type
      from ${src} s join course_skills cs on cs.course_id = s.id cross join generate_series(1, ${copies}) g`.execute(
      trx,
    );
    await sql`select setval(pg_get_serial_sequence('courses', 'id'), (select max(id) from courses))`.execute(trx);
    // Five sessions per copy: k = 1 ended months ago (EXPIRED); k = 2…5 open (APPROVED), the first
    // of them running since last week or starting within a week, the others three weeks apart.
    await sql`
      insert into sessions (course_id, educator_id, start_date, end_date, timezone, schedule, max_seats, price_cents, status)
      select c.id, c.educator_id, d.start_date, d.start_date + 56, t.timezone, t.schedule, 20 + (c.id % 5) * 10, c.price_cents,
             case when k = 1 then 'EXPIRED' else 'APPROVED' end
      from courses c
      cross join generate_series(1, ${perCourse}) k
      cross join lateral (select current_date + (case when k = 1 then -120 else (k - 2) * 21 - 7 end + c.id % 14)::int as start_date) d
      cross join (select timezone, schedule from sessions order by id limit 1) t
      where c.id > ${base}`.execute(trx);
    // Up to three reviews per copy by the first learners, so that the rating order has averages to sort.
    await sql`
      insert into reviews (course_id, user_id, rating_value, content)
      select c.id, u.id, 1 + (c.id * u.rn) % 5, 'Copied course review'
      from courses c
      cross join (select id, row_number() over (order by id) as rn from users where role = 'LEARNER' order by id limit 3) u
      where c.id > ${base} and u.rn <= c.id % 4`.execute(trx);
    if (quiet) {
      await sql`set local session_replication_role = origin`.execute(trx);
      await sql`select refresh_course_catalog(array(select id from courses where id > ${base}))`.execute(trx);
      await sql`update catalog_generation set value = value + 1`.execute(trx);
    }
  });
  // Vacuumed as well as analysed: the visibility map lets the counts be index-only scans at once.
  await sql`vacuum analyze`.execute(db);
  return datasetSize(db, performance.now() - t0);
}

/**
 * Opens a database, migrates and seeds it when empty (the server's first start), and grows it to
 * `courses` published courses. The caller closes the handle.
 */
export async function prepareDataset(
  target: DatabaseTarget,
  opts: { courses?: number; uploadsDir?: string | null } = {},
): Promise<{ handle: DatabaseHandle; size: DatasetSize }> {
  const handle = await openDatabase(target);
  await migrateToLatest(handle.db, handle.schema);
  await seedDemoData(handle.db, { uploadsDir: opts.uploadsDir ?? null, hashPassword });
  const size = await growDataset(handle.db, { courses: opts.courses });
  return { handle, size };
}

/** `1234567` → `1,234,567`. */
export const thousands = (n: number) => n.toLocaleString('en-US');

export const describeSize = (s: DatasetSize) =>
  `${thousands(s.publishedCourses)} published courses (${thousands(s.courses)} in all), ${thousands(s.sessions)} sessions (${thousands(s.openSessions)} open)`;

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const pgUrl = opt('--postgres');
  const dataDir = opt('--data-dir') ?? (pgUrl ? undefined : mkdtempSync(join(tmpdir(), 'halaqa-dataset-')));
  const courses = Number(opt('--courses') ?? 10_000);
  const target: DatabaseTarget = pgUrl
    ? { kind: 'postgres', url: pgUrl }
    : { kind: 'pglite', dir: join(dataDir!, 'pg') };
  const t0 = performance.now();
  const { handle, size } = await prepareDataset(target, {
    courses,
    uploadsDir: dataDir ? join(dataDir, 'uploads') : null,
  });
  await handle.close();
  console.log(
    `${handle.describe}: ${describeSize(size)}; grown in ${(size.ms / 1000).toFixed(1)} s (${((performance.now() - t0) / 1000).toFixed(1)} s with migrations and demo data)`,
  );
  console.log(
    pgUrl
      ? `Start a server on it: DATABASE_URL=${pgUrl} npm start`
      : `Start a server on it: DATA_DIR=${dataDir} npm start`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cli().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
