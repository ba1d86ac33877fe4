import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import { DirectoryLockedError, lockDirectory, type DirectoryLock } from '../platform/dir-lock.js';
import { CliError, type CliIo } from './io.js';

/** The server's database opened for one command, and the server's configuration. */
export interface CommandDatabase {
  config: Config;
  handle: DatabaseHandle;
  /** Closes the database and, for PGlite, gives its directory's lock back. */
  close(): Promise<void>;
}

/** `DATA_DIR/pg`: the embedded database's directory. */
export const pgliteDir = (config: Config) => join(config.dataDir, 'pg');

/** Whether `dir` exists and holds anything. */
export const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Takes the embedded database's directory for this command (`DATA_DIR/pg.lock`,
 * server/platform/dir-lock.ts), as a server does: one process at a time.
 * @throws CliError when a server (or another command) holds it: it must be stopped first.
 */
export function lockPgliteDir(config: Config): DirectoryLock {
  try {
    return lockDirectory(pgliteDir(config));
  } catch (err) {
    if (!(err instanceof DirectoryLockedError)) throw err;
    throw new CliError(
      `DATA_DIR ${config.dataDir} is in use by process ${err.owner.pid} on ${err.owner.host} (since ${err.owner.since}), a Halaqa server or another command.\n` +
        'The embedded database is held by one process at a time: stop the server, then run this command again.',
    );
  }
}

/**
 * Opens the server's database as the server does (the configuration of server/config.ts:
 * DATABASE_URL, else PGlite in DATA_DIR/pg, whose directory is locked for the command).
 * @param options.create open an embedded directory that holds no database yet (PGlite creates it);
 *   otherwise that is refused. `migrated`: refuse when migrations are pending (the command's
 *   queries expect the current schema). `config`: the configuration already loaded (else loaded here).
 * @throws CliError for a held directory, a missing database or pending migrations; ConfigError
 *   for a bad setting (as the server would).
 */
export async function openServerDatabase(
  io: CliIo,
  options: { create?: boolean; migrated?: boolean; config?: Config } = {},
): Promise<CommandDatabase> {
  const config = options.config ?? loadConfig(io.env, io.cwd);
  let lock: DirectoryLock | null = null;
  if (!config.databaseUrl) {
    lock = lockPgliteDir(config);
    if (!options.create && !existsSync(join(pgliteDir(config), 'PG_VERSION'))) {
      lock.release();
      throw new CliError(
        `There is no database in ${pgliteDir(config)}: start the server once (npm start), run \`halaqa migrate\`, or \`halaqa restore <file>\` (check DATA_DIR).`,
      );
    }
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: pgliteDir(config) },
    );
  } catch (err) {
    lock?.release();
    throw err;
  }
  const close = async () => {
    await handle.close();
    lock?.release();
  };
  if (options.migrated) {
    const pending = (await migrationStatus(handle.db, handle.schema)).filter((m) => !m.appliedAt);
    if (pending.length) {
      await close();
      throw new CliError(
        `The database has ${pending.length} pending migration(s) (${pending.map((m) => m.name).join(', ')}): run \`halaqa migrate\` first.`,
      );
    }
  }
  return { config, handle, close };
}
