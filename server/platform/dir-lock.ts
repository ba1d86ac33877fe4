import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

/** The lock file of a directory: beside it, `<dir>.lock` (the directory itself belongs to its engine). */
export const lockFileOf = (dir: string) => `${dir.replace(/[\\/]+$/, '')}.lock`;

/** What a lock file holds: who took it and when. */
interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** The directory is held by another process that is still running. */
export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(`${dir} is in use by process ${owner.pid} on ${owner.host} since ${owner.since}`);
    this.name = 'DirectoryLockedError';
  }
}

/** A held lock; `release()` removes the lock file when it is still ours (idempotent). */
export interface DirectoryLock {
  readonly file: string;
  release(): void;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(parsed.pid)
      ? { pid: parsed.pid!, host: String(parsed.host ?? ''), since: String(parsed.since ?? '') }
      : null;
  } catch {
    return null; // missing, being written, or garbage: treated as no owner
  }
}

/**
 * Takes an exclusive lock on `dir` for this process: creates `<dir>.lock` with O_EXCL holding
 * `{pid, host, since}`. A lock whose process no longer runs (killed, crashed) is recovered; so is one
 * naming this process's own pid (a container restarted with the same pid). The lock is released by
 * `release()` and, as a last resort, when the process exits normally.
 *
 * Limits: the liveness check is by pid on this machine (the embedded database is not meant for
 * network file systems); two processes recovering the same stale lock at the same instant are
 * separated by re-reading the file after writing it.
 * @throws DirectoryLockedError when a running process holds the lock.
 */
export function lockDirectory(dir: string): DirectoryLock {
  const file = lockFileOf(dir);
  mkdirSync(dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isRunning(owner.pid)) throw new DirectoryLockedError(dir, owner);
      // Stale (its process is gone) or unreadable: remove it and try again.
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me) + '\n');
    } finally {
      closeSync(fd);
    }
    // Another process recovering the same stale lock may have replaced ours: the file says who won.
    const holder = readOwner(file);
    if (holder?.pid !== process.pid || holder.since !== me.since) {
      if (holder && isRunning(holder.pid)) throw new DirectoryLockedError(dir, holder);
      continue;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      const current = readOwner(file);
      if (current?.pid === process.pid && current.since === me.since) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new Error(`could not take the lock ${file}`);
}
