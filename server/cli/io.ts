import type { FastifyBaseLogger } from 'fastify';

/**
 * What a command of the admin command (`npm run halaqa -- <command>`) reads and writes, passed in so
 * that the tests run it in-process: the environment it takes the server's settings from, and its
 * two output streams (one line per call).
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** Directory the server's relative settings (DATA_DIR, WEB_DIR) resolve from, as for the server: the package's under `npm run`. */
  cwd: string;
  /** Directory the files named in the arguments resolve from: where the command was typed (npm's INIT_CWD under `npm run`). */
  argsCwd: string;
  out(line: string): void;
  err(line: string): void;
  /** Asks for a secret without echoing it on a terminal, else reads one line of standard input. */
  readSecret(prompt: string): Promise<string>;
  /** Whether standard input is a terminal (a person types: a password is asked twice). */
  interactive: boolean;
}

/**
 * A command refused or failed, for a reason its message explains whole. `exitCode` 1: refused or
 * failed; 2: bad arguments (the usage is printed after the message).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad arguments: exit code 2, and the usage is printed. */
export const usageError = (message: string) => new CliError(message, 2);

/**
 * A logger for the services a command calls (they log a failure and go on): errors and warnings
 * go to the command's error stream as one line, `message: error`; the rest is dropped.
 */
export function commandLogger(io: CliIo): FastifyBaseLogger {
  const line = (first: unknown, second?: unknown) => {
    const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    const err = typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined;
    io.err(err === undefined ? msg : `${msg}: ${err instanceof Error ? err.message : String(err)}`);
  };
  const quiet = () => {};
  const logger: FastifyBaseLogger = {
    level: 'warn',
    fatal: line,
    error: line,
    warn: line,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger;
}

/** A PostgreSQL URL without its password, for printing (psql and pg_dump then read PGPASSWORD or ~/.pgpass). */
export function urlWithoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/** `value` quoted for a POSIX shell. */
export const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
