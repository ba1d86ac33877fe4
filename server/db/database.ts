import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Dialect, type PostgresPool, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { LoopBudget } from './loop-budget.js';
import { preparedDialect } from './pglite-prepared.js';
import { preparable } from './statements.js';
import { withConnectionHandling } from './dialect-connections.js';
import type { Database } from './types.js';
import { connectionErrorListeners, poolStats, reportConnectionWait } from './connection-events.js';

/** OIDs of the PostgreSQL types whose text form we keep as is. */
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Where the data lives.
 * - `{ kind: 'pglite', dir, image? }`: embedded PostgreSQL (PGlite) in `dir`, or in memory when `dir`
 *   is null; `image` (a `dumpDataDir()` archive, see {@link dumpDatabaseImage}) starts it as a copy
 *   of another database instead of empty.
 * - `{ kind: 'postgres', url, schema? }`: a PostgreSQL server; `schema` (created when missing) isolates
 *   a test file's tables in a shared database.
 */
export type DatabaseTarget =
  | { kind: 'pglite'; dir: string | null; image?: Blob }
  | { kind: 'postgres'; url: string; schema?: string };

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** The PostgreSQL schema the tables live in ('public' unless a test schema was asked for). */
  schema: string;
  /** A human-readable description for logs, never containing credentials. */
  describe: string;
  close(): Promise<void>;
}

const pgliteClients = new WeakMap<Kysely<Database>, PGlite>();
/** Where each PostgreSQL database opened by {@link openDatabase} lives (for a dedicated LISTEN client). */
const postgresTargets = new WeakMap<Kysely<Database>, { url: string; schema: string }>();

/**
 * How a database opened by {@link openDatabase} is reached for notifications (server/db/notifications.ts):
 * the PGlite instance itself (in-process), or the PostgreSQL server's URL and the schema whose
 * channels are meant. null for a Kysely instance this module did not open.
 */
export function notificationSourceOf(
  db: Kysely<Database>,
): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; schema: string } | null {
  const client = pgliteClients.get(db);
  if (client) return { kind: 'pglite', client };
  const target = postgresTargets.get(db);
  return target ? { kind: 'postgres', ...target } : null;
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters.
 * shared_buffers: 16 MB instead of initdb's 128 MB. PGlite allocates the whole buffer pool in its
 * WebAssembly memory at start (zeroed, so resident): 128 MB of it made the server's resident memory
 * at rest about 450 MB (≤ 300 MB), 32 MB about 293 MB, 16 MB 277 MB. 16 MB holds
 * the demo database (~10 MB of tables and indexes); the operating system's file cache serves the
 * rest, and the catalog at 10,000 courses answered as fast with 16 MB as with 32 (bench/catalog.ts).
 */
/**
 * `pg_trgm.word_similarity_threshold`: the catalog search's typo rule (a title word one letter off,
 * word similarity ≥ 0.5, server/modules/courses/search.ts) is answered by the trigram index only
 * when the `<%` operator's threshold is that low; set on every connection (PGlite and PostgreSQL).
 */
const TRIGRAM_SETTING = 'pg_trgm.word_similarity_threshold=0.5';

const PGLITE_SETTINGS = ['shared_buffers=16MB', TRIGRAM_SETTING];

/**
 * A tar archive of a PGlite database's files (PGlite `dumpDataDir`), which
 * `openDatabase({ kind: 'pglite', dir, image })` opens as a copy: tests migrate and seed one
 * database and start every test file from its image instead of repeating that work, and the admin
 * command's `backup` writes it gzipped (`restore` opens it so). Uncompressed by default because
 * the tests open it far more often than they make it: the seeded demo image (~40 MB) opens in
 * about 0.4 s, its gzipped form (~5 MB) in 0.7 s. PGlite recognises a gzipped
 * image by the Blob's type (`application/gzip`).
 * @throws when `db` was not opened on PGlite by {@link openDatabase}.
 */
export async function dumpDatabaseImage(db: Kysely<Database>, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('dumpDatabaseImage needs a PGlite database opened by openDatabase');
  return client.dumpDataDir(compression);
}

/** The most statements one PostgreSQL connection keeps prepared (each costs the server some memory). */
const MAX_PREPARED_PER_CONNECTION = 200;

/** Names of prepared statements by their SQL text (a statement's name is a hash of its text). */
const statementNames = new Map<string, string>();

/**
 * Thrown by queries on PostgreSQL when the database cannot be reached or a connection was lost while
 * in use (the server restarted, failed over, or an operator or proxy ended the backend): the app
 * answers 503 with `Retry-After` (server/app.ts), never 500. `cause` is the driver's error. A
 * transaction caught by it was rolled back by PostgreSQL when its backend ended: nothing of it stays.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs that mean the connection is gone or refused, not that the statement was wrong: class 08
 * (connection exception), 57P01–57P05 (admin shutdown, crash shutdown, cannot connect now, database
 * dropped, idle session timeout), 53300 (too many connections). PostgreSQL docs, Appendix A.
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-5]|53300)$/;

/** Whether `err`, from a query on `client`, means the connection is lost (the client cannot be reused). */
function connectionLost(err: unknown, client: pg.PoolClient): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_SQLSTATE.test(code)) return true;
  // pg's own flag: false once the client saw a connection error or its socket ended.
  return (client as unknown as { _queryable?: boolean })._queryable === false;
}

