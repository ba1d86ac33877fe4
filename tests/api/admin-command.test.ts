import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { runCli } from '../../server/cli/index.js';
import type { CliIo } from '../../server/cli/io.js';
import { loadConfig } from '../../server/config.js';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.js';
import * as lastMigration from '../../server/db/migrations/0036_catalog_search_rows.js';
import { countRows } from './harness.js';
import { adminQuery, databaseUrl as urlOf, dropDatabaseWhenIdle } from './template-setup.js';

/**
 * The admin command (`npm run halaqa -- <command>`, server/cli), run in-process through `runCli`
 * (one spawned process checks the npm script) on the server's database as the server opens it: an
 * embedded DATA_DIR/pg made from the seeded image, or, with HALAQA_TEST_DATABASE_URL, a PostgreSQL
 * database of its own copied from the seeded template (DATABASE_URL).
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;
const dbName = `halaqa_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const work = mkdtempSync(join(tmpdir(), 'halaqa-cli-'));
const dataDir = join(work, 'data');
let databaseUrl = '';
const MIGRATIONS = readdirSync(new URL('../../server/db/migrations', import.meta.url)).filter((f) =>
  f.endsWith('.ts'),
).length;

/** The server's settings the commands read (the API tests' scrypt cost). */
const baseEnv = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'cli-test-secret-that-is-long-enough-0123456789',
  SCRYPT_LOG_N: '14',
  WEB_DIR: '',
});

/** Runs the admin command in-process; `secrets` answer its password prompts in turn. */
async function halaqa(argv: string[], env: Record<string, string> = {}, secrets: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    env: { ...baseEnv(), ...env },
    cwd: work,
    argsCwd: work,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readSecret: async () => {
      const s = secrets.shift();
      if (s === undefined) throw new Error('asked for a password the test did not give');
      return s;
    },
    interactive: secrets.length > 1,
  };
  const status = await runCli(argv, io);
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/**
 * Runs `fn` on the server's database as the commands open it (the embedded one only while no
 * command runs), then closes it. `fromImage`: make the embedded one from the seeded image first.
 */
async function withDb<T>(fn: (handle: DatabaseHandle) => Promise<T>, dir = dataDir, fromImage = false): Promise<T> {
  const image = fromImage && !databaseUrl ? new Blob([readFileSync(inject('pgliteImage'))]) : undefined;
  const handle = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dir: join(dir, 'pg'), image },
  );
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** Users in the database when the file started (the seeded demo data). */
let usersAtStart = 0;

beforeAll(async () => {
  if (PG_URL) {
    await adminQuery(PG_URL, `create database "${dbName}" template "${inject('pgTemplateDatabase')}"`);
    databaseUrl = urlOf(PG_URL, dbName);
  }
  // The seeded database, as if it predated the last migration (the migrate test applies it).
  await withDb(
    async (h) => {
      usersAtStart = await countRows(h.db, 'users');
      await lastMigration.down(h.db);
      await sql`delete from kysely_migration where name = '0036_catalog_search_rows'`.execute(h.db);
    },
    dataDir,
    true,
  );
}, 60_000);

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (PG_URL) await dropDatabaseWhenIdle(PG_URL, dbName);
});

