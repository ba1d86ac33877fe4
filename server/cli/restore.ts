import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { openDatabase } from '../db/database.js';
import { migrationStatus } from '../db/migrate.js';
import { archiveArguments } from './backup.js';
import { CliError, type CliIo } from './io.js';
import { hasFiles, lockPgliteDir, pgliteDir } from './server-database.js';

const gunzipAsync = promisify(gunzip);

/**
 * The tar archive `file` holds, gunzipped when it starts as gzip does (RFC 1952: 1f 8b), checked to
 * be a POSIX tar archive (`ustar` at byte 257 of its first header, as PGlite's dumpDataDir writes).
 * Checked here because PGlite, given anything else, fails with an unhandled error.
 * @throws CliError for a file that is neither.
 */
async function readArchive(file: string): Promise<Blob> {
  let bytes: Uint8Array<ArrayBuffer> = await readFile(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzipAsync(bytes);
    } catch (err) {
      throw new CliError(`${file} is not a readable gzip file (${err instanceof Error ? err.message : String(err)}).`);
    }
  }
  if (Buffer.from(bytes.subarray(257, 262)).toString('latin1') !== 'ustar')
    throw new CliError(`${file} is not an archive of \`halaqa backup\` (no tar archive in it).`);
  return new Blob([bytes]);
}

/**
 * `halaqa restore <file> [--force]`: opens the archive with PGlite in a directory beside
 * DATA_DIR/pg (`pg.restoring-<pid>`), checks that it holds a Halaqa database (migrations applied),
 * then puts it in place of DATA_DIR/pg by renames; a failure leaves DATA_DIR/pg as it was. The
 * directory's lock is held throughout. Migrations the archive lacks are applied by the next start
 * (or `halaqa migrate`).
 * @throws CliError 2 without exactly one file; 1 with DATABASE_URL ({@link archiveArguments}), a
 *   missing file, a server holding DATA_DIR, a DATA_DIR/pg not empty without --force, or an
 *   archive that is not a Halaqa database.
 */
export async function restore(args: string[], io: CliIo): Promise<void> {
  const { file, force, config } = archiveArguments(args, io, 'restore');
  if (!existsSync(file)) throw new CliError(`${file} does not exist.`);
  const pgDir = pgliteDir(config);
  const lock = lockPgliteDir(config);
  const work = `${pgDir}.restoring-${process.pid}`;
  try {
    if (hasFiles(pgDir) && !force) {
      throw new CliError(
        `${pgDir} already holds a database: restore into a new DATA_DIR, or add --force to replace this one (it is deleted).`,
      );
    }
    const image = await readArchive(file);
    rmSync(work, { recursive: true, force: true });
    let applied: number;
    let pending: number;
    try {
      const handle = await openDatabase({ kind: 'pglite', dir: work, image });
      try {
        const states = await migrationStatus(handle.db, handle.schema);
        applied = states.filter((m) => m.appliedAt).length;
        pending = states.length - applied;
      } finally {
        await handle.close();
      }
    } catch (err) {
      throw new CliError(
        `${file} could not be opened as a database (${err instanceof Error ? err.message : String(err)}). ${pgDir} is unchanged.`,
      );
    }
    if (applied === 0)
      throw new CliError(
        `${file} holds a database without Halaqa's tables (no migration applied). ${pgDir} is unchanged.`,
      );
    const replaced = `${pgDir}.replaced-${process.pid}`;
    if (existsSync(pgDir)) renameSync(pgDir, replaced);
    renameSync(work, pgDir);
    rmSync(replaced, { recursive: true, force: true });
    io.out(
      `Restored ${file} into ${pgDir}: ${applied} migrations applied${pending ? `, ${pending} pending (the next start, or \`halaqa migrate\`, applies them)` : ''}.`,
    );
    io.out(
      `Uploaded files are not in the archive: put them in ${resolve(config.dataDir, 'uploads')} (or the S3 bucket).`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    lock.release();
  }
}
