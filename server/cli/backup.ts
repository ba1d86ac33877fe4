import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Config, loadConfig } from '../config.js';
import { dumpDatabaseImage } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import { CliError, type CliIo, shellQuote, urlWithoutPassword, usageError } from './io.js';
import { openServerDatabase } from './server-database.js';

/**
 * The arguments of `backup` and `restore`: one file (resolved where the command was typed) and
 * `--force`, with the server's configuration.
 * @throws CliError 2 without exactly one file; 1 with DATABASE_URL ({@link postgresToolsNotice}).
 */
export function archiveArguments(
  args: string[],
  io: CliIo,
  command: 'backup' | 'restore',
): { file: string; force: boolean; config: Config } {
  const { values, positionals } = parseArgs({
    args,
    options: { force: { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw usageError(`${command} needs one file`);
  const file = resolve(io.argsCwd, positionals[0]!);
  const config = loadConfig(io.env, io.cwd);
  if (config.databaseUrl) throw postgresToolsNotice(config, file);
  return { file, force: values.force ?? false, config };
}

/**
 * The answer to `backup` or `restore` with DATABASE_URL: PostgreSQL's own tools do it, for the
 * configured database (URL printed without its password: pg_dump reads PGPASSWORD or ~/.pgpass).
 * @returns a CliError (exit 1: nothing was written) whose message holds both command lines.
 */
function postgresToolsNotice(config: Config, file: string): CliError {
  const url = shellQuote(urlWithoutPassword(config.databaseUrl!));
  return new CliError(
    [
      "With DATABASE_URL the database is PostgreSQL's: back it up and restore it with PostgreSQL's tools (the password from PGPASSWORD or ~/.pgpass).",
      'Back up (one consistent snapshot; the servers may run):',
      `  pg_dump --format=custom --no-owner --file=${shellQuote(file)} ${url}`,
      'Restore into a new empty database (createdb), before servers start on it:',
      `  pg_restore --no-owner --exit-on-error --dbname=${url} ${shellQuote(file)}`,
      'Nothing was written.',
    ].join('\n'),
  );
}

/**
 * `halaqa backup <file> [--force]`: a gzipped tar of the embedded database's files (PGlite
 * `dumpDataDir`, after a checkpoint), written beside <file> and then renamed, so no half archive
 * ever has its name. `halaqa restore` reads it.
 * @throws CliError 2 without exactly one file; 1 with DATABASE_URL ({@link archiveArguments}),
 *   a server holding DATA_DIR, no database, or an existing <file> without --force.
 */
export async function backup(args: string[], io: CliIo): Promise<void> {
  const { file, force, config } = archiveArguments(args, io, 'backup');
  if (existsSync(file) && !force) throw new CliError(`${file} exists: give another name, or --force to replace it.`);
  const { handle, close } = await openServerDatabase(io, { config });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const applied = (await migrationStatus(handle.db, handle.schema)).filter((m) => m.appliedAt).length;
    // Every change in the data files, so the archive opens without replaying the write-ahead log.
    await sql`checkpoint`.execute(handle.db);
    const archive = Buffer.from(await (await dumpDatabaseImage(handle.db, 'gzip')).arrayBuffer());
    writeFileSync(partial, archive);
    renameSync(partial, file);
    io.out(
      `Backed up ${handle.describe} (${applied} migrations applied) to ${file}: ${(archive.length / 1024 / 1024).toFixed(1)} MB.`,
    );
    io.out(
      `Uploaded files are not in it: copy ${config.storage.driver === 's3' ? 'the S3 bucket' : `${resolve(config.dataDir, 'uploads')}`} too.`,
    );
  } finally {
    rmSync(partial, { force: true });
    await close();
  }
}
