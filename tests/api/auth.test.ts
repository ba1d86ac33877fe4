import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, DEMO_PASSWORD, multipart, startTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /auth/signin', () => {
  it('signs in a demo learner and answers a token and the user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'learner@halaqa.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({ email: 'learner@halaqa.test', role: 'LEARNER' });
    expect(data.token.split('.')).toHaveLength(3);
    expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('accepts the email in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'Admin@Halaqa.TEST', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('ADMIN');
  });

  it('answers 401 "Invalid credentials" for a wrong password and for an unknown email alike', async () => {
    for (const payload of [
      { email: 'learner@halaqa.test', password: 'wrong-Password-1!' },
      { email: 'nobody@halaqa.test', password: DEMO_PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
    }
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('password');
  });
});

describe('POST /auth/signup', () => {
  /** Signs up through the multipart form with these fields. */
  const signUp = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart(fields) });

  it('creates a learner who can then sign in', async () => {
    const res = await signUp({
      firstName: 'Layla',
      lastName: 'Benali',
      email: 'layla.benali@example.org',
      password: 'Str0ng!pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({
      email: 'layla.benali@example.org',
      role: 'LEARNER',
      name: 'Layla Benali',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'layla.benali@example.org', password: 'Str0ng!pass' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a weak password and a bad email with field errors, and writes nothing', async () => {
    const before = await countRows(t.db, 'users');
    const res = await signUp({ firstName: 'A', lastName: 'B', email: 'a@b', password: 'short' });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('applies the password policy of product.md#validation (lower, upper, digit, special)', async () => {
    for (const password of ['alllowercase1!', 'NoDigitsHere!', 'NoSpecial123']) {
      const res = await signUp({ firstName: 'Sam', lastName: 'Policy', email: 'sam.policy@example.org', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'password' })]);
    }
  });

  it('answers 409 when the email is taken', async () => {
    const res = await signUp({
      firstName: 'Dup',
      lastName: 'User',
      email: 'LEARNER@halaqa.test',
      password: 'Str0ng!pass',
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a JSON body (the contract says multipart)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'x@y.org' } });
    expect([400, 415]).toContain(res.statusCode);
  });
});

describe('tokens', () => {
  it('answers 401 on a protected call without a token, and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions/enrollments' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/enrollments',
      headers: t.auth('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad'),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('accepts the token as a query parameter (product.md#roles)', async () => {
    const token = await t.tokenFor('learner@halaqa.test');
    const res = await t.app.inject({ method: 'GET', url: `/api/sessions/enrollments?token=${token}&auth-legacy=1` });
    expect(res.statusCode).toBe(200);
  });
});
