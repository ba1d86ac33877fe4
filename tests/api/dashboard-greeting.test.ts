import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/** GET /dashboard/stats `firstSignIn`: a new company account's first sign-in is greeted "Welcome". */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stats = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { authorization: `Bearer ${token}` } });

describe('GET /dashboard/stats firstSignIn', () => {
  it('is true for a brand-new company account (signed in by its sign-up), false once it signs in again', async () => {
    const email = `first.${Date.now()}@greeting.example.org`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/company',
      payload: {
        company: {
          name: 'Greeting Academy',
          acronym: `GRT${Date.now() % 100000}`,
          language: 'en',
          address: { line1: '1 Corniche Road', city: 'Doha', postalCode: '00974', country: 'QA' },
        },
        account: { firstName: 'Noor', lastName: 'Ali', email, password: 'Str0ng!pass', language: 'en' },
      },
    });
    expect(signUp.statusCode).toBe(201);
    const first = await stats(signUp.json().data.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.firstSignIn).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: 'Str0ng!pass' },
    });
    expect(again.statusCode).toBe(200);
    const second = await stats(again.json().data.token);
    expect(second.json().data.firstSignIn).toBe(false);
  });
});
