import { type Kysely, sql } from 'kysely';

/** The tables whose rows decide which courses and sessions the catalog lists, and in which order. */
const CATALOG_TABLES = ['courses', 'sessions', 'course_skills', 'skills', 'categories'] as const;

/**
 * The catalog generation: a number that grows with every committed transaction
 * that writes a table the catalog's listings are read from ({@link CATALOG_TABLES}), so that the
 * server can keep a listing (GET /courses/explore, GET /sessions/explore: the page's ids and
 * total) for as long as the generation it was read at is current (server/modules/courses/listings.ts).
 *
 * The writes are seen by the database itself, so no handler, job, seed or test can forget them,
 * and every server instance on one database sees the same generation.
 * - A deferred constraint trigger adds 1 at commit, once per transaction (a transaction-local
 *   setting remembers it), so the new generation becomes visible in the same instant as the rows
 *   it stands for, and the row of the generation is locked only for the commit itself (no lock
 *   held across a transaction's other statements, hence no deadlock with them).
 * - `truncate` is not watched (constraint triggers cannot be); the product never truncates these.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalog_generation (id boolean primary key default true check (id), value bigint not null default 0)`.execute(
    db,
  );
  await sql`insert into catalog_generation default values`.execute(db);
  await sql`
    create function catalog_changed() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('halaqa.catalog_changed', true), '') <> txid_current()::text then
        update catalog_generation set value = value + 1;
        perform set_config('halaqa.catalog_changed', txid_current()::text, true);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of CATALOG_TABLES) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_catalog_changed`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function catalog_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CATALOG_TABLES)
    await sql`drop trigger if exists ${sql.raw(`${table}_catalog_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists catalog_changed()`.execute(db);
  await sql`drop table if exists catalog_generation`.execute(db);
}
