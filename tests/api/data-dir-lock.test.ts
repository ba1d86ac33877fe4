import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory, lockFileOf } from '../../server/platform/dir-lock.js';

/**
 * "Nothing lost, nobody in" #overview: two servers on one DATA_DIR. The embedded database's directory is
 * held by one process; a second start stops naming DATA_DIR; a lock left by a killed process is
 * recovered. Real processes (`tsx server/main.ts`), API only, no demo data.
 */
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the server says it is ready (true) or exits first (false). */
  ready: Promise<boolean>;
  exited: Promise<number | null>;
}

function start(port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: '',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const ready = new Promise<boolean>((done) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Ready in')) done(true);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => done(false));
  });
  return { child, output: () => out, ready, exited };
}

describe('one server per DATA_DIR (embedded database)', () => {
  // The lock is taken before the database is opened, so the test needs no server to be ready: a
  // first start on an empty DATA_DIR spends tens of seconds creating the database, and it is
  // observed through the lock file instead.
  it('refuses a second server on the same DATA_DIR, naming it, and recovers the lock of a killed server', async () => {
    const lockFile = lockFileOf(join(dataDir, 'pg'));
    const [portA, portB, portC] = [await freePort(), await freePort(), await freePort()];
    const first = start(portA);
    await lockHeldBy(lockFile, first);

    const second = start(portB);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is already used by another Halaqa server (process ${first.child.pid} `,
    );
    expect(first.child.exitCode).toBeNull(); // the first one is untouched
    expect(readLock(lockFile)?.pid).toBe(first.child.pid);

    // kill -9: no clean-up runs, the lock file stays behind naming a dead process…
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readLock(lockFile)?.pid).toBe(first.child.pid);
    // (the half-created database of the killed start is not what this test is about)
    rmSync(join(dataDir, 'pg'), { recursive: true, force: true });
    // …and the next start takes it over.
    const third = start(portC);
    await lockHeldBy(lockFile, third);
    expect(third.output()).not.toContain('already used');
    third.child.kill('SIGKILL');
    await third.exited;
  }, 60_000);
});

function readLock(file: string): { pid: number } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
  } catch {
    return null;
  }
}

/** Waits (up to 20 s) until `file` names the process of `s`; fails when it exits first. */
async function lockHeldBy(file: string, s: Started): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (readLock(file)?.pid === s.child.pid) return;
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}): ${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the lock was not taken: ${s.output()}`);
}

describe('lockDirectory', () => {
  it('refuses while the holder runs, recovers a dead holder and garbage, and releases only its own lock', () => {
    const dir = join(dataDir, 'unit');
    const file = lockFileOf(dir);
    // A live holder (the test runner's parent process stands in for another server).
    writeFileSync(file, JSON.stringify({ pid: process.ppid, host: 'h', since: 'then' }));
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    // A dead holder: a pid far above any pid_max.
    writeFileSync(file, JSON.stringify({ pid: 2 ** 30, host: 'h', since: 'then' }));
    const lock = lockDirectory(dir);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(file)).toBe(false);
    // A half-written file is no owner.
    writeFileSync(file, '{"pi');
    const again = lockDirectory(dir);
    // Released after someone else took it over: their lock stays.
    writeFileSync(file, JSON.stringify({ pid: process.ppid, host: 'h', since: 'now' }));
    again.release();
    expect(existsSync(file)).toBe(true);
    rmSync(file);
  });
});
