import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * TRUST_PROXY: a forged X-Forwarded-For must not give a client a new address for the per-IP
 * limits, unless it comes from a proxy the configuration names (proxy-addr semantics).
 * Sign-in allows 2 attempts per IP here; every attempt names another e-mail, so only the per-IP
 * limit can refuse.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const LIMITS = { RATE_LIMIT_FACTOR: '1', RATE_LIMIT_SIGN_IN_PER_IP: '2' };
let seq = 0;
/** Three sign-ins from `remoteAddress`, each claiming another client address: their statuses. */
async function threeForgedAttempts(t: TestApp, remoteAddress: string): Promise<number[]> {
  const statuses = [];
  for (let i = 1; i <= 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      payload: { email: `nobody-${++seq}@proxy.halaqa.test`, password: 'Wrong-pass-1!' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For does not change the address the limits count', async () => {
    const t = await startTestApp({ env: LIMITS });
    apps.push(t);
    expect(t.config.trustProxy).toBe(false);
    expect(await threeForgedAttempts(t, '127.0.0.1')).toEqual([401, 401, 429]);
  }, 120_000);

  it("with TRUST_PROXY=127.0.0.1, the proxy's X-Forwarded-For is the client address; another peer's is not", async () => {
    const t = await startTestApp({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    apps.push(t);
    expect(await threeForgedAttempts(t, '127.0.0.1')).toEqual([401, 401, 401]);
    expect(await threeForgedAttempts(t, '203.0.113.9')).toEqual([401, 401, 429]);
  }, 120_000);

  it('takes addresses, CIDR ranges and proxy-addr\'s names; refuses "true" and anything else, naming TRUST_PROXY', () => {
    const env = (v: string) => ({
      TRUST_PROXY: v,
      JWT_SECRET: 'x'.repeat(32),
      CAPTCHA: 'off',
      DATA_DIR: '/tmp/halaqa-trust-proxy',
    });
    expect(loadConfig(env('10.0.0.5, 10.1.0.0/16,fd00::/8, loopback')).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig(env('off')).trustProxy).toBe(false);
    for (const bad of ['true', 'on', '10.0.0.0/33', 'proxy.example', '10.0.0.5/8/1', '*']) {
      expect(() => loadConfig(env(bad)), bad).toThrow(ConfigError);
      expect(() => loadConfig(env(bad)), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
