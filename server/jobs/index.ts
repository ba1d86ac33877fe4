import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { captureUncaptured, expireStaleIntents } from '../modules/payments/intent-jobs.js';
import { mailPaymentReceipt, unmailedReceipts } from '../modules/payments/mails.js';
import { retryPendingRefunds } from '../modules/payments/refunds.js';
import { notifyWaitlist } from '../modules/courses/waitlist.js';
import type { AppContext } from '../platform/context.js';
import type { AppMetrics } from '../platform/metrics.js';
import { gradeExpiredAttempts } from '../modules/quizzes/grading.js';
import type { PaymentGateway } from '../platform/payments/gateway.js';
import { purgeExpiredSessions } from '../platform/sign-in-sessions.js';
import { purgeRateLimitCounters } from '../platform/rate-limits.js';
import { mailInvitation, unmailedInvitations } from '../modules/users/invitation-mails.js';

/** How often the periodic jobs run (ms). */
export const JOB_INTERVAL_MS = 60_000;

/** What one pass of the periodic jobs did (null: another instance was running that job). */
export interface JobsReport {
  /** Card payment intents whose seat hold ended, now canceled (their seats free again). */
  expiredIntents: number | null;
  /** Card payments committed but not captured (the gateway was unreachable), now captured. */
  capturedPayments: number | null;
  /** Card refunds committed but not taken by the gateway (unreachable after the commit), now refunded. */
  refundedToCards: number | null;
  /** Succeeded payments whose receipt was not mailed a minute on (a crash, a mail server down), now mailed; 0 without `mail`. */
  mailedReceipts: number | null;
  /** Invitations whose mail was not sent a minute on (a crash, a mail server down), now mailed; 0 without `mail`. */
  mailedInvitations: number | null;
  /** Quiz attempts whose time limit ran out while the learner was away, now graded on their saved answers. */
  gradedQuizAttempts: number | null;
  /** Sign-in sessions deleted a day after they expired (server/platform/sign-in-sessions.ts). */
  purgedSignIns: number | null;
}

/** What the jobs need besides the database. */
export interface JobsContext {
  /** Cancels authorizations of expired intents and retries captures; without it those steps are skipped. */
  gateway?: PaymentGateway;
  /** The instant the jobs run at (holds ended, mails due); the wall clock by default. */
  now?: Date;
  /** Mailer, public URL and log: with it, a seat freed by an expired hold mails the course's waitlist. */
  mail?: Pick<AppContext, 'db' | 'mailer' | 'config' | 'log'>;
  /** The app's metrics: each job's pass is counted by outcome, and seat holds that ran out as expired card payments. */
  metrics?: Pick<AppMetrics, 'job' | 'payment'>;
}

/**
 * Runs `job` once across every server instance on one PostgreSQL database: under a session-level
 * advisory lock (`pg_try_advisory_lock`, keyed by the schema and the job's name) on a connection of its own; an
 * instance that finds the lock taken skips this pass (the other one is doing it). On PGlite — one
 * process owns the database — the lock is taken too and never contended.
 * @returns the job's result, or null when another instance holds the lock.
 */
