import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { TenantScope } from '../../platform/tenancy.js';

/** The most listings kept per database; the least recently used one goes first. */
const MAX_LISTINGS = 500;

/** Listings read at one catalog generation and date, most recently used last. */
interface Generation {
  stamp: string;
  listings: Map<string, Promise<unknown>>;
}

/** One cache per database handle: the API tests open many databases in one process. */
const caches = new WeakMap<Kysely<Database>, Generation>();

/**
 * The day (`YYYY-MM-DD`, the database's) each database's stale search rows were last re-read on
 * (`refresh_stale_course_catalog`, migration 0036): a course's next start and whether it has an
 * open session depend on the date, which no write announces.
 */
const refreshedOn = new WeakMap<Kysely<Database>, { day: string; done: Promise<void> }>();

/**
 * The part of a viewer that decides which courses the catalog shows them (`courseVisible` in
 * platform/tenancy.ts): admins see every published course, everyone else the public ones and
 * their own company's private ones.
 */
export function visibilityKey(viewer: TenantScope): string {
  return viewer.isStaff ? 'staff' : `company:${viewer.companyId ?? '-'}`;
}

/**
 * A catalog listing (what a page of GET /courses/explore or GET /sessions/explore shows, in order,
 * and how many there are), read by `read` at most once per catalog generation.
 *
 * The generation (migration 0021) grows in the same commit as any write to the tables the listings
 * come from, and the listings also depend on the date (a session that ended yesterday is no longer
 * open), so a listing is reused only while both are those it was read at: one small read per call
 * instead of the count and ordered scan over 10,000 courses. What a listing's rows show that
 * changes without such a write (seats left, ratings) is not part of it: the caller reads that fresh.
 * Concurrent calls for one key share one read; a failed read is forgotten.
 *
 * @param key everything the listing depends on besides the generation and date: the operation,
 *   the viewer's {@link visibilityKey}, the filters, page and page size.
 * @returns what `read` returned for this key at the current generation and date (shared: do not mutate).
 */
export async function cachedListing<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{
    stamp: string;
  }>`select value::text || ' ' || current_date::text as stamp from catalog_generation`.execute(db);
  const stamp = rows[0]?.stamp ?? '';
  let generation = caches.get(db);
  if (!generation || generation.stamp !== stamp) {
    const day = stamp.slice(stamp.indexOf(' ') + 1);
    let refresh = refreshedOn.get(db);
    if (refresh?.day !== day) {
      // A new day: search rows whose earliest open session has ended are re-read first (once;
      // concurrent calls wait for the same refresh, a failed one is tried again by the next call).
      refresh = { day, done: sql`select refresh_stale_course_catalog()`.execute(db).then(() => undefined) };
      refreshedOn.set(db, refresh);
      const current = refresh;
      current.done.catch(() => {
        if (refreshedOn.get(db) === current) refreshedOn.delete(db);
      });
    }
    await refresh.done;
    generation = { stamp, listings: new Map() };
    caches.set(db, generation);
  }
  const { listings } = generation;
  const kept = listings.get(key) as Promise<T> | undefined;
  if (kept) {
    listings.delete(key);
    listings.set(key, kept);
    return kept;
  }
  const reading = read();
  listings.set(key, reading);
  reading.catch(() => {
    if (listings.get(key) === reading) listings.delete(key);
  });
  if (listings.size > MAX_LISTINGS) listings.delete(listings.keys().next().value!);
  return reading;
}
