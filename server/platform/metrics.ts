import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopbackHost } from '../config.js';
import type { PoolStats } from '../db/connection-events.js';

/** How a card or wallet payment attempt ended (`halaqa_payments_total{outcome}`). */
export type PaymentOutcome =
  /** paid, enrolled */
  | 'succeeded'
  /** the card was declined (402; the intent stays open for another card) */
  | 'declined'
  /** the bank asked for a 3-D Secure step */
  | 'requires_action'
  /** canceled by the learner, or refused at commit (enrolled meanwhile, session full or changed) */
  | 'canceled'
  /** the seat hold ran out (the periodic jobs canceled it) */
  | 'expired'
  /** the gateway could not be reached or answered an error (the intent was put back) */
  | 'gateway_error';

/** Every payment outcome: each card series is shown from the start, at 0 (Prometheus's `rate` needs a first sample). */
const PAYMENT_OUTCOMES: readonly PaymentOutcome[] = [
  'succeeded',
  'declined',
  'requires_action',
  'canceled',
  'expired',
  'gateway_error',
];

/** How one periodic job's pass ended (`halaqa_job_runs_total{outcome}`). */
export type JobOutcome = 'ok' | 'skipped' | 'failed';

/** What the metrics read at each scrape, besides what the app counts as it goes. */
export interface MetricSources {
  /** The database's connection use now (server/db/database.ts `databasePoolStats`); null: not known. */
  pool(): PoolStats | null;
  /** Items waiting in the app's mail queues, by queue (receipts, invitations: AppContext's IdleQueues). */
  queues: Record<string, () => number>;
}

/** Status label of a request whose client left before the answer was sent (nginx's convention). */
const CLIENT_CLOSED = '499';

/** Request durations, seconds: up to 30 s, a code submission's worst case being about 15 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Connection waits, seconds. */
const WAIT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | null = null;

