import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { ConfigError } from '../config.js';
import { CliError, type CliIo } from './io.js';

/** A command: its usage, and its module, loaded when it runs (the usage is printed at once). */
interface Command {
  usage: string;
  load(): Promise<(args: string[], io: CliIo) => Promise<void>>;
}

/** The commands, by name (docs/deploy.md "Admin command and backups"), one module each. */
const COMMANDS: Record<string, Command> = {
  'create-admin': {
    usage: `create-admin --email E --name "First Last" [--super]
      Creates an ADMIN (SUPER_ADMIN with --super) who signs in with a password, asked for on the
      terminal (twice) or read from HALAQA_ADMIN_PASSWORD (else one line of standard input). The
      sign-up's password rules: 8 characters or more with a lower-case and an upper-case letter, a
      digit and a special character. Only creates: an e-mail that has an account is refused (nothing
      changed); change roles of existing accounts in the app.`,
    load: async () => (await import('./create-admin.js')).createAdmin,
  },
  migrate: {
    usage: `migrate [--status]
      Applies the pending migrations (as every server start does), or with --status lists every
      migration of this release, applied (when) or pending, and writes nothing. On the embedded
      database without one yet, plain migrate creates it.`,
    load: async () => (await import('./migrate.js')).migrate,
  },
  backup: {
    usage: `backup <file> [--force]
      Writes the embedded database (DATA_DIR/pg) to <file>, a gzipped tar archive of its files,
      consistent: the server must be stopped (the command holds the directory meanwhile). An
      existing <file> is kept unless --force. Uploads (DATA_DIR/uploads) are not in it. With
      DATABASE_URL, prints the pg_dump and pg_restore commands to use instead.`,
    load: async () => (await import('./backup.js')).backup,
  },
  restore: {
    usage: `restore <file> [--force]
      Makes DATA_DIR/pg the database of a \`halaqa backup\` archive, the server stopped. Refused when
      DATA_DIR/pg holds anything, unless --force (which replaces it, once the archive has opened).
      With DATABASE_URL, prints the pg_dump and pg_restore commands to use instead.`,
    load: async () => (await import('./restore.js')).restore,
  },
  outbox: {
    usage: `outbox --resend-failed
      Sends now the mails whose sending failed (or never ran): payment receipts and invitations
      still unmailed a minute or more after they were due, as the periodic jobs do every minute.
      Through SMTP_URL, else as .eml files in DATA_DIR/outbox. Exit 1 if some failed again.`,
    load: async () => (await import('./outbox.js')).outbox,
  },
};

export const USAGE = `Usage: npm run halaqa -- <command> [options]

Runs on the server's database with the server's settings (DATABASE_URL, else the embedded database
in DATA_DIR/pg, which must not be in use by a running server: stop it first).

Commands:
  ${Object.values(COMMANDS)
    .map((c) => c.usage)
    .join('\n  ')}

Exit status: 0 done, 1 refused or failed (the message says why), 2 bad arguments.`;

/**
 * The admin command: runs `argv[0]` with the rest as its arguments.
 * @returns the exit status: 0 done (or usage asked for: none, `help`, `--help`), 1 refused or
 *   failed (message on `io.err`), 2 bad arguments (message and usage on `io.err`).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (!command) throw new CliError(`Unknown command "${name}".`, 2);
    await (await command.load())(args, io);
    return 0;
  } catch (err) {
    // node:util parseArgs: an unknown option, a missing value, a stray argument.
    const code = (err as { code?: unknown }).code;
    const usage =
      err instanceof CliError ? err.exitCode === 2 : typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
    if (!usage && !(err instanceof CliError) && !(err instanceof ConfigError)) throw err;
    io.err((err as Error).message);
    if (usage) io.err(`\n${USAGE}`);
    return usage ? 2 : 1;
  }
}

/**
 * Reads one line of standard input; on a terminal the prompt is shown and the typed characters are
 * not (readline writes its echo to an output muted after the prompt).
 * @throws CliError when the input ends or Ctrl-C is pressed before a line.
 */
async function readSecret(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const terminal = Boolean(process.stdin.isTTY);
  const rl = createInterface({ input: process.stdin, output, terminal });
  // Ctrl-C at the prompt ends the command (readline would only pause); so does an input that ends.
  rl.on('SIGINT', () => rl.close());
  try {
    if (terminal) process.stderr.write(prompt);
    muted = true;
    return await new Promise<string>((resolve, reject) => {
      rl.once('close', () => reject(new CliError('No password given: nothing was created.')));
      rl.question('').then(resolve, reject);
    });
  } finally {
    rl.close();
    if (terminal) process.stderr.write('\n');
  }
}

if (import.meta.main) {
  const io: CliIo = {
    env: process.env,
    cwd: process.cwd(),
    // npm runs scripts in the package's directory; a file argument means one where it was typed.
    argsCwd: process.env.INIT_CWD || process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readSecret,
    interactive: Boolean(process.stdin.isTTY),
  };
  runCli(process.argv.slice(2), io).then(
    (status) => (process.exitCode = status),
    (err: unknown) => {
      console.error('halaqa failed:', err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    },
  );
}
