import { createActor, toPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createAuthActors, createMemoryStorage } from '@machines/auth.actors';
import type { LoginRecord } from '@machines/auth.machine';
import { createEnrollmentActors } from '@machines/enrollment.actors';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';

const BASE = 'http://halaqa.test/api';
const FUTURE = '2999-01-01T00:00:00.000Z';

async function run<T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return toPromise(createActor(logic as any, { input }).start()) as Promise<T>;
}

describe('auth actors (mocked fetch)', () => {
  const user = { id: 21, email: 'learner@halaqa.test', name: 'Lina Learner', role: 'LEARNER' };
  const company = {
    id: 3,
    name: 'QAD Academy',
    acronym: 'QAD',
    settings: {
      companyId: 3,
      style: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' },
      links: {},
      logo: null,
    },
  };

  function setup(routes: Parameters<typeof mockFetch>[0]) {
    const { fetch, calls } = mockFetch(routes);
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => null });
    return { actors: createAuthActors(api, createMemoryStorage()), calls };
  }

  it('signIn posts the credentials and returns token, expiry and user', async () => {
    const { actors, calls } = setup({
      'POST /api/auth/signin': () => json(200, { data: { token: 'jwt', expiresAt: FUTURE, user } }),
    });
    const out = await run(actors.signIn, { email: 'learner@halaqa.test', password: 'Halaqa-demo-1' });
    expect(out).toEqual({ token: 'jwt', expiresAt: FUTURE, user });
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'learner@halaqa.test', password: 'Halaqa-demo-1' });
  });

  it('signIn rejects with the server message on 401', async () => {
    const { actors } = setup({ 'POST /api/auth/signin': () => json(401, { message: 'Invalid email or password' }) });
    await expect(run(actors.signIn, { email: 'x@y.co', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid email or password',
    });
  });

  it('fetchCompany sends the new token; 404 means no company', async () => {
    const none = setup({ 'GET /api/users/me/company': () => json(404, { message: 'Not found' }) });
    expect(await run(none.actors.fetchCompany, { token: 'jwt' })).toBeNull();
    expect(none.calls[0]!.headers.get('Authorization')).toBe('Bearer jwt');
    expect(none.calls[0]!.headers.get('X-Auth-Legacy')).toBe('1');

    const some = setup({ 'GET /api/users/me/company': () => json(200, { data: company }) });
    expect(await run(some.actors.fetchCompany, { token: 'jwt' })).toEqual({
      id: 3,
      name: 'QAD Academy',
      acronym: 'QAD',
    });
  });

  it('fetchCompany rejects on other errors', async () => {
    const { actors } = setup({ 'GET /api/users/me/company': () => json(500, { message: 'System error' }) });
    await expect(run(actors.fetchCompany, { token: 'jwt' })).rejects.toMatchObject({ status: 500 });
  });

  it('fetchUser reads /users/{id} and keeps id, email, name, role', async () => {
    const { actors, calls } = setup({
      'GET /api/users/21': () =>
        json(200, {
          data: {
            ...user,
            firstName: 'Lina',
            lastName: 'Learner',
            status: 'APPROVED',
            companyId: null,
            pictureUrl: null,
            createdAt: FUTURE,
          },
        }),
    });
    expect(await run(actors.fetchUser, { token: 'jwt', userId: 21 })).toEqual(user);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('loadTheme maps the company style to {primary, secondary, tertiary}, with the logo and links', async () => {
    const { actors } = setup({ 'GET /api/companies/3/settings': () => json(200, { data: company.settings }) });
    expect(await run(actors.loadTheme, { token: 'jwt', companyId: 3 })).toEqual({
      primary: '#112233',
      secondary: '#445566',
      tertiary: '#778899',
      logo: null,
      links: {},
    });
    const branded = {
      ...company.settings,
      logo: '/uploads/company/3/logo.png',
      links: { website: 'https://qad.example.org' },
    };
    const { actors: again } = setup({ 'GET /api/companies/3/settings': () => json(200, { data: branded }) });
    expect(await run(again.loadTheme, { token: 'jwt', companyId: 3 })).toMatchObject({
      logo: branded.logo,
      links: branded.links,
    });
  });

  it('restoreSession reads the storage', async () => {
    const record: LoginRecord = {
      token: 't',
      expiresAt: FUTURE,
      user: user as LoginRecord['user'],
      company: null,
      federationAuth: false,
    };
    const storage = createMemoryStorage({ record });
    const actors = createAuthActors(createApi({ baseUrl: BASE }), storage);
    expect(await run(actors.restoreSession)).toEqual({ record, theme: null });
  });
});

describe('enrollment actors (mocked fetch)', () => {
  const session = {
    id: 41,
    courseId: 12,
    startDate: '2025-03-03',
    endDate: '2025-04-25',
    timezone: 'America/New_York',
    schedule: {},
    maxSeats: 25,
    seatsTaken: 18,
    seatsLeft: 7,
    price: 149,
    status: 'ACTIVE',
    educator: { id: 7, name: 'S', pictureUrl: null },
  };
  const enrollment = {
    id: 301,
    sessionId: 41,
    userId: 21,
    status: 'ACTIVE',
    enrolledAt: FUTURE,
    paidAmount: 15695,
    session,
    course: { id: 12, title: 'React', pictureUrl: '/x.jpg' },
  };

  function setup(routes: Parameters<typeof mockFetch>[0]) {
    const { fetch, calls } = mockFetch(routes);
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => ({ token: 'jwt', federated: false }) });
    return { actors: createEnrollmentActors(api), calls };
  }

  it('quoteFee posts {price} in dollars', async () => {
    const { actors, calls } = setup({
      'POST /api/payments/fee': () =>
        json(200, { data: { price: 149, fee: 7.95, total: 156.95, amount: 15695, currency: 'USD' } }),
    });
    expect(await run(actors.quoteFee, { price: 149 })).toEqual({
      price: 149,
      fee: 7.95,
      total: 156.95,
      amount: 15695,
      currency: 'USD',
    });
    expect(JSON.parse(calls[0]!.body!)).toEqual({ price: 149 });
  });

  it('loadWallet reads the balance', async () => {
    const { actors } = setup({
      'GET /api/payments/wallets/me': () => json(200, { data: { balance: 43.05, currency: 'USD', entries: [] } }),
    });
    expect(await run(actors.loadWallet)).toEqual({ balance: 43.05, currency: 'USD' });
  });

  it('payWithWallet sends the amount in cents with the Idempotency-Key', async () => {
    const { actors, calls } = setup({
      'POST /api/payments/intents/wallet': () =>
        json(201, {
          data: {
            id: 'pi_1',
            status: 'succeeded',
            amount: 15695,
            currency: 'USD',
            sessionId: 41,
            paymentMethod: 'wallet',
            enrollmentId: 301,
            createdAt: FUTURE,
          },
        }),
    });
    const out = await run(actors.payWithWallet, { sessionId: 41, amount: 15695, idempotencyKey: 'seed-1' });
    expect(out).toEqual({ id: 'pi_1', status: 'succeeded', amount: 15695, enrollmentId: 301 });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('seed-1');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ sessionId: 41, amount: 15695 });
  });

  it('payWithWallet rejects with the status (409 full, 422 rule)', async () => {
    const { actors } = setup({
      'POST /api/payments/intents/wallet': (_req, n) =>
        n === 1 ? json(409, { message: 'Session is full' }) : json(422, { message: 'Insufficient wallet balance' }),
    });
    await expect(run(actors.payWithWallet, { sessionId: 41, amount: 1, idempotencyKey: 'k-1' })).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Session is full',
    });
    await expect(run(actors.payWithWallet, { sessionId: 41, amount: 1, idempotencyKey: 'k-2' })).rejects.toMatchObject({
      status: 422,
    });
  });

  it('enroll posts to /sessions/{id}/enroll and accepts 200 (already created by the payment) and 201', async () => {
    const { actors, calls } = setup({
      'POST /api/sessions/41/enroll': (_req, n) => json(n === 1 ? 200 : 201, { data: enrollment }),
    });
    expect(await run(actors.enroll, { sessionId: 41 })).toEqual({ id: 301, sessionId: 41, paidAmount: 15695 });
    expect(await run(actors.enroll, { sessionId: 41 })).toEqual({ id: 301, sessionId: 41, paidAmount: 15695 });
    expect(calls[0]!.body).toBeNull();
  });
});

