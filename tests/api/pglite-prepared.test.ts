import { type PGlite } from '@electric-sql/pglite';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, notificationSourceOf, openDatabase } from '../../server/db/database.js';
import type { Database } from '../../server/db/types.js';
import { MAX_PREPARED, transactionControl } from '../../server/db/pglite-prepared.js';
import { preparable } from '../../server/db/statements.js';

/**
 * PGlite's statements run as named prepared statements (server/db/pglite-prepared.ts):
 * the same rows, types and errors as PGlite's own query(), each text parsed once.
 */
describe('prepared statements on PGlite', () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let client: PGlite;

  const any = () => db as unknown as Kysely<any>;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dir: null });
    db = handle.db;
    const source = notificationSourceOf(db);
    if (source?.kind !== 'pglite') throw new Error('expected PGlite');
    client = source.client;
    await sql`create table probe (id int primary key, big bigint, label text, day date, at timestamptz, doc jsonb, amount numeric(10, 2), ok boolean, tags text[])`.execute(
      db,
    );
  });
  afterAll(() => handle.close());

  it('parses a statement once, under a name, and runs it again by that name', async () => {
    const q = () => sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db);
    expect((await q()).rows).toEqual([{ n: 42 }]);
    expect((await q()).rows).toEqual([{ n: 42 }]);
    const { rows } = await client.query<{ statement: string }>(
      `select statement from pg_prepared_statements where statement like '%+ 1 as n%'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('writes and reads every column type as PGlite query() does, parameters and nulls included', async () => {
    const insert = (id: number, values: Record<string, unknown>) =>
      any()
        .insertInto('probe')
        .values({ id, ...values })
        .execute();
    await insert(1, {
      big: 9_007_199_254_740,
      label: 'عربي "quoted"',
      day: '2026-11-26',
      at: new Date('2026-11-26T10:00:00Z'),
      doc: JSON.stringify({ a: [1, 2] }),
      amount: '12.50',
      ok: true,
      tags: ['x', 'y'],
    });
    await insert(2, { big: null, label: null, day: null, at: null, doc: null, amount: null, ok: false, tags: [] });
    const text = 'select * from "probe" where "id" >= $1 order by "id"';
    for (let i = 0; i < 7; i++) {
      // Seven times: PostgreSQL plans a prepared statement afresh five times, then may keep a generic plan.
      const mine = await any().selectFrom('probe').selectAll().where('id', '>=', 1).orderBy('id').execute();
      expect(mine).toEqual((await client.query(text, [1])).rows);
    }
    const [row] = await any().selectFrom('probe').selectAll().where('id', '=', 1).execute();
    expect(row).toMatchObject({
      big: 9_007_199_254_740,
      day: '2026-11-26',
      at: new Date('2026-11-26T10:00:00Z'),
      doc: { a: [1, 2] },
      amount: 12.5,
      ok: true,
      tags: ['x', 'y'],
    });
    const updated = await any().updateTable('probe').set({ label: 'b' }).where('id', 'in', [1, 2]).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it("refuses a bad write with PostgreSQL's error code, and the database goes on, inside a transaction and outside", async () => {
    const duplicate = () => any().insertInto('probe').values({ id: 1, ok: true }).execute();
    for (let i = 0; i < 2; i++) await expect(duplicate()).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<any>).insertInto('probe').values({ id: 3, ok: true }).execute();
        await (trx as unknown as Kysely<any>).insertInto('probe').values({ id: 1, ok: true }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await any().selectFrom('probe').select('id').orderBy('id').execute();
    expect(ids).toEqual([{ id: 1 }, { id: 2 }]);
    await expect(sql`select nope from probe`.execute(db)).rejects.toMatchObject({ code: '42703' });
    expect((await sql<{ n: number }>`select count(*)::int as n from probe`.execute(db)).rows).toEqual([{ n: 2 }]);
  });

  it(`runs statements past the ${MAX_PREPARED} it keeps, unprepared`, async () => {
    for (let i = 0; i < MAX_PREPARED + 5; i++) {
      const { rows } = await sql<{ n: number }>`select ${i}::int + ${sql.lit(i)} as n`.execute(db);
      expect(rows).toEqual([{ n: 2 * i }]);
    }
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(rows[0]!.n).toBe(MAX_PREPARED);
  });

  it('prepares queries and writes, not transaction control, DDL or an on conflict on a partial index', () => {
    expect(
      preparable(
        'insert into "idempotency_keys" ("user_id", "key") values ($1, $2) on conflict ("user_id", "key") do nothing returning "user_id"',
      ),
    ).toBe(true);
    expect(preparable('insert into "users" ("email") values ($1) on conflict (lower(email)) do nothing')).toBe(true);
    expect(
      preparable(
        'insert into "quiz_attempts" ("user_id") values ($1) on conflict ("lesson_id", "session_id", "user_id") where "status" = $2 do nothing',
      ),
    ).toBe(false);
    expect(preparable('with x as (select 1) select * from x')).toBe(true);
    for (const text of ['begin', 'commit', 'create table t (id int)', "set local lock_timeout = '1s'"])
      expect(preparable(text)).toBe(false);
    expect(
      ['begin', 'COMMIT', 'rollback', 'start transaction isolation level serializable'].every(transactionControl),
    ).toBe(true);
    expect(transactionControl('commit; drop table probe')).toBe(false);
  });
});
