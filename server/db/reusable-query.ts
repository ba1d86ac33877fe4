import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * The value a {@link reusableQuery} builds its query with standing in for the list of ids: every
 * parameter equal to it is replaced, at each run, by the ids in PostgreSQL's array form (`{1,2,3}`,
 * as `idIn` of server/modules/courses/search.ts passes them). Never a real value.
 */
export const IDS_STAND_IN = '{halaqa:reusable-query:ids}';

/** Likewise the instant of the call (the app's clock): replaced at each run by the `now` passed. Never a real value. */
const NOW_STAND_IN = '{halaqa:reusable-query:now}';

/**
 * A query over a list of ids that Kysely builds and compiles once per database handle, then runs
 * with each call's ids: its SQL text does not depend on them (they are one array parameter). For
 * the read model's hot queries (a catalog page's summaries), where building the query with
 * Kysely's builder cost more of the server's time than PostgreSQL took to run it.
 *
 * @param build builds the query; it must pass `ids` (which is {@link IDS_STAND_IN}) wherever
 *   the ids go, as one parameter, and `now` (a stand-in too) wherever the current instant goes (a
 *   timestamptz parameter), and must not depend on anything else that changes between calls.
 * @returns a function running the query for `ids` (integers) at `now` and returning its rows.
 */
export function reusableQuery<R>(
  build: (db: Kysely<Database>, ids: string, now: string) => Compilable<R>,
): (db: Kysely<Database>, ids: number[], now: Date) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  return async (db, ids, now) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db, IDS_STAND_IN, NOW_STAND_IN).compile()));
    const list = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
    const { rows } = await db.executeQuery<R>({
      ...query,
      parameters: query.parameters.map((p) => (p === IDS_STAND_IN ? list : p === NOW_STAND_IN ? now : p)),
    });
    return rows;
  };
}
