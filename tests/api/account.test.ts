import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, passwords } from '../../server/platform/passwords.js';
import {
  countRows,
  DEMO_PASSWORD,
  startTestApp,
  TEST_SCRYPT_LOG_N,
  testHashPassword,
  type TestApp,
} from './harness.js';

/**
 * Forgot/reset password, change password, profile, and what they do to the account's
 * other sign-ins. Rate limits and the scrypt upgrade are in tests/api/sign-in-protection.test.ts.
 */
let t: TestApp;
/** The app's clock (AppContext.now): tests move it to expire reset links. */
let clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

let seq = 0;
/** A fresh APPROVED learner with a known password; @returns its e-mail. */
async function newUser(password = 'Old-passw0rd!', language: 'en' | 'ar' = 'en'): Promise<string> {
  const email = `account-${Date.now().toString(36)}-${++seq}@halaqa.test`;
  await t.db
    .insertInto('users')
    .values({
      email,
      password_hash: await testHashPassword(password),
      first_name: 'Rania',
      last_name: 'Saleh',
      role: 'LEARNER',
      status: 'APPROVED',
      company_id: null,
      picture_url: null,
      language,
    })
    .execute();
  return email;
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me/addresses', headers: t.auth(token) });
const requestReset = (email: string, language?: 'en' | 'ar') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/reset-password/request',
    payload: { email, ...(language ? { language } : {}) },
  });
const reset = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/account/reset-password', payload });

/** The last mail sent to `email` (outbox table): subject and text. */
async function lastMailTo(email: string) {
  const rows = await t.db
    .selectFrom('outbox')
    .select(['subject', 'body', 'to_addresses'])
    .orderBy('id', 'desc')
    .execute();
  const to = (v: unknown) => (Array.isArray(v) ? v : JSON.parse(String(v))) as string[];
  const row = rows.find((r) => to(r.to_addresses).includes(email));
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

describe('POST /account/reset-password/request', () => {
  it('answers 202 with the same message for an account and for an unknown address, and mails each', async () => {
    const email = await newUser();
    const known = await requestReset(email);
    const unknown = await requestReset(`nobody-${Date.now()}@halaqa.test`, 'ar');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ data: { message: 'If the address has an account, a reset link is on its way.' } });

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Reset your Halaqa password');
    const token = tokenIn(mail.body);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.body).toContain('/reset-password?email=');
    // Stored hashed: the row holds the SHA-256 of the mailed token, never the token.
    const rows = await t.db.selectFrom('password_resets').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token!);
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(3600_000);
  });

  it('does the same work for an unknown address: a scrypt verification against the dummy hash, a recorded request, a mail', async () => {
    const verify = vi.spyOn(passwords, 'verify');
    try {
      const before = await countRows(t.db, 'password_resets');
      const address = `ghost-${Date.now()}@halaqa.test`;
      expect((await requestReset(address, 'ar')).statusCode).toBe(202);
      const dummy = await passwords.dummyHash(TEST_SCRYPT_LOG_N);
      expect(verify.mock.calls.map((c) => c[1])).toContain(dummy);
      expect(await countRows(t.db, 'password_resets')).toBe(before + 1);
      const mail = await lastMailTo(address);
      expect(mail.subject).toBe('إعادة تعيين كلمة المرور في حلقة');
      expect(tokenIn(mail.body)).toBeNull();
    } finally {
      verify.mockRestore();
    }
  });

  it('mails an account in its own language', async () => {
    const email = await newUser('Old-passw0rd!', 'ar');
    await requestReset(email, 'en');
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور في حلقة');
    expect(tokenIn(mail.body)).not.toBeNull();
  });
});

