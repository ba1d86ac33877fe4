import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type WS from 'ws';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import { DatabaseUnavailableError } from '../../server/db/database.js';
import { runJobs } from '../../server/jobs/index.js';
import { HttpError } from '../../server/platform/errors.js';
import { Mailer } from '../../server/platform/mailer.js';
import { insertCourse } from './course-fixtures.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Operating the server: `GET /metrics` (Prometheus text, per app, this machine only unless
 * METRICS_TOKEN), `GET /api/health/live` and `/api/health/ready` (and `/api/health`, its alias), and
 * request ids (`X-Request-Id` kept from a trusted proxy only, on every answer and log line).
 * Runs on PGlite, and on PostgreSQL with HALAQA_TEST_DATABASE_URL (a real outage of PostgreSQL:
 * tests/api/db-connection-loss.test.ts).
 */
let t: TestApp;
const apps: FastifyInstance[] = [];
const PG = Boolean(process.env.HALAQA_TEST_DATABASE_URL);

beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

/** Another app on the test's database, with `config` changes, a log stream or handlers of its own. */
async function appWith(
  options: {
    config?: Partial<Config>;
    db?: TestApp['db'];
    log?: Writable;
    handlers?: Parameters<typeof buildApp>[0]['handlers'];
  } = {},
) {
  const app = await buildApp({
    config: { ...t.config, ...options.config },
    db: options.db ?? t.db,
    logger: options.log ? { level: 'info', stream: options.log } : false,
    handlers: options.handlers,
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** One sample of the text format: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/y;
/** A value as Prometheus reads it (Go's strconv.ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
const VALUE = /^(?:nan|[+-]?inf|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)$/i;
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
  counter: ['', '_total'],
  gauge: [''],
  untyped: [''],
};

/**
 * Parses Prometheus's text exposition format 0.0.4, throwing at the first line that breaks it:
 * `# HELP` / `# TYPE` lines (one TYPE per family, before its samples), samples whose name belongs
 * to a declared family (histograms: `_bucket` with `le`, `_sum`, `_count`), label values quoted
 * with only `\\`, `\"`, `\n` escapes, numeric values. Histograms' buckets must be cumulative and
 * end at `+Inf` = `_count`.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`second TYPE for ${type[1]}`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} .*$`).test(line)) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    if (line.startsWith('#')) throw new Error(`bad comment line: ${line}`);
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name, labelText = '', valueText] = m as unknown as [string, string, string | undefined, string];
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const l = LABEL.exec(labelText);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    if (!VALUE.test(valueText)) throw new Error(`bad value: ${line}`);
    const family = [...types.entries()].find(([f, kind]) => SUFFIXES[kind]!.some((suffix) => `${f}${suffix}` === name));
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    if (family[1] === 'histogram' && name.endsWith('_bucket') && labels.le === undefined)
      throw new Error(`bucket without le: ${line}`);
    samples.push({
      name,
      labels,
      value: /^[+-]?inf$/i.test(valueText) ? (valueText.startsWith('-') ? -Infinity : Infinity) : Number(valueText),
    });
  }
  // Buckets of each histogram series: cumulative, ending at +Inf = _count.
  const series = new Map<string, Sample[]>();
  for (const s of samples.filter((x) => x.name.endsWith('_bucket'))) {
    const { le: _le, ...rest } = s.labels;
    const key = `${s.name}${JSON.stringify(rest)}`;
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const [key, buckets] of series) {
    const counts = buckets.map((b) => b.value);
    if (counts.some((c, i) => i > 0 && c < counts[i - 1]!)) throw new Error(`buckets not cumulative: ${key}`);
    const last = buckets.at(-1)!;
    if (last.labels.le !== '+Inf') throw new Error(`no +Inf bucket: ${key}`);
    const { le: _le, ...rest } = last.labels;
    const count = samples.find(
      (x) => x.name === last.name.replace(/_bucket$/, '_count') && JSON.stringify(x.labels) === JSON.stringify(rest),
    );
    if (count?.value !== last.value) throw new Error(`+Inf bucket is not _count: ${key}`);
  }
  return samples;
}

/** Scrapes `app` (from this machine) and parses the answer. */
async function scrape(app: FastifyInstance = t.app): Promise<Sample[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(res.body);
}

/** The value of the sample `name` whose labels include `labels` (0 when absent: a counter not yet counted). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const requests = (samples: Sample[], operation: string, status: string) =>
  valueOf(samples, 'halaqa_http_request_duration_seconds_count', { operation, status });

describe('GET /metrics', () => {
  it("is Prometheus text with the process's metrics (event-loop delay among them) and the app's", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'halaqa_http_requests_in_flight',
      'halaqa_db_pool_max',
      'halaqa_db_pool_waiting',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(valueOf(samples, 'halaqa_db_pool_max')).toBe(PG ? 10 : 1);
    expect(
      valueOf(samples, 'halaqa_db_pool_connections', { state: 'in_use' }) +
        valueOf(samples, 'halaqa_db_pool_connections', { state: 'idle' }),
    ).toBeLessThanOrEqual(PG ? 10 : 1);
    expect(valueOf(samples, 'halaqa_mail_queue_items', { queue: 'receipts' })).toBe(0);
    // Counters with known labels are shown from the start, at 0 (Prometheus's rate() needs a first sample).
    const series = (name: string) =>
      samples.filter((s) => s.name === name).map((s) => Object.values(s.labels).join(':'));
    expect(series('halaqa_payments_total')).toEqual(
      expect.arrayContaining(['card:declined', 'card:gateway_error', 'wallet:succeeded']),
    );
    expect(series('halaqa_mails_total')).toEqual(expect.arrayContaining(['sent', 'failed']));
    // The readiness check's query waited for its connection: observed.
    expect(valueOf(samples, 'halaqa_db_pool_wait_seconds_count')).toBeGreaterThan(0);
  });

  it('counts each call of an operation once, under its operationId and status', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/999999/info' })).statusCode).toBe(404);
    const after = await scrape();
    expect(requests(after, 'getHealthLive', '200') - requests(before, 'getHealthLive', '200')).toBe(3);
    expect(requests(after, 'getCourseInfo', '404') - requests(before, 'getCourseInfo', '404')).toBe(1);
    expect(
      valueOf(after, 'halaqa_http_request_duration_seconds_bucket', {
        operation: 'getHealthLive',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(requests(after, 'getHealthLive', '200'));
    // The scrapes themselves are no operation; nothing is in flight between calls.
    expect(
      after.some((s) => s.labels.operation === undefined && s.name === 'halaqa_http_request_duration_seconds_count'),
    ).toBe(false);
    expect(valueOf(after, 'halaqa_http_requests_in_flight')).toBe(0);
  });

  it('shows an operation in flight while it runs, and one whose client left as status 499', async () => {
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const app: FastifyInstance = await appWith({
      handlers: {
        getHealthLive: async () => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
          return { data: { status: 'ok' } };
        },
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const leaving = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: leaving.signal }).catch(() => 'left');
    await running;
    expect(valueOf(await scrape(app), 'halaqa_http_requests_in_flight')).toBe(1);
    leaving.abort();
    expect(await call).toBe('left');
    for (let i = 0; i < 100 && valueOf(await scrape(app), 'halaqa_http_requests_in_flight') !== 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    release();
    const after = await scrape(app);
    expect(valueOf(after, 'halaqa_http_requests_in_flight')).toBe(0);
    expect(requests(after, 'getHealthLive', '499')).toBe(1);
    expect(requests(after, 'getHealthLive', '200')).toBe(0);
  });

  it("keeps each app's counts apart: two apps in one process never collide", async () => {
    const other = await appWith();
    const before = await scrape(t.app);
    await other.inject({ method: 'GET', url: '/api/health/live' });
    await other.inject({ method: 'GET', url: '/api/health/live' });
    expect(requests(await scrape(t.app), 'getHealthLive', '200')).toBe(requests(before, 'getHealthLive', '200'));
    expect(requests(await scrape(other), 'getHealthLive', '200')).toBe(2);
  });

  it('is served to this machine only: another address, or a request through a proxy, is refused (403)', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toMatch(/METRICS_TOKEN/);
    expect(remote.body).not.toContain('halaqa_');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, is served to whoever sends it as a bearer token, from anywhere, and to nobody else', async () => {
    const token = randomBytes(24).toString('hex');
    const app = await appWith({ config: { metricsToken: token } });
    const as = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const good = await as({ authorization: `Bearer ${token}` });
    expect(good.statusCode).toBe(200);
    expect(parseExposition(good.body).length).toBeGreaterThan(0);
    for (const res of [
      await as({}),
      await as({ authorization: `Bearer ${token}x` }),
      await as({}, '127.0.0.1'),
      await as({ authorization: token }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('counts payments by method and outcome, and the receipt mailed after', async () => {
    const course = await insertCourse(t.db, {
      educatorId: (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'educator@halaqa.test')
          .executeTakeFirstOrThrow()
      ).id,
      title: 'Metrics',
    });
    const [paid, carded] = [await course.session(), await course.session()];
    await t.db
      .updateTable('sessions')
      .set({ price_cents: 2000, status: 'APPROVED' })
      .where('id', 'in', [paid, carded])
      .execute();
    const auth = t.auth(await t.tokenFor('learner@halaqa.test'));
    const post = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'idempotency-key': `metrics-${randomBytes(6).toString('hex')}` },
        payload,
      });
    const before = await scrape();

    expect((await post('/api/payments/intents/wallet', { sessionId: paid, amount: 2150 })).statusCode).toBe(201);
    await t.app.backgroundSettled();
    const declined = (await post('/api/payments/cards', { source: 'tok_chargeDeclined' })).json().data.id as string;
    const intent = (await post('/api/payments/intents', { sessionId: carded, amount: 2150 })).json().data.id as string;
    expect((await post(`/api/payments/intents/${intent}/confirm`, { paymentMethod: declined })).statusCode).toBe(402);
    expect((await post(`/api/payments/intents/${intent}/cancel`, {})).statusCode).toBe(200);
    expect((await post(`/api/payments/intents/${intent}/cancel`, {})).statusCode).toBe(200);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew('halaqa_payments_total', { method: 'wallet', outcome: 'succeeded' })).toBe(1);
    expect(grew('halaqa_payments_total', { method: 'card', outcome: 'declined' })).toBe(1);
    // The second cancel found it canceled already: one cancellation.
    expect(grew('halaqa_payments_total', { method: 'card', outcome: 'canceled' })).toBe(1);
    expect(grew('halaqa_payments_total', { method: 'card', outcome: 'succeeded' })).toBe(0);
    expect(grew('halaqa_mails_total', { outcome: 'sent' })).toBe(1);
  });

  it('counts mails the transport refused as failed', async () => {
    const before = valueOf(await scrape(), 'halaqa_mails_total', { outcome: 'failed' });
    // Nothing listens on port 1: the connection is refused.
    const mailer = new Mailer(t.db, null, 'smtp://127.0.0.1:1', t.app.metrics);
    await expect(mailer.send({ to: ['someone@halaqa.test'], subject: 'Hello', text: 'Hello' })).rejects.toThrow();
    expect(valueOf(await scrape(), 'halaqa_mails_total', { outcome: 'failed' }) - before).toBe(1);
  });

  it("counts the periodic jobs' passes, and a pass that failed", async () => {
    const before = await scrape();
    await runJobs(t.db, { metrics: t.app.metrics });
    let down = false;
    const failing = t.db.withPlugin(outage(() => down));
    down = true;
    await expect(runJobs(failing, { metrics: t.app.metrics })).rejects.toThrow(DatabaseUnavailableError);
    const after = await scrape();
    const grew = (labels: Record<string, string>) =>
      valueOf(after, 'halaqa_job_runs_total', labels) - valueOf(before, 'halaqa_job_runs_total', labels);
    expect(grew({ job: 'expire-intents', outcome: 'ok' })).toBe(1);
    expect(grew({ job: 'grade-quiz-attempts', outcome: 'ok' })).toBe(1);
    expect(grew({ job: 'expire-intents', outcome: 'failed' })).toBe(1);
    expect(valueOf(after, 'halaqa_job_last_success_timestamp_seconds', { job: 'expire-intents' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  it('counts the open chat sockets', async () => {
    const learner = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@halaqa.test')
      .executeTakeFirstOrThrow();
    const { session_id: sessionId } = await t.db
      .selectFrom('enrollments')
      .select('session_id')
      .where('user_id', '=', learner.id)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    const ws = (await t.app.injectWS(
      `/api/sessions/${sessionId}/chat/socket?token=${await t.tokenFor('learner@halaqa.test')}`,
    )) as unknown as WS;
    expect(valueOf(await scrape(), 'halaqa_chat_connections')).toBe(1);
    ws.terminate();
    for (let i = 0; i < 100 && valueOf(await scrape(), 'halaqa_chat_connections') !== 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(valueOf(await scrape(), 'halaqa_chat_connections')).toBe(0);
  });
});

/** A plugin that fails every query with DatabaseUnavailableError while `down()` says so (an outage, simulated). */
function outage(down: () => boolean): KyselyPlugin {
  return {
    transformQuery(args) {
      if (down()) throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED (simulated)'));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

describe('health', () => {
  it('live answers 200 whenever the process answers; ready and /api/health 200 while the database answers and is migrated', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'ok', database: 'up' } });
    }
  });

  // Recovery from a real outage of PostgreSQL: tests/api/db-connection-loss.test.ts.
  it('ready answers 503 with the reason once the database is closed; live still 200', async () => {
    const own = await startTestApp();
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await own.db.destroy();
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await own.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(res.json()).toEqual({ message: 'The database is unavailable; please try again in a moment' });
      }
      expect((await own.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  }, 120_000);

  it('ready answers 503 naming the migrations the database lacks, and 200 once they are applied', async () => {
    const latest = (await t.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow()) as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: `The database lacks migrations of this build: ${latest.name}` });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(
        t.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('answers every request with a new X-Request-Id; an incoming one is ignored when no proxy is trusted', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(plain.headers['x-request-id']).toMatch(UUID);
    const second = await t.app.inject({ method: 'GET', url: '/api/no-such-operation' });
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(forged.headers['x-request-id']).toMatch(UUID);
  });

  it("keeps a trusted proxy's X-Request-Id when it is a plain token, and replaces anything else", async () => {
    const app = await appWith({ config: { trustProxy: ['10.0.0.0/8', 'loopback'] } });
    const get = (id: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': id }, remoteAddress });
    expect((await get('lb-7f3a:42', '10.1.2.3')).headers['x-request-id']).toBe('lb-7f3a:42');
    expect((await get('Root=1-67891233-abcdef012345678912345678', '127.0.0.1')).headers['x-request-id']).toBe(
      'Root=1-67891233-abcdef012345678912345678',
    );
    expect((await get('lb-7f3a:42', '203.0.113.9')).headers['x-request-id']).toMatch(UUID);
    for (const bad of ['two words', 'a"quote', 'x'.repeat(129), 'line\\nbreak', '']) {
      expect((await get(bad, '10.1.2.3')).headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it("puts the request id on every line logged while the request is handled, the services' lines included", async () => {
    const raw: string[] = [];
    const log = new Writable({
      write(chunk, _enc, done) {
        raw.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await appWith({
      config: { trustProxy: ['loopback'] },
      log,
      handlers: {
        getHealthLive: async ({ app: ctx }) => {
          ctx.log.info('service line without a body');
          return { data: { status: 'ok' } };
        },
        // A request with a body goes on from the socket's events: its id must follow.
        signIn: async ({ app: ctx }) => {
          ctx.log.info('service line after the body');
          throw new HttpError(401, 'Wrong e-mail or password');
        },
      },
    });
    app.log.info('outside any request');
    // Over a socket, the body sent in two parts 300 ms apart: the second arrives in a later socket event.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/api/health/live`, { headers: { 'x-request-id': 'trace-0001' } });
    const body = JSON.stringify({ email: 'nobody@halaqa.test', password: 'x'.repeat(12) });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/auth/signin',
          headers: {
            'x-request-id': 'trace-0002',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    expect(status).toBe(401);
    const lines = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    const of = (reqId: string) => lines.filter((l) => l.reqId === reqId).map((l) => l.msg);
    expect(of('trace-0001')).toEqual(['incoming request', 'service line without a body', 'request completed']);
    expect(of('trace-0002')).toEqual(['incoming request', 'service line after the body', 'request completed']);
    expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
    // Each line names its request once (a second "reqId" key would be hidden by JSON.parse).
    expect(raw.filter((line) => line.split('"reqId"').length > 2)).toEqual([]);
  });
});
