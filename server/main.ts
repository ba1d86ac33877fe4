import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';
import { runJobs, scheduleJobs } from './jobs/index.js';
import { gatewayFor } from './platform/payments/select.js';
import { hashPassword } from './platform/passwords.js';

const started = performance.now();

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
  if (config.webDir) buildSpaIfNeeded(config.webDir);
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: join(config.dataDir, 'pg') },
  );
  const applied = await migrateToLatest(handle.db, handle.schema);
  const seeded = config.seedDemoData
    ? await seedDemoData(handle.db, { uploadsDir: join(config.dataDir, 'uploads'), hashPassword, liveMeetingAt: new Date() })
    : { seeded: false as const };
  // Work left over while the server was down (expired seat holds, timed-out quizzes), then every minute.
  const gateway = gatewayFor(config);
  const { expiredIntents: expired, gradedQuizAttempts: gradedQuizzes } = await runJobs(handle.db, { gateway });
  const app = await buildApp({ config, db: handle.db, gateway });
  scheduleJobs(handle.db, app.log, { gateway });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `Halaqa is running at ${config.publicUrl}  (API reference: ${config.publicUrl}/api/docs)`,
    `Database: ${handle.describe}${applied.length ? ` — migrations applied: ${applied.join(', ')}` : ''}`,
    ...(expired ? [`Card checkouts whose seat hold ended while the server was down: ${expired} canceled.`] : []),
    ...(gradedQuizzes ? [`Quiz attempts whose time limit ran out while the server was down: ${gradedQuizzes} graded.`] : []),
  ];
  if (seeded.seeded) {
    lines.push(`Demo data loaded: ${seeded.courses} courses, ${seeded.sessions} sessions, ${seeded.users} users.`);
  }
  lines.push(
    'Demo accounts (password Halaqa-demo-1): superadmin@halaqa.test, admin@halaqa.test, educator@halaqa.test,',
    '  learner@halaqa.test, user@halaqa.test, partner@<ncai|morocco|qad>.halaqa.test, learner@<ncai|morocco|qad>.halaqa.test',
    `Ready in ${Math.round(performance.now() - started)} ms.`,
    '',
  );
  console.log(lines.join('\n'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Halaqa could not start:', err instanceof Error ? err.message : err);
    if (process.env.DEBUG) console.error(err);
  }
  process.exit(1);
});
