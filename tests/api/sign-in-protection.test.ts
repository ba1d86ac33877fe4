import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { hashPassword, passwords } from '../../server/platform/passwords.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness.js';

/**
 * Real rate limits (RATE_LIMIT_FACTOR 1, the production defaults:
 * sign-in 10/min per IP + e-mail, 30/min per IP and 20/min per e-mail, reset requests 3/min per e-mail), the dummy
 * verification for unknown e-mails, and the scrypt upgrade to N = 2^17 at sign-in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });

describe('rate limits (real limits)', () => {
  it("the issue's reproduction: 40 wrong passwords in a burst, then the right one: refused with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await signIn('learner@halaqa.test', `wrong-${i}-Pass!`, '203.0.113.10')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await signIn('learner@halaqa.test', DEMO_PASSWORD, '203.0.113.10');
    expect(right.statusCode).toBe(429);
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The contract's error shape, with the wait in the message.
    expect(right.json()).toEqual({ message: `Too many attempts. Please try again in ${retryAfter} seconds.` });
    // Another address does not help: the account itself is over its limit (20 a minute, whatever the IP)…
    expect((await signIn('learner@halaqa.test', DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(429);
    // …while another account from that address is not blocked.
    expect((await signIn('admin@halaqa.test', DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('limits one IP across e-mails (30 a minute), known and unknown alike', async () => {
    const ip = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(`someone-${i}@halaqa.test`, 'Whatever-1!', ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await signIn('admin@halaqa.test', DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('limits password-reset requests per e-mail (3 a minute) whatever the IP, answering 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/reset-password/request',
        payload: { email: 'educator@halaqa.test' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it('limits sign-ups per e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const boundary = '----limit' + i;
      const body =
        ['firstName', 'lastName', 'email', 'password']
          .map(
            (k) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${{ firstName: 'A', lastName: 'B', email: 'taken-again@halaqa.test', password: 'Str0ng!pass' }[k]}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        remoteAddress: `192.0.2.${50 + i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('the same work for unknown e-mails', () => {
  it("verifies an unknown e-mail's password against the dummy hash of the configured cost", async () => {
    const verify = vi.spyOn(passwords, 'verify');
    try {
      const res = await signIn('no-such-person@halaqa.test', 'Whatever-1!', '198.51.100.99');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
      const dummy = await passwords.dummyHash(t.config.scryptLogN);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]).toEqual(['Whatever-1!', dummy]);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('scrypt cost (OWASP: N = 2^17, r = 8, p = 1)', () => {
  it('is the production default, and an N = 16384 hash is upgraded at the next successful sign-in', async () => {
    const prod = await startTestApp({ env: { SCRYPT_LOG_N: '17' } });
    try {
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: prod.config.dataDir }).scryptLogN).toBe(17);
      expect(prod.config.scryptLogN).toBe(17);
      const email = `old-hash-${Date.now()}@halaqa.test`;
      await prod.db
        .insertInto('users')
        .values({
          email,
          password_hash: await hashPassword('Old-passw0rd!', 14),
          first_name: 'Old',
          last_name: 'Hash',
          role: 'LEARNER',
          status: 'APPROVED',
          company_id: null,
          picture_url: null,
        })
        .execute();
      const stored = async () =>
        (await prod.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
          .password_hash;
      const signIn = async (password: string) =>
        (await prod.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })).statusCode;
      expect((await stored()).split('$')[1]).toBe('16384');
      // A wrong password upgrades nothing.
      expect(await signIn('Wrong-passw0rd!')).toBe(401);
      expect((await stored()).split('$')[1]).toBe('16384');
      expect(await signIn('Old-passw0rd!')).toBe(200);
      expect((await stored()).split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
      // The upgraded hash still lets the person in.
      expect(await signIn('Old-passw0rd!')).toBe(200);
    } finally {
      await prod.close();
    }
    // A second app (database copy) and two scrypt runs at 2^17: slow on a loaded machine.
  }, 60_000);
});
