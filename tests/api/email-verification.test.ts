import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationToken } from '../../server/modules/auth/verification.js';
import { signUpLearner, startTestApp, type TestApp } from './harness.js';

/**
 * E-mail ownership of self-service sign-ups (docs/decisions.md "E-mail ownership"): a sign-up mails
 * a verification link; until it is opened the address claims nothing, so a directory user with
 * that address is not locked out of single sign-on.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

async function signUp(email: string) {
  const { res, data } = await signUpLearner(t, email);
  expect(res.statusCode, res.body).toBe(201);
  return data;
}

async function mailedToken(email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where(sql<boolean>`to_addresses::text like ${'%' + email + '%'}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(mail.subject).toBe('Confirm your e-mail address for Halaqa');
  const url = /http:\/\/localhost:3000\/verify-email\?token=([^\s"<]+)/.exec(mail.body)![1]!;
  return decodeURIComponent(url);
}

const verifiedAt = async (email: string) =>
  (await t.db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow())
    .email_verified_at;

describe('e-mail verification', () => {
  it('a sign-up starts unverified and mails a link that verifies it (twice is fine)', async () => {
    await signUp('owner@example.org');
    expect(await verifiedAt('owner@example.org')).toBeNull();
    const token = await mailedToken('owner@example.org');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ email: 'owner@example.org' });
    expect(await verifiedAt('owner@example.org')).not.toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a forged, expired or other-address token (400 at token) and verifies nothing', async () => {
    const { user } = await signUp('forged@example.org');
    const secret = t.config.jwtSecret;
    const bad = [
      'not-a-token',
      verificationToken('another-secret-that-is-long-enough-0123456789', user.id, 'forged@example.org', new Date()),
      verificationToken(secret, user.id, 'someone-else@example.org', new Date()),
      verificationToken(secret, user.id, 'forged@example.org', new Date(Date.now() - 8 * 24 * 3600 * 1000)),
    ];
    for (const token of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().errors[0].path).toBe('token');
    }
    expect(await verifiedAt('forged@example.org')).toBeNull();
  });

  it('counts demo accounts and accounts from invitation links as verified', async () => {
    expect(await verifiedAt('learner@halaqa.test')).not.toBeNull();
    expect(await verifiedAt('partner@qad.halaqa.test')).not.toBeNull();
  });
});