/** Transaction control as Kysely sends it: which texts open and close a transaction. */
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const CLOSES_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;
/**
 * A statement that only reads: a SELECT (or WITH … SELECT) without a data-modifying word or a lock.
 * Only such a statement, run outside a transaction, is retried on a fresh connection.
 */
const READ_ONLY = /^\s*(select|with)\b/i;
const MAY_WRITE =
  /\b(insert|update|delete|merge|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|pg_notify|nextval|setval|pg_advisory\w*|session_seats)\b/i;

/**
 * A pool whose connections run each statement as a named prepared statement, once per connection
 * (up to {@link MAX_PREPARED_PER_CONNECTION}; later ones run unnamed as before). PostgreSQL then
 * parses and plans a statement once per connection, not on every call: at 10,000 courses the
 * planning of a catalog page's summaries took 1.2–2.5 ms against 0.3 ms to run it.
 * Kysely builds the same SQL text for the same query shape, so a handful of texts serve all calls.
 * Results are those of unnamed statements; PostgreSQL itself replans a statement when a table it
 * reads changes.
 *
 * Lost connections: a connection whose error no query is waiting for goes to `onError` (never an
 * unhandled 'error' event, which would end the process), and a connection that failed is destroyed
 * when released, not reused. A query that fails because its connection was lost, or a connection
 * that cannot be opened, throws {@link DatabaseUnavailableError}. A read-only statement outside a
 * transaction (see {@link READ_ONLY}) that failed so is run once more on a fresh connection: pooled
 * connections ended by a server restart fail at their first use, before any row was read.
 */
function preparingPool(
  pool: pg.Pool,
  onError: (err: unknown) => void,
  onWaited: (startedMs: number) => void,
): PostgresPool {
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  // The first error of each connection, kept until the connection is discarded.
  const failed = new WeakMap<pg.PoolClient, unknown>();
  // Every connection listens to its own errors from its creation on (pg-pool's 'connect' comes
  // before the connection is handed out): pg-pool listens only while a connection is idle, and a
  // backend ended just as its connection was handed out (the end of its start-up and the
  // termination read in one chunk) would otherwise raise an unhandled 'error' event.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!failed.has(client)) failed.set(client, err);
      onError(err);
    });
  });
  // pg-pool also re-emits an idle connection's error on the pool (and discards the connection):
  // already reported by the connection's own listener above.
  pool.on('error', () => {});
  const checkout = async () => {
    const started = performance.now();
    try {
      return await pool.connect();
    } catch (err) {
      throw new DatabaseUnavailableError(err);
    } finally {
      onWaited(started);
    }
  };
  return {
    async connect() {
      let client = await checkout();
      let inTransaction = false;
      const run = (text: string, values: unknown[]) => {
        // Cursors (Kysely's stream()) and transaction control run as they are.
        if (typeof text !== 'string' || !preparable(text)) return client.query(text as never, values);
        let names = prepared.get(client);
        if (!names) prepared.set(client, (names = new Set()));
        let name = statementNames.get(text);
        if (!name) {
          name = `h${createHash('sha1').update(text).digest('base64url')}`;
          if (statementNames.size >= 10_000) statementNames.clear();
          statementNames.set(text, name);
        }
        if (!names.has(name)) {
          if (names.size >= MAX_PREPARED_PER_CONNECTION) return client.query(text, values);
          names.add(name);
        }
        return client.query({ name, text, values });
      };
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A connection that failed is destroyed (pg-pool ends a client released with an error).
        const broken = failed.get(client);
        client.release(broken === undefined ? undefined : broken instanceof Error ? broken : new Error(String(broken)));
      };
      return {
        async query(text: string, values: unknown[]) {
          if (typeof text === 'string' && OPENS_TRANSACTION.test(text)) inTransaction = true;
          try {
            return await run(text, values);
          } catch (err) {
            if (!connectionLost(err, client)) throw err;
            if (!failed.has(client)) failed.set(client, err);
            const retry = !inTransaction && typeof text === 'string' && READ_ONLY.test(text) && !MAY_WRITE.test(text);
            if (!retry) throw new DatabaseUnavailableError(err);
            // Swap in a fresh connection for the rest of this checkout, and read once more.
            release();
            client = await checkout();
            released = false;
            try {
              return await run(text, values);
            } catch (again) {
              if (!connectionLost(again, client)) throw again;
              if (!failed.has(client)) failed.set(client, again);
              throw new DatabaseUnavailableError(again);
            }
          } finally {
            if (typeof text === 'string' && CLOSES_TRANSACTION.test(text)) inTransaction = false;
          }
        },
        release,
      } as unknown as ReturnType<PostgresPool['connect']> extends Promise<infer C> ? C : never;
    },
    end: () => pool.end(),
    // pg's pool settings: Kysely reads them to open a control connection when a query is cancelled.
    options: pool.options,
  };
}

