import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type WS from 'ws';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/database.js';
import { runJobs } from '../../server/jobs/index.js';
import { Mailer } from '../../server/platform/mailer.js';
import { insertCourse } from './course-fixtures.js';
import {
  t,
  PG,
  useTestApp,
  appWith,
  outage,
  parseExposition,
  scrape,
  valueOf,
  requests,
} from './metrics-health-setup.js';

useTestApp();

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
