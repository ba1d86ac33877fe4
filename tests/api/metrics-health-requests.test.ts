import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/platform/errors.js';
import { startTestApp } from './harness.js';
import { t, useTestApp, appWith } from './metrics-health-setup.js';

useTestApp();

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
