import type { DatabaseConnection, Dialect } from 'kysely';

/** How a driver hands out and takes back its connections (Kysely's `Driver`, those two methods). */
export interface ConnectionHandling {
  acquireConnection(): Promise<DatabaseConnection>;
  releaseConnection(connection: DatabaseConnection): Promise<void>;
}

/**
 * `dialect` whose driver hands out and takes back connections as `wrap` says, given the driver's
 * own two methods (everything else of the dialect and its driver is theirs). Used in database.ts
 * for PGlite: connections in turn through the LoopBudget, and run as prepared statements.
 */
export function withConnectionHandling(
  dialect: Dialect,
  wrap: (own: ConnectionHandling) => ConnectionHandling,
): Dialect {
  const createDriver = dialect.createDriver.bind(dialect);
  return Object.assign(Object.create(dialect) as Dialect, {
    createDriver() {
      const driver = createDriver();
      const own: ConnectionHandling = {
        acquireConnection: driver.acquireConnection.bind(driver),
        releaseConnection: driver.releaseConnection.bind(driver),
      };
      return Object.assign(driver, wrap(own));
    },
  });
}
