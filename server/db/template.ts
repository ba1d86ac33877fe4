import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A prepared PGlite data directory: an empty database with every migration applied, made once
 * (at `npm install`, by scripts/prepare.ts, or by the first start that finds none) and copied into a
 * fresh `DATA_DIR/pg` instead of running PGlite's initdb and the migrations there (* initdb alone takes ~7 s of this machine's CPU, a copy of the 41 MB directory ~50 ms).
 *
 * It holds no demo data (which is dated relative to the day of the start, see seed.ts), so a copy is
 * exactly what initdb + migrateToLatest would have made. Its name carries a hash of the migrations'
 * source and of the PGlite version ({@link templateKey}): a changed or added migration, or another
 * PGlite, simply makes a new one, and `migrateToLatest` still runs on every start.
 */

const root = resolve(import.meta.dirname, '../..');

/** Default home of templates: `node_modules/.cache/halaqa` (removed with node_modules, e.g. by `npm ci`). */
export const DEFAULT_TEMPLATE_CACHE = join(root, 'node_modules', '.cache', 'halaqa');

/** How many templates (of other keys: older migrations, other worktrees) a cache keeps. */
const KEEP_TEMPLATES = 4;

/**
 * The template's key: the first 16 hex digits of the SHA-256 of server/db/migrate.ts, every file of
 * server/db/migrations (name and content, in name order) and the installed PGlite version.
 */
export function templateKey(): string {
  const h = createHash('sha256');
  const migrations = join(root, 'server', 'db', 'migrations');
  h.update(readFileSync(join(root, 'server', 'db', 'migrate.ts')));
  for (const name of readdirSync(migrations).sort()) {
    h.update(`\0${name}\0`);
    h.update(readFileSync(join(migrations, name)));
  }
  const pglite = JSON.parse(
    readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  h.update(`\0pglite ${pglite.version}`);
  return h.digest('hex').slice(0, 16);
}

/** The directory of the current template in `cacheDir` (it may not exist yet). */
export const templateDirIn = (cacheDir: string, key = templateKey()): string => join(cacheDir, `pglite-${key}`);

/** Whether `dir` holds a PostgreSQL data directory (its `PG_VERSION` file). */
export const isDataDirectory = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes the current template in `cacheDir` unless it exists: initdb in a temporary directory beside
 * it, every migration, a clean shutdown, then a rename (so a half-made template is never used, and
 * two processes making it at once both end with one). Removes the oldest templates of other keys
 * beyond {@link KEEP_TEMPLATES}.
 * @returns the template's directory.
 * @throws when `cacheDir` cannot be written or a migration fails (nothing is left behind).
 */
export async function prepareDatabaseTemplate(
  cacheDir: string = DEFAULT_TEMPLATE_CACHE,
): Promise<{ dir: string; made: boolean }> {
  const dir = templateDirIn(cacheDir);
  if (isDataDirectory(dir)) return { dir, made: false };
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, 'making-'));
  try {
    // Loaded only to make a template: a start that finds one does not load PGlite here.
    const [{ openDatabase }, { migrateToLatest }] = await Promise.all([
      import('./database.js'),
      import('./migrate.js'),
    ]);
    const handle = await openDatabase({ kind: 'pglite', dir: work });
    try {
      await migrateToLatest(handle.db, handle.schema);
    } finally {
      await handle.close();
    }
    try {
      renameSync(work, dir);
    } catch (err) {
      // Another process made it first: use theirs.
      if (!isDataDirectory(dir)) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  pruneTemplates(cacheDir, dir);
  return { dir, made: true };
}

function pruneTemplates(cacheDir: string, current: string): void {
  const others = readdirSync(cacheDir)
    .filter((n) => n.startsWith('pglite-') && join(cacheDir, n) !== current)
    .map((n) => ({ path: join(cacheDir, n), mtime: statSync(join(cacheDir, n)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(KEEP_TEMPLATES - 1)) rmSync(old.path, { recursive: true, force: true });
}

/**
 * Copies the current template into `pgDir` when `pgDir` holds no database yet (a fresh DATA_DIR).
 * Does nothing (returns false) when `pgDir` already is a database or no template of the current
 * key exists; the caller then opens `pgDir` as before (PGlite runs initdb on an empty directory).
 */
export async function restoreDatabaseTemplate(
  pgDir: string,
  cacheDir: string = DEFAULT_TEMPLATE_CACHE,
): Promise<boolean> {
  if (isDataDirectory(pgDir)) return false;
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) return false;
  const template = templateDirIn(cacheDir);
  if (!isDataDirectory(template)) return false;
  // Copied beside it, then renamed: a start stopped half-way leaves no half database in pgDir.
  const work = `${pgDir.replace(/[\\/]+$/, '')}.restoring-${process.pid}`;
  try {
    // On a worker thread of this process, so the server's modules load meanwhile on this one
    // (about 0.5 s for the ~2,400 files, 41 MB, of a database). Not a `cp` child process, which
    // ran on after a killed server and wrote into a directory being removed: a thread dies with
    // its process.
    await copyOnWorker(template, work);
    renameSync(work, pgDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return true;
}

/**
 * Copies the directory `from` to `to` (recursively, as `cpSync`) on a worker thread.
 * @throws what the copy threw (a missing source, a full disk…).
 */
function copyOnWorker(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      "const { cpSync } = require('node:fs'); const { workerData } = require('node:worker_threads'); cpSync(workerData.from, workerData.to, { recursive: true });",
      { eval: true, workerData: { from, to } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the copy of the database template stopped (${code})`)),
    );
  });
}
