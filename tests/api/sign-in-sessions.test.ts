import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../../server/jobs/index.js';
import { DEMO_PASSWORD, multipart, startTestApp, type TestApp } from './harness.js';

/**
 * Sign-in sessions (OWASP ASVS 3.3.1, 3.3.3): sign-out ends the token it is called with, a
 * password change ends every sign-in of the account, and a token without a session is refused.
 * The refresh-token rotation of directory sign-ins is in federated-sign-in-*.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

const signIn = async (email: string, password = DEMO_PASSWORD) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; user: { id: number } };
};
/** The status of an authenticated read with this token. */
const statusWith = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me/addresses', headers: t.auth(token) })).statusCode;

describe('sign-in sessions', () => {
  it("sign-out ends the token it is called with at once; the account's other sign-ins go on", async () => {
    const first = await signIn('learner@halaqa.test');
    const second = await signIn('learner@halaqa.test');
    expect(await statusWith(first.token)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: t.auth(first.token) });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data).toEqual({ logoutUrl: null });
    // A copy of the token kept by anyone is refused from now on (it had 12 hours left).
    expect(await statusWith(first.token)).toBe(401);
    expect(await statusWith(second.token)).toBe(200);
    // Signing out again with the dead token changes nothing and still answers.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: t.auth(first.token) })).statusCode,
    ).toBe(200);
    expect(await statusWith(second.token)).toBe(200);
  });

  it('a password change ends every sign-in of the account, and the new token works', async () => {
    const email = 'change-sessions@halaqa.test';
    const form = multipart({ firstName: 'Change', lastName: 'Sessions', email, password: 'Old-pass-1!' }, {});
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: form.payload,
      headers: form.headers,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const a = await signIn(email, 'Old-pass-1!');
    const b = await signIn(email, 'Old-pass-1!');
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: t.auth(a.token),
      payload: { oldPassword: 'Old-pass-1!', newPassword: 'New-pass-2!' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await statusWith(a.token)).toBe(401);
    expect(await statusWith(b.token)).toBe(401);
    expect(await statusWith(change.json().data.token as string)).toBe(200);
    const rows = await t.db
      .selectFrom('auth_sessions')
      .select(['revoked_at'])
      .where('user_id', '=', a.user.id)
      .execute();
    expect(rows.filter((r) => r.revoked_at === null)).toHaveLength(1);
  });

  it('refuses a token whose session expired, and a well-signed token without a session (issued before sessions existed)', async () => {
    const s = await signIn('educator@halaqa.test');
    expect(await statusWith(s.token)).toBe(200);
    await t.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', s.user.id)
      .execute();
    expect(await statusWith(s.token)).toBe(401);

    // The old token format: the same secret and claims, no `sid`.
    const legacy = await new SignJWT({ role: 'EDUCATOR', cid: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.user.id))
      .setIssuer('halaqa')
      .setAudience('halaqa-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect(await statusWith(legacy)).toBe(401);
    expect(await statusWith((await signIn('educator@halaqa.test')).token)).toBe(200);
  });

  it('the periodic jobs delete sessions a day after they expired, not before', async () => {
    const s = await signIn('admin@halaqa.test');
    const old = await signIn('admin@halaqa.test');
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await t.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where('id', '=', sid(old.token))
      .execute();
    await t.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', sid(s.token))
      .execute();
    expect((await runJobs(t.db)).purgedSignIns).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('id', 'in', [sid(s.token), sid(old.token)])
      .execute();
    expect(left.map((r) => r.id)).toEqual([sid(s.token)]);
  });
});