/**
 * The process's own metrics (prom-client's default metrics: CPU, memory, heap, garbage collection,
 * event-loop delay `nodejs_eventloop_lag_*`, handles), collected once per process whatever the
 * number of apps in it (tests build many): they describe the process, not an app.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The Prometheus metrics of one app (`AppContext.metrics`), in a registry of its own so that
 * several apps in one process never mix their counts; served with the process's metrics at
 * `GET /metrics` ({@link registerMetricsRoute}). Names and meanings: docs/deploy.md "Metrics and health".
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'operation' | 'status'>;
  private readonly inFlight: Gauge;
  private readonly connectionWait: Histogram;
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly jobLastSuccess: Gauge<'job'>;
  private readonly payments: Counter<'method' | 'outcome'>;
  private readonly mails: Counter<'outcome'>;
  private readonly chatSockets: Gauge;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    processMetrics();
    this.requestDuration = new Histogram({
      name: 'halaqa_http_request_duration_seconds',
      help: "Time from an API operation's first step to the end of its answer, by operationId and HTTP status (499: the client left first)",
      labelNames: ['operation', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.inFlight = new Gauge({
      name: 'halaqa_http_requests_in_flight',
      help: 'API operations being answered now',
      registers,
    });
    const pool = (pick: (s: PoolStats) => number) =>
      function (this: Gauge) {
        const stats = sources.pool();
        if (stats) this.set(pick(stats));
      };
    new Gauge({
      name: 'halaqa_db_pool_max',
      help: 'Most database connections the pool opens (1 with the embedded PGlite)',
      registers,
      collect: pool((s) => s.max),
    });
    new Gauge({
      name: 'halaqa_db_pool_connections',
      help: 'Database connections by state: in_use (a query or transaction holds it) or idle (open, free)',
      labelNames: ['state'],
      registers,
      collect(this: Gauge<'state'>) {
        const stats = sources.pool();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.inUse);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'halaqa_db_pool_waiting',
      help: 'Queries and transactions waiting for a database connection now',
      registers,
      collect: pool((s) => s.waiting),
    });
    this.connectionWait = new Histogram({
      name: 'halaqa_db_pool_wait_seconds',
      help: 'How long each query outside a transaction, and each transaction, waited for its database connection',
      buckets: WAIT_BUCKETS,
      registers,
    });
    this.jobRuns = new Counter({
      name: 'halaqa_job_runs_total',
      help: 'Passes of each periodic job by outcome: ok, skipped (another instance ran it), failed',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: 'halaqa_job_last_success_timestamp_seconds',
      help: 'When each periodic job last ended well on this instance (Unix time)',
      labelNames: ['job'],
      registers,
    });
    this.payments = new Counter({
      name: 'halaqa_payments_total',
      help: 'Payment attempts by method (card, wallet) and outcome (succeeded, declined, requires_action, canceled, expired, gateway_error)',
      labelNames: ['method', 'outcome'],
      registers,
    });
    for (const outcome of PAYMENT_OUTCOMES) this.payments.inc({ method: 'card', outcome }, 0);
    this.payments.inc({ method: 'wallet', outcome: 'succeeded' }, 0);
    this.mails = new Counter({
      name: 'halaqa_mails_total',
      help: 'Mails handed to the mail transport, by outcome: sent or failed',
      labelNames: ['outcome'],
      registers,
    });
    this.mails.inc({ outcome: 'sent' }, 0);
    this.mails.inc({ outcome: 'failed' }, 0);
    new Gauge({
      name: 'halaqa_mail_queue_items',
      help: 'Mails waiting in memory to be sent after the answer, by queue (receipts, invitations)',
      labelNames: ['queue'],
      registers,
      collect(this: Gauge<'queue'>) {
        for (const [queue, size] of Object.entries(sources.queues)) this.set({ queue }, size());
      },
    });
    this.chatSockets = new Gauge({
      name: 'halaqa_chat_connections',
      help: 'Open session chat WebSockets on this instance',
      registers,
    });
  }

  /**
   * Counts one API operation's request from now until its answer is sent (its duration under its
   * operationId and status) or its client leaves (status 499); in flight meanwhile.
   * @param response the request's raw response, whose `finish` and `close` events end it.
   */
  trackRequest(operationId: string, response: ServerResponse): void {
    const started = performance.now();
    this.inFlight.inc();
    let ended = false;
    const end = (status: string) => {
      if (ended) return;
      ended = true;
      this.inFlight.dec();
      this.requestDuration.observe({ operation: operationId, status }, (performance.now() - started) / 1000);
    };
    response.once('finish', () => end(String(response.statusCode)));
    response.once('close', () => end(CLIENT_CLOSED));
  }

  /** Records how long (seconds) a query or transaction waited for its database connection. */
  connectionWaited(seconds: number): void {
    this.connectionWait.observe(seconds);
  }

  /**
   * Runs one pass of the periodic job `name` and counts its outcome: `ok`, `skipped` when `run`
   * answers null (another instance holds the job's lock), `failed` when it throws (rethrown).
   */
  async job<T>(name: string, run: () => Promise<T | null>): Promise<T | null> {
    const count = (outcome: JobOutcome) => this.jobRuns.inc({ job: name, outcome });
    let result: T | null;
    try {
      result = await run();
    } catch (err) {
      count('failed');
      throw err;
    }
    count(result === null ? 'skipped' : 'ok');
    if (result !== null) this.jobLastSuccess.set({ job: name }, Date.now() / 1000);
    return result;
  }

  /** Counts `count` payment attempts of `method` that ended so. */
  payment(method: 'card' | 'wallet', outcome: PaymentOutcome, count = 1): void {
    if (count > 0) this.payments.inc({ method, outcome }, count);
  }

  /** Counts one mail handed to the transport: sent, or failed (the transport or the outbox refused it). */
  mail(outcome: 'sent' | 'failed'): void {
    this.mails.inc({ outcome });
  }

  /** Counts a chat socket open; @returns the function to call (once) when it closes. */
  chatSocketOpened(): () => void {
    this.chatSockets.inc();
    let open = true;
    return () => {
      if (open) this.chatSockets.dec();
      open = false;
    };
  }

  /** The text Prometheus scrapes: the process's metrics, then this app's (text format 0.0.4). */
  async exposition(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${process}\n${own}`;
  }
}

/** Request headers a proxy adds: a request carrying one came through a proxy, not from this machine itself. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Who may read `GET /metrics`. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`,
 * from anywhere. Without it: this machine only, i.e. a peer on a loopback address whose request
 * carries no forwarding header (a reverse proxy on the same host forwards the internet's requests
 * from a loopback address too, with `X-Forwarded-For`).
 * @returns null when allowed, else the status to answer: 401 (token set, missing or wrong) or 403.
 */
export function metricsRefusal(
  request: Pick<FastifyRequest, 'headers' | 'socket'>,
  token: string | null,
): 401 | 403 | null {
  if (token !== null) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(sent), digest(token)) ? null : 401;
  }
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isLoopbackHost(peer) || FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return 403;
  return null;
}

/**
 * `GET /metrics` in Prometheus's text format: outside /api and the OpenAPI contract (Prometheus's
 * convention), readable as {@link metricsRefusal} says. Not an operation: not counted in
 * `halaqa_http_request_duration_seconds`.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | null): void {
  app.get('/metrics', { schema: { hide: true } as never }, async (request, reply) => {
    const refused = metricsRefusal(request, token);
    if (refused === 401) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Send the metrics token as a bearer token (METRICS_TOKEN)' });
    }
    if (refused === 403) {
      return reply.code(403).send({
        message: 'The metrics are served to this machine only; set METRICS_TOKEN to scrape them from elsewhere',
      });
    }
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.exposition());
  });
}