describe('auth service over the client (mocked fetch, memory storage)', () => {
  it('logs in, persists, answers 401 by logging a legacy user out, and clears the storage', async () => {
    const { createAuthActions } = await import('@machines/auth.actors');
    const { authMachine } = await import('@machines/auth.machine');
    const { handleUnauthorized, authFromActor } = await import('../../src/app-services');
    const user = { id: 21, email: 'learner@halaqa.test', name: 'Lina Learner', role: 'LEARNER' };
    const storage = createMemoryStorage();
    let auth: ReturnType<typeof createActor<typeof authMachine>> | undefined;
    const { fetch } = mockFetch({
      'POST /api/auth/signin': () => json(200, { data: { token: 'jwt-1', expiresAt: FUTURE, user } }),
      'GET /api/users/me/company': () => json(404, { message: 'Not found' }),
      'GET /api/users/21': () =>
        json(200, {
          data: {
            ...user,
            firstName: 'L',
            lastName: 'L',
            status: 'APPROVED',
            companyId: null,
            pictureUrl: null,
            createdAt: FUTURE,
          },
        }),
      'GET /api/sessions/enrollments': () => json(401, { message: 'Unauthorized' }),
    });
    const api = createApi({
      baseUrl: BASE,
      fetch,
      getAuth: () => authFromActor(auth),
      onUnauthorized: (r) => (auth ? handleUnauthorized(auth, r) : false),
    });
    const log = vi.fn();
    auth = createActor(
      authMachine.provide({ actors: createAuthActors(api, storage), actions: createAuthActions(storage, log) }),
    ).start();
    await waitFor(auth, (s) => s.matches('loggedOut'));
    auth.send({ type: 'auth.login', email: 'learner@halaqa.test', password: 'Halaqa-demo-1' });
    const loggedIn = await waitFor(auth, (s) => s.matches('loggedIn') || s.matches({ loggedOut: 'failed' }));
    expect(loggedIn.value).toEqual({ loggedIn: 'active' });
    expect(storage.current.record).toMatchObject({ token: 'jwt-1', user, company: null, federationAuth: false });
    expect(log).not.toHaveBeenCalled();

    const result = await api.GET('/sessions/enrollments');
    expect(result.response.status).toBe(401);
    const out = await waitFor(auth, (s) => s.matches('loggedOut'));
    expect(out.context.record).toBeNull();
    expect(storage.current).toEqual({ record: null, theme: null });
    auth.stop();
  });
});