describe('POST /account/reset-password', () => {
  it('sets the new password once: the link works a single time, then says it was used; other sign-ins end', async () => {
    const email = await newUser();
    const before = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    expect((await me(before)).statusCode).toBe(200);
    await requestReset(email);
    const token = tokenIn((await lastMailTo(email)).body)!;

    const ok = await reset({ email, token, password: 'Brand-n3w-pass!', confirmPassword: 'Brand-n3w-pass!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: 'Your password has been reset, you can now login!' } });
    expect((await signIn(email, 'Brand-n3w-pass!')).statusCode).toBe(200);
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(401);
    // The sign-in from before the reset ends.
    expect((await me(before)).statusCode).toBe(401);

    const again = await reset({ email, token, password: 'Another-pass-1!', confirmPassword: 'Another-pass-1!' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This reset link has already been used',
      errors: [{ path: 'token', message: 'used' }],
    });
    expect((await signIn(email, 'Brand-n3w-pass!')).statusCode).toBe(200);
  });

  it('says the link expired after one hour, and changes nothing', async () => {
    const email = await newUser();
    await requestReset(email);
    const token = tokenIn((await lastMailTo(email)).body)!;
    const start = clock;
    try {
      clock = start + 60 * 60_000 + 1000;
      const res = await reset({ email, token, password: 'Brand-n3w-pass!', confirmPassword: 'Brand-n3w-pass!' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'token', message: 'expired' }]);
      expect(res.json().message).toBe('This reset link has expired');
    } finally {
      clock = start;
    }
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(200);
    // Within the hour the same link still works.
    clock = start + 59 * 60_000;
    try {
      expect(
        (await reset({ email, token, password: 'Brand-n3w-pass!', confirmPassword: 'Brand-n3w-pass!' })).statusCode,
      ).toBe(200);
    } finally {
      clock = start;
    }
  });

  it("refuses an unknown token, another address's token, a weak or unconfirmed password (400, nothing used)", async () => {
    const email = await newUser();
    const other = await newUser();
    await requestReset(email);
    const token = tokenIn((await lastMailTo(email)).body)!;

    const unknown = await reset({
      email,
      token: 'not-a-token',
      password: 'Brand-n3w-pass!',
      confirmPassword: 'Brand-n3w-pass!',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ path: 'token', message: 'invalid' }]);
    const stolen = await reset({
      email: other,
      token,
      password: 'Brand-n3w-pass!',
      confirmPassword: 'Brand-n3w-pass!',
    });
    expect(stolen.statusCode).toBe(422);

    const mismatch = await reset({ email, token, password: 'Brand-n3w-pass!', confirmPassword: 'Brand-n3w-pass?' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ path: 'confirmPassword', message: 'must be the same as the password' }]);
    const weak = await reset({ email, token, password: 'alllowercase', confirmPassword: 'alllowercase' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('password');

    // None of these used the link up or changed a password.
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(200);
    expect((await signIn(other, 'Old-passw0rd!')).statusCode).toBe(200);
    expect(
      (await reset({ email, token, password: 'Brand-n3w-pass!', confirmPassword: 'Brand-n3w-pass!' })).statusCode,
    ).toBe(200);
  });
});

describe('PUT /account/password', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: t.auth(token),
      payload: { oldPassword, newPassword },
    });

  it('refuses a wrong current password with 400 and a message, and changes nothing', async () => {
    const email = await newUser();
    const token = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const res = await change(token, 'Wrong-passw0rd!', 'Brand-n3w-pass!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Your current password is not correct',
      errors: [{ path: 'oldPassword', message: 'is not correct' }],
    });
    expect((await me(token)).statusCode).toBe(200);
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(200);
  });

  it('refuses a new password that breaks the #validation policy (400 on newPassword)', async () => {
    const email = await newUser();
    const token = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const res = await change(token, 'Old-passw0rd!', 'nodigits-or-caps');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('newPassword');
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(200);
  });

  it("changes it: the account's other sign-ins end (401), the changer keeps working with the fresh token", async () => {
    const email = await newUser();
    const laptop = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const phone = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const res = await change(laptop, 'Old-passw0rd!', 'Brand-n3w-pass!');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.message).toBe('password changed !');
    expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(Date.now());

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(data.token)).statusCode).toBe(200);
    expect((await signIn(email, 'Old-passw0rd!')).statusCode).toBe(401);
    const fresh = await signIn(email, 'Brand-n3w-pass!');
    expect(fresh.statusCode).toBe(200);
    // A new sign-in after the change works alongside the changer's.
    expect((await me(fresh.json().data.token)).statusCode).toBe(200);
    expect((await me(data.token)).statusCode).toBe(200);
  });

  it('needs a sign-in', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Brand-n3w-pass!' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /account/profile', () => {
  const update = (token: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/account/profile', headers: t.auth(token), payload: payload as object });

  it("updates the caller's names (trimmed) and mail language, and answers the user", async () => {
    const email = await newUser();
    const token = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const res = await update(token, { firstName: '  Layla ', lastName: 'Haddad', language: 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email,
      firstName: 'Layla',
      lastName: 'Haddad',
      name: 'Layla Haddad',
      language: 'ar',
    });
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'language'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Layla', last_name: 'Haddad', language: 'ar' });
  });

  it('refuses blank names, an unknown language and extra fields with 400, and changes nothing', async () => {
    const email = await newUser();
    const token = (await signIn(email, 'Old-passw0rd!')).json().data.token as string;
    const blank = await update(token, { firstName: '   ', lastName: 'Haddad' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'firstName', message: 'is required' }]);
    expect((await update(token, { firstName: 'A', lastName: 'B', language: 'fr' })).statusCode).toBe(400);
    expect((await update(token, { firstName: 'A', lastName: 'B', role: 'ADMIN' })).statusCode).toBe(400);
    expect((await update(token, { firstName: 'A' })).statusCode).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'language', 'role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Rania', last_name: 'Saleh', language: 'en', role: 'LEARNER' });
  });
});

describe('hashes', () => {
  it('a hash records its cost and verifies only its password', async () => {
    const h = await hashPassword('Pa55word!', 14);
    expect(h.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(await passwords.verify('Pa55word!', h)).toBe(true);
    expect(await passwords.verify('Pa55word?', h)).toBe(false);
    expect(passwords.needsRehash(h, 17)).toBe(true);
    expect(passwords.needsRehash(h, 14)).toBe(false);
  });
});
