import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, isLoopbackHost, loadConfig } from './config.js';
import { DEMO_PASSWORD } from './db/seed/demo-users.js';
import { DirectoryLockedError, lockDirectory, type DirectoryLock } from './platform/dir-lock.js';
import { hashPassword } from './platform/passwords.js';
import { exitGracefullyOnSignals } from './platform/shutdown.js';

const started = performance.now();

/** A start refused for a reason the message explains whole (printed as is). */
class StartError extends Error {}

/**
 * Builds the SPA into dist/ when it has not been built yet (npm start on a fresh clone).
 * `npm run build` rebuilds it after changes; `npm run dev` serves sources with reloading.
 */
function buildSpaIfNeeded(webDir: string): void {
  const root = resolve(import.meta.dirname, '..');
  if (resolve(webDir) !== join(root, 'dist') || existsSync(join(webDir, 'index.html'))) return;
  console.log('Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the web app build failed (npm run build)');
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database's files are held by one process only: a second server on the same
  // DATA_DIR would open its own copy and corrupt it (PostgreSQL itself arbitrates DATABASE_URL).
  const pgDir = join(config.dataDir, 'pg');
  let lock: DirectoryLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = lockDirectory(pgDir);
    } catch (err) {
      if (!(err instanceof DirectoryLockedError)) throw err;
      throw new StartError(
        `DATA_DIR ${config.dataDir} is already used by another Halaqa server (process ${err.owner.pid} on ${err.owner.host}, since ${err.owner.since}).\n` +
          'Stop that server, or give this one another DATA_DIR (or a DATABASE_URL).',
      );
    }
  }
  // A fresh embedded database gets the demo data: its one password hash (scrypt, ~0.3–1 s) is
  // computed on libuv's thread pool while this thread loads the server and opens the database, at
  // the cost new hashes get (SCRYPT_LOG_N), as every hash the seed makes.
  const freshPglite = !config.databaseUrl && !existsSync(join(pgDir, 'PG_VERSION'));
  const demoHash = config.seedDemoData && freshPglite ? hashPassword(DEMO_PASSWORD, config.scryptLogN) : null;
  demoHash?.catch(() => {});
  // A fresh PGlite directory starts as a copy of the migrated template (server/db/template.ts: made
  // at npm install; made here, once, when missing) instead of running initdb and the migrations.
  // Started before the modules below are loaded (the template module is small; the copy itself
  // runs on this thread). HALAQA_DB_TEMPLATE=off creates it in place, as before the template
  // (bench/startup.ts compares).
  const restored: Promise<boolean> =
    freshPglite && process.env.HALAQA_DB_TEMPLATE !== 'off'
      ? import('./db/template.js')
          .then(async (template) => {
            await template.prepareDatabaseTemplate();
            return template.restoreDatabaseTemplate(pgDir);
          })
          .catch((err: unknown) => {
            console.warn(
              `No database template (${err instanceof Error ? err.message : String(err)}); creating the database in place.`,
            );
            return false;
          })
      : Promise.resolve(false);
  // The rest of the server is loaded once the data directory is ours (seconds with tsx), so a
  // refused start says so at once.
  const [
    { buildApp },
    { openDatabase },
    { migrateToLatest },
    { seedDemoData },
    { runJobs, scheduleJobs },
    { gatewayFor },
    { Mailer },
  ] = await Promise.all([
    import('./app.js'),
    import('./db/database.js'),
    import('./db/migrate.js'),
    import('./db/seed/seed.js'),
    import('./jobs/index.js'),
    import('./platform/payments/select.js'),
    import('./platform/mailer.js'),
  ]);
  if (config.webDir) buildSpaIfNeeded(config.webDir);
  const fromTemplate = await restored;
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: pgDir },
  );
  const applied = await migrateToLatest(handle.db, handle.schema);
  const seeded = config.seedDemoData
    ? await seedDemoData(handle.db, {
        uploadsDir: join(config.dataDir, 'uploads'),
        hashPassword: (plain) =>
          demoHash && plain === DEMO_PASSWORD ? demoHash : hashPassword(plain, config.scryptLogN),
        liveMeetingAt: new Date(),
        publicUrl: config.publicUrl,
      })
    : { seeded: false as const };
  // Work left over while the server was down (expired seat holds, timed-out quizzes), then every minute.
  const gateway = await gatewayFor(config);
  const app = await buildApp({ config, db: handle.db, gateway });
  // Seats freed by expired holds mail the courses' waitlists: the jobs get a mailer.
  // The jobs' runs, payments and mails count in the app's metrics (GET /metrics).
  const mail = {
    db: handle.db,
    mailer: new Mailer(handle.db, join(config.dataDir, 'outbox'), config.smtpUrl, app.metrics),
    config,
    log: app.log,
  };
  const { expiredIntents: expired, gradedQuizAttempts: gradedQuizzes } = await runJobs(handle.db, {
    gateway,
    mail,
    metrics: app.metrics,
  });
  const stopJobs = scheduleJobs(handle.db, app.log, { gateway, mail, metrics: app.metrics });
  // SIGTERM, SIGINT: requests in flight finish (SHUTDOWN_GRACE_SECONDS), then jobs, mail queues,
  // database and lock, in order (server/platform/shutdown.ts); a second signal exits at once.
  exitGracefullyOnSignals({
    app,
    graceMs: config.shutdownGraceSeconds * 1000,
    stopJobs,
    closeDatabase: () => handle.close(),
    lock,
  });
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `Halaqa is running at ${config.publicUrl}  (API reference: ${config.publicUrl}/api/docs)`,
    `Database: ${handle.describe}${fromTemplate ? ' (new, from the migrated template)' : ''}${applied.length ? ` — migrations applied: ${applied.join(', ')}` : ''}`,
    ...(expired ? [`Card checkouts whose seat hold ended while the server was down: ${expired} canceled.`] : []),
    ...(gradedQuizzes
      ? [`Quiz attempts whose time limit ran out while the server was down: ${gradedQuizzes} graded.`]
      : []),
  ];
  if (seeded.seeded) {
    lines.push(`Demo data loaded: ${seeded.courses} courses, ${seeded.sessions} sessions, ${seeded.users} users.`);
  }
  // The demo accounts exist when this database was ever seeded (SEED_DEMO_DATA only seeds an empty one).
  const demoAccounts = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'superadmin@halaqa.test')
    .executeTakeFirst();
  if (demoAccounts) {
    lines.push(
      'Demo accounts (password Halaqa-demo-1): superadmin@halaqa.test, admin@halaqa.test, educator@halaqa.test,\n' +
        '  learner@halaqa.test, user@halaqa.test, partner@<ncai|morocco|qad>.halaqa.test, learner@<ncai|morocco|qad>.halaqa.test',
    );
    if (!isLoopbackHost(config.host)) {
      lines.push(
        `WARNING: HOST=${config.host} opens this server to other machines, and the demo accounts' password is published:\n` +
          '  anyone on that network can sign in as super admin. Use HOST=127.0.0.1, or a database without the demo data.',
      );
    }
  }
  lines.push(
    ...config.federation.providers.map((p) =>
      p.builtIn
        ? `Sign in with ${p.code}: built-in development directory at ${p.issuer} (accounts ${p.code.toLowerCase()}.*@${p.code.toLowerCase()}.halaqa.test, password Halaqa-demo-1; see README)`
        : `Sign in with ${p.code}: ${p.issuer}`,
    ),
    `Ready in ${Math.round(performance.now() - started)} ms.`,
    '',
  );
  // Through the logger, one record per line (a WARNING at warn level): a production log is JSON lines only.
  for (const line of lines.filter(Boolean)) {
    if (line.startsWith('WARNING')) app.log.warn(line);
    else app.log.info(line);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof StartError) {
    console.error(err.message);
  } else {
    console.error('Halaqa could not start:', err instanceof Error ? err.message : err);
    if (process.env.DEBUG) console.error(err);
  }
  process.exit(1);
});