describe('arguments', () => {
  it('prints the usage without arguments; bad arguments print it and exit 2, through npm run halaqa too', async () => {
    const none = await halaqa([]);
    expect(none).toMatchObject({ status: 0, err: '' });
    expect(none.out).toMatch(/^Usage: npm run halaqa -- <command>/);
    for (const command of ['create-admin', 'migrate', 'backup', 'restore', 'outbox'])
      expect(none.out).toContain(`\n  ${command} `);
    for (const bad of [
      ['frobnicate'],
      ['create-admin', '--email', 'a@example.org'],
      ['create-admin', '--email', 'a@example.org', '--name', 'Cher'],
      ['migrate', '--statuss'],
      ['backup'],
      ['restore', 'a', 'b'],
      ['outbox'],
    ]) {
      const r = await halaqa(bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.err, bad.join(' ')).toContain('Usage: npm run halaqa');
    }
    expect((await halaqa(['create-admin', '--email', 'a@example.org', '--name', 'Cher'])).err).toMatch(
      /^--name needs a first and a last name/,
    );
    // The package.json script, as an operator runs it.
    const npm = spawnSync('npm', ['run', '--silent', 'halaqa', '--', 'frobnicate'], {
      cwd: process.cwd(),
      env: { ...process.env, ...baseEnv() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(npm.status, npm.stderr).toBe(2);
    expect(npm.stderr).toMatch(/^Unknown command "frobnicate"\.\n\nUsage: npm run halaqa -- <command>/);
    expect((await halaqa(['migrate', '--statuss'])).err).toMatch(/^Unknown option '--statuss'/);
  }, 60_000);
});

describe('migrate', () => {
  it('--status lists every migration, applied or pending; migrate applies the pending one; other commands wait for it', async () => {
    const before = await halaqa(['migrate', '--status']);
    expect(before.status).toBe(0);
    expect(before.out.split('\n').filter((l) => /^ {2}(applied \d{4}-|pending )/.test(l))).toHaveLength(MIGRATIONS);
    expect(before.out).toMatch(/\n {2}pending +0036_catalog_search_rows\n/);
    expect(before.out).toMatch(/\n {2}applied \d{4}-\d\d-\d\dT[\d:.]+Z +0001_init\n/);
    expect(before.out).toContain(`${MIGRATIONS - 1} applied, 1 pending`);
    const refused = await halaqa(['create-admin', '--email', 'early@example.org', '--name', 'Early Bird'], {
      HALAQA_ADMIN_PASSWORD: 'Str0ng-enough!',
    });
    expect(refused).toMatchObject({
      status: 1,
      err: expect.stringContaining('1 pending migration(s) (0036_catalog_search_rows): run `halaqa migrate` first'),
    });
    const applied = await halaqa(['migrate']);
    expect(applied).toMatchObject({
      status: 0,
      out: expect.stringMatching(/^Applied 1 migration\(s\) to .*: 0036_catalog_search_rows\.$/),
    });
    expect((await halaqa(['migrate'])).out).toMatch(/^Nothing to apply: .* is up to date\.$/);
  }, 120_000);
});

describe('create-admin', () => {
  const email = 'olga.ops@example.org';
  const password = 'Str0ng-enough!';

  it('refuses a weak password, two different typed passwords and a taken e-mail', async () => {
    const weak = await halaqa(['create-admin', '--email', email, '--name', 'Olga Ops'], {
      HALAQA_ADMIN_PASSWORD: 'alllowercase1!',
    });
    expect(weak).toMatchObject({ status: 1, err: 'Not created: password must contain an upper-case letter.' });
    const typo = await halaqa(['create-admin', '--email', email, '--name', 'Olga Ops'], {}, [password, `${password}x`]);
    expect(typo).toMatchObject({ status: 1, err: 'The two passwords differ: nothing was created.' });
    const taken = await halaqa(['create-admin', '--email', 'ADMIN@halaqa.test', '--name', 'Olga Ops'], {
      HALAQA_ADMIN_PASSWORD: password,
    });
    expect(taken).toMatchObject({ status: 1, err: 'Not created: An account with this email already exists.' });
  }, 60_000);

  it('creates a super admin (password typed twice) who signs in through the API; the refused ones wrote nothing', async () => {
    const created = await halaqa(['create-admin', '--email', email, '--name', 'Olga  Van Ops', '--super'], {}, [
      password,
      password,
    ]);
    expect(created.err).toBe('');
    expect(created.status).toBe(0);
    expect(created.out).toMatch(new RegExp(`^Created SUPER_ADMIN Olga Van Ops <${email}> \\(user \\d+\\) in `));
    await withDb(async (h) => {
      expect(await countRows(h.db, 'users')).toBe(usersAtStart + 1);
      const app = await buildApp({ config: loadConfig(baseEnv()), db: h.db, logger: false });
      try {
        const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.user).toMatchObject({ email, name: 'Olga Van Ops', role: 'SUPER_ADMIN' });
        // Staff: an operation only admins may call answers it.
        const partners = await app.inject({
          method: 'GET',
          url: '/api/users/partners',
          headers: { authorization: `Bearer ${res.json().data.token}`, 'x-auth-legacy': '1' },
        });
        expect(partners.statusCode, partners.body).toBe(200);
      } finally {
        await app.close();
      }
    });
  }, 60_000);
});

describe('outbox --resend-failed', () => {
  it('sends the receipts and invitations whose mail failed, once; a mail server still refusing exits 1 and leaves them unsent', async () => {
    const invitee = 'late.invitee@example.org';
    const { intentId, learner, lastMail } = await withDb(async ({ db }) => {
      const intent = await db
        .selectFrom('payment_intents as pi')
        .innerJoin('users as u', 'u.id', 'pi.user_id')
        .select(['pi.id', 'u.email'])
        .where('pi.status', '=', 'succeeded')
        .orderBy('pi.id')
        .limit(1)
        .executeTakeFirstOrThrow();
      // Its receipt's sending failed two minutes ago; so did a partner's invitation's.
      await db
        .updateTable('payment_intents')
        .set({ receipt_mailed_at: null, updated_at: sql<Date>`now() - interval '2 minutes'` })
        .where('id', '=', intent.id)
        .execute();
      const partner = await db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', 'partner@ncai.halaqa.test')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invitations')
        .values({
          email: invitee,
          role: 'LEARNER',
          company_id: partner.company_id!,
          invited_by: partner.id,
          token: 'f'.repeat(64),
          created_at: sql<Date>`now() - interval '2 minutes'`,
          mailed_at: null,
        })
        .execute();
      const { lastMail } = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('lastMail'))
        .executeTakeFirstOrThrow();
      return { intentId: intent.id, learner: intent.email, lastMail };
    });

    const refused = await halaqa(['outbox', '--resend-failed'], { SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain(
      'Payment receipts: 1 unsent, 0 sent now. Invitations: 1 unsent, 0 sent now. (Through SMTP_URL.)',
    );
    expect(refused.err).toMatch(
      /^mailing a payment receipt failed; the jobs will retry: .*\nmailing an invitation failed; the jobs will retry: .*\n2 mail\(s\) failed again/,
    );

    const sent = await halaqa(['outbox', '--resend-failed']);
    expect(sent.err).toBe('');
    expect(sent).toMatchObject({
      status: 0,
      out: expect.stringContaining(
        `Payment receipts: 1 unsent, 1 sent now. Invitations: 1 unsent, 1 sent now. (As .eml files in ${join(dataDir, 'outbox')}.)`,
      ),
    });
    expect((await halaqa(['outbox', '--resend-failed'])).out).toMatch(
      /^Payment receipts: 0 unsent, 0 sent now\. Invitations: 0 unsent, 0 sent now\./,
    );
    // Sent once each: one outbox row (and .eml file) per mail.
    const mails = await withDb(({ db }) =>
      db.selectFrom('outbox').select(['to_addresses', 'body']).where('id', '>', lastMail).orderBy('id').execute(),
    );
    expect(
      mails.map((m) => [
        typeof m.to_addresses === 'string' ? JSON.parse(m.to_addresses) : m.to_addresses,
        m.body.includes(intentId) || /\/invitations\/[\w-]+/.test(m.body),
      ]),
    ).toEqual([
      [[learner], true],
      [[invitee], true],
    ]);
    expect(readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  }, 120_000);
});

describe('backup and restore', () => {
  it('with DATABASE_URL, print the pg_dump and pg_restore commands for it, without its password, and write nothing', async () => {
    for (const command of ['backup', 'restore']) {
      const r = await halaqa([command, 'halaqa.dump'], {
        DATABASE_URL: "postgres://halaqa:s3cret@db.internal:5432/hala'qa",
      });
      expect(r.status).toBe(1);
      expect(r.err).toContain(
        `  pg_dump --format=custom --no-owner --file='${join(work, 'halaqa.dump')}' 'postgres://halaqa@db.internal:5432/hala'\\''qa'\n`,
      );
      expect(r.err).toContain(
        `  pg_restore --no-owner --exit-on-error --dbname='postgres://halaqa@db.internal:5432/hala'\\''qa' '${join(work, 'halaqa.dump')}'\n`,
      );
      expect(r.err).not.toContain('s3cret');
    }
    expect(readdirSync(work)).not.toContain('halaqa.dump');
  });

  it.runIf(!PG_URL)(
    'backup, then restore into a new DATA_DIR, gives the same rows; a running server, a database in the way or another file is refused',
    async () => {
      // A server holds the directory (its lock names a running process: this test's parent).
      const lock = join(dataDir, 'pg.lock');
      writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), since: new Date().toISOString() }));
      const held = await halaqa(['backup', 'halaqa.tar.gz']);
      expect(held).toMatchObject({ status: 1, err: expect.stringContaining(`is in use by process ${process.ppid}`) });
      expect(held.err).toContain('stop the server, then run this command again');
      rmSync(lock);

      const saved = await halaqa(['backup', 'halaqa.tar.gz']);
      expect(saved.err).toBe('');
      expect(saved).toMatchObject({
        status: 0,
        out: expect.stringMatching(
          new RegExp(
            `^Backed up PGlite in .* \\(${MIGRATIONS} migrations applied\\) to ${join(work, 'halaqa.tar.gz')}: [\\d.]+ MB\\.`,
          ),
        ),
      });
      expect((await halaqa(['backup', 'halaqa.tar.gz'])).err).toContain(
        'halaqa.tar.gz exists: give another name, or --force to replace it.',
      );

      const newDir = join(work, 'restored');
      const restored = await halaqa(['restore', 'halaqa.tar.gz'], { DATA_DIR: newDir });
      expect(restored.err).toBe('');
      expect(restored).toMatchObject({
        status: 0,
        out: expect.stringContaining(
          `Restored ${join(work, 'halaqa.tar.gz')} into ${join(newDir, 'pg')}: ${MIGRATIONS} migrations applied.`,
        ),
      });
      const again = await halaqa(['restore', 'halaqa.tar.gz'], { DATA_DIR: newDir });
      expect(again).toMatchObject({
        status: 1,
        err: expect.stringContaining('already holds a database: restore into a new DATA_DIR, or add --force'),
      });
      writeFileSync(join(work, 'junk.tar'), 'not a backup');
      expect(await halaqa(['restore', '--force', 'junk.tar'], { DATA_DIR: newDir })).toMatchObject({
        status: 1,
        err: `${join(work, 'junk.tar')} is not an archive of \`halaqa backup\` (no tar archive in it).`,
      });

      // The same rows: counts of the main tables, and the admin made above with their password hash.
      const tables = [
        'users',
        'companies',
        'courses',
        'sessions',
        'enrollments',
        'payment_intents',
        'ledger_entries',
        'invitations',
        'outbox',
      ] as const;
      const snapshot = (dir: string) =>
        withDb(
          async ({ db }) => ({
            counts: await Promise.all(tables.map((t) => countRows(db, t))),
            admin: await db
              .selectFrom('users')
              .select(['role', 'password_hash'])
              .where('email', '=', 'olga.ops@example.org')
              .executeTakeFirstOrThrow(),
          }),
          dir,
        );
      const original = await snapshot(dataDir);
      expect(original.counts.every((n) => n > 0)).toBe(true);
      expect(await snapshot(newDir)).toEqual(original);
    },
    180_000,
  );
});