describe('sign-up actor (mocked fetch)', () => {
  const request = (
    form: { firstName: string; lastName: string; email: string; password: string },
    extra: Record<string, unknown> = {},
  ) => ({
    form,
    role: 'LEARNER' as const,
    captcha: 'c2lnbmVkLXBheWxvYWQ=',
    language: 'ar' as const,
    invitationToken: null,
    ...extra,
  });

  it('posts multipart/form-data of the non-empty fields with role and language, the captcha as g-recaptcha-response', async () => {
    const { createSignUpActors } = await import('@machines/signup.actors');
    const user = { id: 30, email: 'lina@halaqa.test', name: 'Lina Learner', role: 'LEARNER' };
    let received: FormData | undefined;
    const { fetch, calls } = mockFetch({
      'POST /api/auth/signup': async (req) => {
        received = await req.formData();
        return json(201, { data: { token: 'jwt', expiresAt: FUTURE, user } });
      },
    });
    const actors = createSignUpActors(createApi({ baseUrl: BASE, fetch }));
    const out = await run(
      actors.signUp,
      request({ firstName: 'Lina', lastName: '', email: 'lina@halaqa.test', password: 'Str0ng!pass' }),
    );
    expect(out).toEqual({ token: 'jwt', expiresAt: FUTURE, user });
    expect(calls[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(new URLSearchParams(calls[0]!.path.split('?')[1]).get('g-recaptcha-response')).toBe('c2lnbmVkLXBheWxvYWQ=');
    expect(Object.fromEntries(received!.entries())).toEqual({
      firstName: 'Lina',
      email: 'lina@halaqa.test',
      password: 'Str0ng!pass',
      role: 'LEARNER',
      language: 'ar',
    });
  });

  it('sends the invitation token when there is one', async () => {
    const { createSignUpActors } = await import('@machines/signup.actors');
    let received: FormData | undefined;
    const { fetch } = mockFetch({
      'POST /api/auth/signup': async (req) => {
        received = await req.formData();
        return json(201, {
          data: { token: 'jwt', expiresAt: FUTURE, user: { id: 31, email: 'i@h.io', name: 'I N', role: 'EDUCATOR' } },
        });
      },
    });
    const actors = createSignUpActors(createApi({ baseUrl: BASE, fetch }));
    await run(
      actors.signUp,
      request(
        { firstName: 'I', lastName: 'N', email: 'i@h.io', password: 'Str0ng!pass' },
        { invitationToken: 'tok-1', role: 'EDUCATOR' },
      ),
    );
    expect(received!.get('invitationToken')).toBe('tok-1');
    expect(received!.get('role')).toBe('EDUCATOR');
  });

  it('rejects with the normalised field errors', async () => {
    const { createSignUpActors } = await import('@machines/signup.actors');
    const { fetch } = mockFetch({
      'POST /api/auth/signup': () =>
        json(400, {
          message: 'Validation failed',
          errors: [{ path: 'password', message: 'must NOT have fewer than 8 characters' }],
        }),
    });
    const actors = createSignUpActors(createApi({ baseUrl: BASE, fetch }));
    await expect(
      run(actors.signUp, request({ firstName: 'L', lastName: 'L', email: 'l@h.io', password: 'x' })),
    ).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Validation failed',
      fieldErrors: { password: 'must NOT have fewer than 8 characters' },
    });
  });
});