export async function runExclusive<T>(
  db: Kysely<Database>,
  name: string,
  job: (db: Kysely<Database>) => Promise<T>,
): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    // Keyed by schema too: several schemas of one database (the API tests') never skip each other's jobs.
    const key = sql`hashtext(current_schema() || ${`:halaqa-job:${name}`})`;
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return await job(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** Runs one named job once across instances (null: another instance holds it); see {@link runExclusive}. */
type ExclusiveRunner = <T>(name: string, job: (db: Kysely<Database>) => Promise<T>) => Promise<T | null>;

/**
 * The periodic work of the server, in one place: it calls the modules that own each rule.
 * - payments: seats held by abandoned (or crash-interrupted) card checkouts come back when their
 *   hold ends (`PAYMENT_HOLD_MINUTES`), their authorizations canceled; committed payments whose
 *   capture failed are captured; card refunds the gateway did not take are asked again;
 * - quizzes: attempts whose time limit ran out are graded (docs/classroom.md);
 * - receipts: payments that succeeded a minute ago or more without a mailed receipt get it (with `mail`);
 * - invitations: invitations made (or resent) a minute ago or more whose mail was not sent get it
 *   (with `mail`), each claimed by the one statement that marks it mailed;
 * - sign-ins: sessions that expired a day ago go, with their refresh tokens, and rate-limit
 *   counters whose window ended.
 * Each job runs once across instances ({@link runExclusive}), and is idempotent besides.
 */
export async function runJobs(db: Kysely<Database>, ctx: JobsContext = {}): Promise<JobsReport> {
  const now = ctx.now ?? new Date();
  const exclusive: ExclusiveRunner = (name, job) =>
    ctx.metrics ? ctx.metrics.job(name, () => runExclusive(db, name, job)) : runExclusive(db, name, job);
  // Seats freed by expired holds are collected, then mailed to the waitlists once the job's
  // connection is released (on PGlite there is only one).
  const freed: Array<{ sessionId: number; intentId: string }> = [];
  const expiredIntents = await exclusive('expire-intents', (c) =>
    expireStaleIntents(c, now, ctx.gateway, async (sessionId, intentId) => void freed.push({ sessionId, intentId })),
  );
  ctx.metrics?.payment('card', 'expired', expiredIntents ?? 0);
  const mail = ctx.mail;
  if (mail) {
    for (const f of freed) {
      await notifyWaitlist(
        { ...mail, now: () => now },
        { kind: 'seat-freed', sessionId: f.sessionId, cause: `intent:${f.intentId}` },
      ).catch((err) => mail.log.error({ err }, 'waitlist notification failed'));
    }
  }
  const capturedPayments = ctx.gateway
    ? await exclusive('capture-payments', (c) => captureUncaptured(c, ctx.gateway!, now))
    : 0;
  const refundedToCards = ctx.gateway
    ? await exclusive('refund-cards', (c) => retryPendingRefunds(c, ctx.gateway!, now))
    : 0;
  const gradedQuizAttempts = await exclusive('grade-quiz-attempts', (c) => gradeExpiredAttempts(c, now));
  // Mails a crash or a refusing mail server left unsent, a minute on (receipts, invitations).
  const unmailed = mail ? await mailUnmailed(db, mail, now, exclusive) : null;
  const mailedReceipts = unmailed ? (unmailed.receipts?.mailed ?? null) : 0;
  const mailedInvitations = unmailed ? (unmailed.invitations?.mailed ?? null) : 0;
  const purgedSignIns = await exclusive('purge-sign-ins', async (c) => {
    await purgeRateLimitCounters(c);
    return purgeExpiredSessions(c, now);
  });
  return {
    expiredIntents,
    capturedPayments,
    refundedToCards,
    gradedQuizAttempts,
    mailedReceipts,
    mailedInvitations,
    purgedSignIns,
  };
}

/** Mails of one kind found unmailed by {@link mailUnmailed}, and how many of them were sent now (the others failed again, or were sent meanwhile by another instance). */
export interface UnmailedCount {
  found: number;
  mailed: number;
}

/**
 * The mails whose sending failed or never ran (a crash after the commit, a mail server that
 * refused): receipts of payments that succeeded a minute or more ago and invitations made or resent
 * a minute or more ago and still usable, still unmailed (`payment_intents.receipt_mailed_at`,
 * `invitations.mailed_at` null: migrations 0023, 0026), up to one batch of each (100 receipts, 500
 * invitations, oldest first), mailed now. Each is read under its job's lock, then mailed once the
 * job's connection is released (the mailer writes the outbox); each mail claims its row, so a queue
 * or another instance mailing the same ones at once sends none twice. Used by the periodic jobs and
 * by the admin command (`halaqa outbox --resend-failed`).
 * @returns per kind what was found and sent; null when another instance holds that job's lock.
 */
export async function mailUnmailed(
  db: Kysely<Database>,
  mail: NonNullable<JobsContext['mail']>,
  now: Date = new Date(),
  exclusive: ExclusiveRunner = (name, job) => runExclusive(db, name, job),
): Promise<{ receipts: UnmailedCount | null; invitations: UnmailedCount | null }> {
  const intents = await exclusive('mail-receipts', (c) => unmailedReceipts(c, now));
  const receipts = intents && {
    found: intents.length,
    mailed: await countSent(intents, (id) => mailPaymentReceipt({ ...mail, now: () => now }, id)),
  };
  const ids = await exclusive('mail-invitations', (c) => unmailedInvitations(c, now));
  const invitations = ids && {
    found: ids.length,
    mailed: await countSent(ids, (id) => mailInvitation({ ...mail, now: () => now }, id)),
  };
  return { receipts, invitations };
}

/** Sends `items` one after the other; @returns how many `send` reported sent. */
async function countSent<T>(items: T[], send: (item: T) => Promise<boolean>): Promise<number> {
  let sent = 0;
  for (const item of items) if (await send(item)) sent++;
  return sent;
}

/**
 * Runs {@link runJobs} every {@link JOB_INTERVAL_MS}; a failed pass is logged and the next one runs.
 * A pass never starts while the previous one runs (a slow gateway does not pile passes up).
 * @returns `stop`: no pass starts any more; resolves once the pass in progress, if any, has ended
 * (the server's shutdown waits for it before closing the database). The timer does not keep the
 * process alive.
 */
export function scheduleJobs(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  ctx: Omit<JobsContext, 'now'> = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runJobs(db, ctx)
      .then(
        () => {},
        (err: unknown) => log.error({ err }, 'periodic jobs failed'),
      )
      .finally(() => {
        running = null;
      });
  }, JOB_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
