import { constants } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { DirectoryLock } from './dir-lock.js';

/** WebSocket close code "going away" (RFC 6455 §7.4.1): the server stops; the client reconnects, to another instance behind a load balancer. */
export const WS_GOING_AWAY = 1001;

/**
 * Once the grace period is over, the steps after the HTTP server (the mail queues, a running job,
 * the database) get this much longer (ms) before the process exits 1 without them.
 */
export const LAST_STEPS_MS = 5000;

/** The part of a `ws` WebSocket the shutdown uses. */
interface ClosableSocket {
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/** The WebSockets open on `app` (@fastify/websocket's server), none when it is not registered. */
function webSockets(app: FastifyInstance): ClosableSocket[] {
  if (!app.hasDecorator('websocketServer')) return [];
  const server = (app as unknown as { websocketServer: { clients: Set<ClosableSocket> } }).websocketServer;
  return [...server.clients];
}

/**
 * Prepares `app` for a graceful `close()`; call it before registering @fastify/websocket, whose own
 * preClose hook (closing sockets without a code) then finds them closing already.
 * - Every WebSocket (the session chat's) is closed with {@link WS_GOING_AWAY}, so the SPA's chat
 *   reconnects (machines/chat.machine.ts: every close code but the refusals 4401/4403/4404).
 * - Every answer sent once closing has begun carries `Connection: close`: a keep-alive connection
 *   whose request was in flight ends with its answer, instead of holding the close until
 *   Fastify's keep-alive timeout (72 s); requests pipelined behind it are not answered (HTTP
 *   clients send them again, on a new connection). A request Fastify still routes once closing
 *   has begun is answered 503 with `Connection: close` by Fastify itself (`return503OnClosing`,
 *   server/app.ts).
 */
export function prepareGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const sockets = webSockets(app);
    if (sockets.length) app.log.info(`closing ${sockets.length} chat socket(s) with ${WS_GOING_AWAY} (going away)`);
    for (const socket of sockets) socket.close(WS_GOING_AWAY, 'Server shutting down');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** What the server stops, in order, after its HTTP server. */
export interface ShutdownSteps {
  /** The app: closing it stops accepting connections, answers the requests in flight and drains the mail queues (its onClose hooks). */
  app: FastifyInstance;
  /** How long the requests in flight may take (ms; SHUTDOWN_GRACE_SECONDS); then their connections are closed. */
  graceMs: number;
  /** Stops the periodic jobs; resolves once a pass in progress has ended (server/jobs/index.ts `scheduleJobs`). */
  stopJobs(): Promise<void>;
  /** Closes the database (PGlite, or the PostgreSQL pool). */
  closeDatabase(): Promise<void>;
  /** DATA_DIR's embedded-database lock (`pg.lock`), released last; null with DATABASE_URL. */
  lock: DirectoryLock | null;
}

/**
 * Stops the server gracefully, each step logged through `app.log`:
 * 1. no new connection is accepted, idle keep-alive connections are closed, chat sockets are
 *    closed with 1001, and the requests in flight get `graceMs` to finish (each answer closes its
 *    connection); the connections still open then are closed;
 * 2. the periodic jobs stop (a pass in progress finishes), the queued receipts and invitations are
 *    mailed;
 * 3. the database is closed, then `pg.lock` released.
 * Steps 2–3 must end within {@link LAST_STEPS_MS} after the grace period.
 * @returns the exit code: 0 when every step finished, 1 when one failed or the time ran out.
 */
export async function gracefulShutdown(steps: ShutdownSteps, signal: string): Promise<number> {
  const { app, graceMs } = steps;
  const log = app.log;
  const started = performance.now();
  log.info(`${signal}: shutting down; no new connections, the requests in flight have ${graceMs / 1000} s to finish`);
  const grace = setTimeout(() => {
    log.warn('shutdown: grace period over; closing the connections still open');
    app.server.closeAllConnections();
    for (const socket of webSockets(app)) socket.terminate();
  }, graceMs);
  let giveUp: NodeJS.Timeout | undefined;
  const timeUp = new Promise<number>((resolve) => {
    giveUp = setTimeout(() => {
      log.error(
        `shutdown: not finished ${LAST_STEPS_MS / 1000} s after the grace period; exiting without the steps left`,
      );
      resolve(1);
    }, graceMs + LAST_STEPS_MS);
  });
  const run = async () => {
    const jobs = steps.stopJobs().then(() => log.info('shutdown: periodic jobs stopped'));
    await app.close();
    log.info('shutdown: HTTP server closed (requests in flight answered, receipt and invitation mails sent)');
    await jobs;
    await steps.closeDatabase();
    log.info('shutdown: database closed');
    if (steps.lock) {
      steps.lock.release();
      log.info(`shutdown: ${steps.lock.file} released`);
    }
    log.info(`shutdown: done in ${Math.round(performance.now() - started)} ms`);
    return 0;
  };
  try {
    return await Promise.race([run(), timeUp]);
  } catch (err) {
    log.error({ err }, 'shutdown: a step failed');
    return 1;
  } finally {
    clearTimeout(grace);
    clearTimeout(giveUp);
  }
}

/**
 * A signal this soon (ms) after the first is the same request delivered twice (a terminal's Ctrl-C
 * reaches every process of its group, and `npm start` forwards it again), not a second one.
 */
export const REPEATED_SIGNAL_MS = 500;

/**
 * On the first SIGTERM or SIGINT, runs {@link gracefulShutdown} and exits with its code (0 or 1).
 * A second signal meanwhile (from {@link REPEATED_SIGNAL_MS} on) exits at once with 128 + the
 * signal's number (SIGINT 130, SIGTERM 143, as a shell reports a process killed by it); `pg.lock`
 * is still released (dir-lock.ts releases it on exit).
 * @returns a function that stops listening to the signals.
 */
export function exitGracefullyOnSignals(
  steps: ShutdownSteps,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  let firstAt: number | null = null;
  const onSignal = (signal: 'SIGTERM' | 'SIGINT') => {
    if (firstAt === null) {
      firstAt = performance.now();
      void gracefulShutdown(steps, signal).then(exit);
      return;
    }
    if (performance.now() - firstAt < REPEATED_SIGNAL_MS) return;
    steps.app.log.warn(`${signal} again: exiting at once`);
    exit(128 + constants.signals[signal]);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