/**
 * `dialect` whose connections are taken in turn through `budget` ({@link LoopBudget}): each query
 * outside a transaction, and each transaction, is one unit of work. For PGlite, whose SQL runs on the
 * event loop's thread: its work then leaves the loop a turn every few milliseconds. `onWaited` gets
 * the instant (performance.now()) each unit began to wait, once it has its turn.
 */
function budgetedDialect(dialect: Dialect, budget: LoopBudget, onWaited: (startedMs: number) => void): Dialect {
  return withConnectionHandling(dialect, (own) => ({
    async acquireConnection() {
      const started = performance.now();
      await budget.enter();
      onWaited(started);
      try {
        return await own.acquireConnection();
      } catch (err) {
        budget.leave();
        throw err;
      }
    },
    async releaseConnection(connection) {
      try {
        await own.releaseConnection(connection);
      } finally {
        budget.leave();
      }
    },
  }));
}

/**
 * Opens the database. Dates (`date`) are returned as 'YYYY-MM-DD' strings and `bigint`/`numeric`
 * aggregates as JS numbers (all our sums are cents well below 2^53).
 * @throws when the server cannot be reached or PGlite cannot open `dir`.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dir) mkdirSync(target.dir, { recursive: true });
    const client = await PGlite.create(target.dir ?? undefined, {
      ...(target.image ? { loadDataDir: target.image } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
      // Trigram indexes of the catalog search (migration 0019_catalog_indexes).
      extensions: { pg_trgm },
      parsers: {
        [DATE_OID]: (v: string) => v,
        [INT8_OID]: (v: string) => Number(v),
        [NUMERIC_OID]: (v: string) => Number(v),
      },
    });
    const budget = new LoopBudget();
    const db: Kysely<Database> = new Kysely<Database>({
      dialect: budgetedDialect(preparedDialect(new PGliteDialect(client), client), budget, (started) =>
        reportConnectionWait(db, started),
      ),
    });
    pgliteClients.set(db, client);
    poolStats.set(db, () => ({
      max: 1,
      inUse: budget.active ? 1 : 0,
      idle: budget.active ? 0 : 1,
      waiting: budget.queued,
    }));
    return {
      db,
      schema: 'public',
      describe: target.dir ? `PGlite in ${target.dir}` : 'PGlite in memory',
      close: () => db.destroy(),
    };
  }

  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === DATE_OID) return (v: string) => v;
      if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  if (target.schema) {
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${target.schema.replace(/"/g, '')}"`);
    } finally {
      await admin.end();
    }
  }
  const maxConnections = 10;
  const pool = new pg.Pool({
    connectionString: target.url,
    max: maxConnections,
    // A server that cannot be reached fails the request (503) instead of holding it indefinitely.
    connectionTimeoutMillis: 5000,
    types,
    options: `-c ${TRIGRAM_SETTING}${target.schema ? ` -c search_path="${target.schema}"` : ''}`,
  });
  // Errors of connections (the server ended them: restart, failover, pg_terminate_backend, a
  // proxy's timeout), reported by preparingPool; unheard, they would end the process.
  const reportConnectionError = (err: unknown) => {
    const listeners = connectionErrorListeners.get(db);
    if (listeners?.size) for (const listener of listeners) listener(err);
    else console.warn(`PostgreSQL connection lost: ${err instanceof Error ? err.message : String(err)}`);
  };
  const db: Kysely<Database> = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: preparingPool(pool, reportConnectionError, (started) => reportConnectionWait(db, started)),
    }),
  });
  poolStats.set(db, () => ({
    max: maxConnections,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
  await sql`select 1`.execute(db);
  postgresTargets.set(db, { url: target.url, schema: target.schema ?? 'public' });
  const u = new URL(target.url);
  return {
    db,
    schema: target.schema ?? 'public',
    describe: `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}${target.schema ? ` (schema ${target.schema})` : ''}`,
    close: () => db.destroy(),
  };
}
