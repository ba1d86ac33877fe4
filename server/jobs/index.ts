import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { expireStaleIntents } from '../modules/payments/intents.js';
import { gradeExpiredAttempts } from '../modules/quizzes/service.js';

/** How often the periodic jobs run (ms). */
export const JOB_INTERVAL_MS = 60_000;

/** What one pass of the periodic jobs did. */
export interface JobsReport {
  /** Card payment intents whose seat hold ended, now canceled (their seats free again). */
  expiredIntents: number;
  /** Quiz attempts whose time limit ran out while the learner was away, now graded on their saved answers. */
  gradedQuizAttempts: number;
}

/**
 * The periodic work of the server, in one place: it calls the modules that own each rule.
 * - payments: seats held by abandoned (or crash-interrupted) card checkouts come back when their
 *   hold ends (`PAYMENT_HOLD_MINUTES`);
 * - quizzes: attempts whose time limit ran out are graded (docs/classroom.md).
 * Each job is idempotent, so a pass that runs twice (two instances) changes nothing the second time.
 */
export async function runJobs(db: Kysely<Database>, now: Date = new Date()): Promise<JobsReport> {
  const expiredIntents = await expireStaleIntents(db);
  const gradedQuizAttempts = await gradeExpiredAttempts(db, now);
  return { expiredIntents, gradedQuizAttempts };
}

/**
 * Runs {@link runJobs} every {@link JOB_INTERVAL_MS}; a failed pass is logged and the next one runs.
 * @returns a function that stops the timer. The timer does not keep the process alive.
 */
export function scheduleJobs(db: Kysely<Database>, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    runJobs(db).catch((err) => log.error({ err }, 'periodic jobs failed'));
  }, JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
