import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { countHit } from '../../server/platform/rate-limits.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * The sign-in protection's counters are shared by every instance on one database: two app
 * instances (two Fastify servers, each with its own rate-limit plugin) on one database, hits spread
 * over both, count together. On PGlite, and on PostgreSQL with HALAQA_TEST_DATABASE_URL.
 */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1', RATE_LIMIT_SIGN_IN_PER_IP: '3' } });
  second = await buildApp({ config: t.config, db: t.db, logger: false });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

let seq = 0;
const attempt = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    payload: { email: `nobody-${++seq}@shared.halaqa.test`, password: 'Wrong-pass-1!' },
  });

describe('rate limits across instances', () => {
  it("counts one address's sign-ins on both instances together: the 4th is refused wherever it lands", async () => {
    const ip = '203.0.113.77';
    const statuses = [];
    for (const app of [t.app, second, t.app, second, t.app]) statuses.push((await attempt(app, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await attempt(second, ip);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another address is counted apart.
    expect((await attempt(second, '203.0.113.78')).statusCode).toBe(401);
  });

  it('keeps no address or e-mail in the table, and starts a new window once the old one ended', async () => {
    const keys = await t.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.key.includes('203.0.113') || k.key.includes('@'))).toBe(false);

    expect(await countHit(t.db, 'test:window', 300)).toMatchObject({ current: 1 });
    const again = await countHit(t.db, 'test:window', 300);
    expect(again.current).toBe(2);
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 350));
    expect(await countHit(t.db, 'test:window', 300)).toMatchObject({ current: 1 });
  });
});
