import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './types.js';

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
export function notificationSourceOf(db: Kysely<Database>): { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string; schema: string } | null {
  const client = pgliteClients.get(db);
  if (client) return { kind: 'pglite', client };
  const target = postgresTargets.get(db);
  return target ? { kind: 'postgres', ...target } : null;
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters.
 * shared_buffers: 32 MB instead of initdb's 128 MB. PGlite allocates the whole buffer pool in its
 * WebAssembly memory at start (zeroed, so resident): 128 MB of it made the server's resident memory
 * at rest about 450 MB (issue 15, goal 6: ≤ 300 MB). 32 MB holds the demo database (~10 MB of
 * tables and indexes) several times over; the operating system's file cache serves the rest.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/**
 * A tar archive of a PGlite database's files (PGlite `dumpDataDir`, uncompressed), which
 * `openDatabase({ kind: 'pglite', dir, image })` opens as a copy: tests migrate and seed one
 * database and start every test file from its image instead of repeating that work. Uncompressed
 * because it is opened far more often than it is made: the seeded demo image (~40 MB) opens in
 * about 0.4 s, its gzipped form (~5 MB) in 0.7 s (issue 15, goal 7).
 * @throws when `db` was not opened on PGlite by {@link openDatabase}.
 */
export async function dumpDatabaseImage(db: Kysely<Database>): Promise<Blob> {
  const client = pgliteClients.get(db);
  if (!client) throw new Error('dumpDatabaseImage needs a PGlite database opened by openDatabase');
  return client.dumpDataDir('none');
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
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    pgliteClients.set(db, client);
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
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    types,
    ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
