import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * What the metrics watch of a database's connections: the pool's use, the waits for a connection and
 * the connection errors (server/db/database.ts opens the databases and reports to these).
 */

/**
 * How a database opened by `openDatabase` (db/database.ts) uses its connections now (the metrics' pool gauges).
 * On PostgreSQL: pg's pool (`max` connections, `inUse` checked out, `idle` open and free, `waiting`
 * queries queued for a connection). On PGlite: its one connection, taken in turn through the
 * LoopBudget (db/loop-budget.ts) (`inUse` 1 while a query or transaction runs, `waiting` the units queued for it).
 */
export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

export const poolStats = new WeakMap<Kysely<Database>, () => PoolStats>();

/** The connection use of `db` now (see {@link PoolStats}); null for a Kysely instance this module did not open. */
export function databasePoolStats(db: Kysely<Database>): PoolStats | null {
  return poolStats.get(db)?.() ?? null;
}

/** Listeners of connection waits per database opened by `openDatabase` (db/database.ts) (see {@link onConnectionWait}). */
const connectionWaitListeners = new WeakMap<Kysely<Database>, Set<(seconds: number) => void>>();

/**
 * Calls `listener` with how long (seconds) each query outside a transaction, and each transaction,
 * of `db` waited for its connection: pg's pool checkout on PostgreSQL (a failed one too), its turn
 * through the LoopBudget (db/loop-budget.ts) on PGlite. The app's metrics observe it (server/platform/metrics.ts).
 * @returns a function that removes the listener.
 */
export function onConnectionWait(db: Kysely<Database>, listener: (seconds: number) => void): () => void {
  return addListener(connectionWaitListeners, db, listener);
}

/** Adds `listener` to the listeners of `db` in `listeners`. @returns a function that removes it. */
function addListener<L>(listeners: WeakMap<Kysely<Database>, Set<L>>, db: Kysely<Database>, listener: L): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/** Hands a connection wait of `db` to its listeners ({@link onConnectionWait}). */
export function reportConnectionWait(db: Kysely<Database>, startedMs: number): void {
  const listeners = connectionWaitListeners.get(db);
  if (!listeners?.size) return;
  const seconds = (performance.now() - startedMs) / 1000;
  for (const listener of listeners) listener(seconds);
}

/** Listeners of connection errors per database opened by `openDatabase` (db/database.ts) (see {@link onConnectionError}). */
export const connectionErrorListeners = new WeakMap<Kysely<Database>, Set<(err: unknown) => void>>();

/**
 * Calls `listener` with every error of a PostgreSQL connection of `db` that no query is waiting for:
 * an idle pooled connection ended by the server, or a connection lost while checked out (the query
 * that used it fails with `DatabaseUnavailableError` (db/database.ts)). Such connections are discarded and the
 * pool opens new ones on demand; the app logs these (server/app.ts). Without a listener they are
 * written to stderr, one line each: a lost connection never ends the process.
 * @returns a function that removes the listener.
 */
export function onConnectionError(db: Kysely<Database>, listener: (err: unknown) => void): () => void {
  return addListener(connectionErrorListeners, db, listener);
}
