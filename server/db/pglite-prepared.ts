import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Dialect, QueryResult } from 'kysely';
import { preparable } from './statements.js';
import { withConnectionHandling } from './dialect-connections.js';

/**
 * Kysely's connection to PGlite with named prepared statements (the enrollment
 * storm on PGlite, where every statement was paid for whatever it did).
 *
 * PGlite's `query()` makes six calls into its WebAssembly backend per statement (Parse, Describe
 * of the statement for the parameters' types, Bind, Describe of the portal, Execute, Sync), and
 * PostgreSQL parses and plans the text every time. This connection parses each statement text once
 * per database, under a name, and remembers its parameters' types; each execution is then one call
 * (Bind, Describe, Execute, Sync in one message), and PostgreSQL keeps the plan as it does for the
 * named statements of the PostgreSQL pool (database.ts, `preparingPool`): custom plans for the
 * first five executions, then a generic one when it is not costlier, replanned when a table it
 * reads changes. Results are parsed by PGlite's own `parse.parseResults` with the instance's
 * parsers and serializers, as `query()` does.
 *
 * Only plain data statements (those of {@link preparable}) are prepared, and at most
 * {@link MAX_PREPARED} texts per database. Transaction control ({@link transactionControl}) is
 * one Query message of the simple protocol. Everything else (DDL, a statement past the cap) runs
 * through PGlite's `query()` as before. Each call holds PGlite's query lock
 * (`runExclusive`), so it never interleaves with another user of the instance (LISTEN, dumps).
 */

/** At most this many statement texts are prepared per database (the rest run unprepared). */
export const MAX_PREPARED = 500;

/** BEGIN, COMMIT, ROLLBACK and the like, which Kysely sends without parameters around each transaction. */
export const transactionControl = (text: string) =>
  /^\s*(begin|commit|rollback|start\s+transaction|savepoint|release)\b/i.test(text) && !text.includes(';');

/** A prepared statement: its name in the backend and the type OIDs of its parameters. */
interface Prepared {
  name: string;
  types: number[];
}

/** Prepared statements per PGlite instance (its backend session), by text. */
const preparedBy = new WeakMap<PGlite, Map<string, Prepared>>();

const { serialize } = protocol;

/** The protocol messages in one buffer, as PGlite's backend reads them. */
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A Kysely connection over `client` (one at a time, as PGliteDialect's driver hands them out). */
export class PreparedPGliteConnection implements DatabaseConnection {
  private readonly statements: Map<string, Prepared>;

  constructor(private readonly client: PGlite) {
    let statements = preparedBy.get(client);
    if (!statements) preparedBy.set(client, (statements = new Map()));
    this.statements = statements;
  }

  /**
   * Runs `query`, prepared when it is a data statement.
   * @throws PGlite's DatabaseError (with PostgreSQL's `code`, e.g. 23505) as `query()` does.
   */
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const text = query.sql;
    if (query.parameters.length === 0 && transactionControl(text)) {
      // One Query message (the simple protocol) instead of query()'s six: a checkout runs four transactions.
      return this.client.runExclusive(() => this.exchange<R>(serialize.query(text)));
    }
    const known = this.statements.get(text);
    if (!known && (!preparable(text) || this.statements.size >= MAX_PREPARED))
      return toQueryResult(await this.client.query<R>(text, [...query.parameters]));
    return this.client.runExclusive(async () => {
      const statement = known ?? (await this.prepare(text));
      const values = query.parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.client.serializers[statement.types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      return this.exchange<R>(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
    });
  }

  /** Sends `message` to the backend in one call (inside the query lock) and reads its one result, as query() would. */
  private async exchange<R>(message: Uint8Array): Promise<QueryResult<R>> {
    const messages = await this.client.execProtocolStream(message, { syncToFs: false });
    await this.client.syncToFs();
    return toQueryResult(parse.parseResults(messages, this.client.parsers)[0] ?? { rows: [] });
  }

  /** Parses `text` under a new name and reads its parameters' types (inside the query lock). */
  private async prepare(text: string): Promise<Prepared> {
    const name = `k${this.statements.size + 1}`;
    const messages = await this.client.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
    this.statements.set(text, prepared);
    return prepared;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

function toQueryResult<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return result.affectedRows
    ? { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) }
    : { rows: result.rows as R[] };
}

/**
 * `dialect` (kysely-pglite-dialect's, over `client`) whose connections run through
 * {@link PreparedPGliteConnection}; its driver still hands out one connection at a time.
 */
export function preparedDialect(dialect: Dialect, client: PGlite): Dialect {
  return withConnectionHandling(dialect, (own) => {
    const wrapped = new WeakMap<DatabaseConnection, PreparedPGliteConnection>();
    const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
    return {
      async acquireConnection() {
        const connection = await own.acquireConnection();
        let prepared = wrapped.get(connection);
        if (!prepared) {
          prepared = new PreparedPGliteConnection(client);
          wrapped.set(connection, prepared);
          inner.set(prepared, connection);
        }
        return prepared;
      },
      releaseConnection: (connection) => own.releaseConnection(inner.get(connection) ?? connection),
    };
  });
}
