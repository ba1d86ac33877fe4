import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createAuthActions, createAuthActors, createMemoryStorage } from '@machines/auth.actors';
import { MAX_REFRESH_RETRIES, authMachine } from '@machines/auth.machine';
import { selectIsFederated, selectReturnTo } from '@machines/auth.selectors';
import { createApi } from '../../src/lib/api/client';
import { authFromActor, handleUnauthorized } from '../../src/app-services';
import { type Handler, json, mockFetch } from './fetch-mock';

/**
 * The auth actor over the real client with a mocked server, federated paths (product.md#entities, #states, #messages, #limits):
 * a directory sign-in, then calls that get 401 are refreshed and retried (at most 3 times), and the
 * sign-out goes through the directory's end-session URL.
 */
const BASE = 'http://halaqa.test/api';
const FUTURE = '2999-01-01T00:00:00.000Z';
const user = { id: 41, email: 'qa.learner@qa.halaqa.test', name: 'Mariam Al-Mannai', role: 'LEARNER' };
const qad = { id: 3, name: 'Qatar Academy of Digital', acronym: 'QAD' };
const END_SESSION = 'http://halaqa.test/idp/qa/session/end?id_token_hint=x';

function federatedWorld(routes: Record<string, Handler>) {
  const storage = createMemoryStorage();
  const visited: string[] = [];
  let auth: ReturnType<typeof createActor<typeof authMachine>> | undefined;
  const mock = mockFetch({
    'POST /api/auth/oidc/QA/start': () =>
      json(200, { data: { authorizationUrl: 'http://halaqa.test/idp/qa/auth?state=s' } }),
    'POST /api/auth/oidc/QA/callback': () =>
      json(200, { data: { token: 'fed-1', expiresAt: FUTURE, user, redirect: '/sessions/7' } }),
    'GET /api/users/me/company': () => json(200, { data: { ...qad, settings: {} } }),
    'GET /api/users/41': () =>
      json(200, {
        data: {
          ...user,
          firstName: 'Mariam',
          lastName: 'Al-Mannai',
          status: 'APPROVED',
          companyId: 3,
          pictureUrl: null,
          createdAt: FUTURE,
        },
      }),
    'GET /api/companies/3/settings': () =>
      json(200, {
        data: {
          companyId: 3,
          style: { primaryColor: '#8A1538', secondaryColor: '#1B365D', tertiaryColor: '#C9A227' },
          links: {},
          logo: null,
        },
      }),
    'POST /api/auth/signout': () => json(200, { data: { logoutUrl: END_SESSION } }),
    ...routes,
  });
  const api = createApi({
    baseUrl: BASE,
    fetch: mock.fetch,
    getAuth: () => authFromActor(auth),
    onUnauthorized: (r) => (auth ? handleUnauthorized(auth, r) : false),
  });
  /** A page load: a new auth actor over the same cookies (the browser came back from the directory). */
  const load = () => {
    auth?.stop();
    auth = createActor(
      authMachine.provide({
        actors: createAuthActors(api, storage),
        actions: createAuthActions(
          storage,
          () => {},
          (url) => void visited.push(url),
        ),
      }),
    ).start();
    return auth;
  };
  load();
  return {
    get auth() {
      return auth!;
    },
    load,
    api,
    storage,
    visited,
    calls: mock.calls,
  };
}

async function signInWithQa(world: ReturnType<typeof federatedWorld>) {
  await waitFor(world.auth, (s) => s.matches('loggedOut'));
  world.auth.send({ type: 'auth.federatedStart', provider: 'QA', redirect: '/sessions/7' });
  await waitFor(world.auth, (s) => s.matches({ loggingIn: 'leavingForProvider' }));
  expect(world.visited).toEqual(['http://halaqa.test/idp/qa/auth?state=s']);
  // …the directory sends the browser back to /sso/qa: a new page.
  world.load();
  await waitFor(world.auth, (s) => s.matches('loggedOut'));
  world.auth.send({
    type: 'auth.federatedReturn',
    provider: 'QA',
    params: { state: 's', code: 'c', iss: 'http://halaqa.test/idp/qa' },
  });
  return waitFor(world.auth, (s) => s.matches('loggedIn') || s.matches({ loggedOut: 'failed' }));
}

describe('federated auth over the client (mocked server)', () => {
  it('signs in through the directory: federationAuth, QAD theme, legacy flag 0, the return path', async () => {
    const world = federatedWorld({});
    const s = await signInWithQa(world);
    expect(s.value).toEqual({ loggedIn: 'active' });
    expect(world.storage.current.record).toMatchObject({ token: 'fed-1', federationAuth: true, company: qad, user });
    expect(world.storage.current.theme).toEqual({
      primary: '#8A1538',
      secondary: '#1B365D',
      tertiary: '#C9A227',
      logo: null,
      links: {},
    });
    expect(selectIsFederated(s)).toBe(true);
    expect(selectReturnTo(s)).toBe('/sessions/7');
    const start = world.calls.find((c) => c.path === '/api/auth/oidc/QA/start');
    expect(JSON.parse(start!.body!)).toEqual({ redirect: '/sessions/7' });
    for (const c of world.calls.filter((c) => c.headers.get('authorization')))
      expect(c.headers.get('x-auth-legacy')).toBe('0');
    world.auth.stop();
  });

  it('a 401 is refreshed and the call retried without the caller noticing', async () => {
    const world = federatedWorld({
      'POST /api/auth/refresh': () => json(200, { data: { token: 'fed-2', expiresAt: FUTURE } }),
      'GET /api/sessions/enrollments': (req) =>
        req.headers.get('authorization') === 'Bearer fed-2'
          ? json(200, { data: [] })
          : json(401, { message: 'Unauthorized' }),
    });
    await signInWithQa(world);
    const result = await world.api.GET('/sessions/enrollments');
    expect(result.response.status).toBe(200);
    expect(world.auth.getSnapshot().value).toEqual({ loggedIn: 'active' });
    expect(world.storage.current.record?.token).toBe('fed-2');
    const retried = world.calls.filter((c) => c.path === '/api/sessions/enrollments');
    expect(retried.map((c) => [c.headers.get('authorization'), c.headers.get('x-auth-legacy')])).toEqual([
      ['Bearer fed-1', '0'],
      ['Bearer fed-2', '0'],
    ]);
    world.auth.stop();
  });

  it(`after ${MAX_REFRESH_RETRIES} refreshes that do not help, signs out through the directory`, async () => {
    let refreshes = 0;
    const world = federatedWorld({
      'POST /api/auth/refresh': () => json(200, { data: { token: `fed-r${++refreshes}`, expiresAt: FUTURE } }),
      'GET /api/sessions/enrollments': () => json(401, { message: 'Unauthorized' }),
    });
    await signInWithQa(world);
    const result = await world.api.GET('/sessions/enrollments');
    expect(result.response.status).toBe(401);
    await waitFor(world.auth, (s) => s.matches('loggedOut'));
    expect(refreshes).toBe(MAX_REFRESH_RETRIES);
    expect(world.calls.filter((c) => c.path === '/api/sessions/enrollments')).toHaveLength(MAX_REFRESH_RETRIES + 1);
    expect(world.calls.some((c) => c.path === '/api/auth/signout')).toBe(true);
    expect(world.visited.at(-1)).toBe(END_SESSION);
    expect(world.storage.current).toEqual({ record: null, theme: null });
    world.auth.stop();
  });

  it('a refused refresh signs the user out at once', async () => {
    const world = federatedWorld({
      'POST /api/auth/refresh': () => json(401, { message: 'Your sign-in has ended. Please sign in again.' }),
      'GET /api/sessions/enrollments': () => json(401, { message: 'Unauthorized' }),
    });
    await signInWithQa(world);
    const result = await world.api.GET('/sessions/enrollments');
    expect(result.response.status).toBe(401);
    await waitFor(world.auth, (s) => s.matches('loggedOut'));
    expect(world.calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
    world.auth.stop();
  });

  it('a refused callback leaves the user signed out with the server message', async () => {
    const world = federatedWorld({
      'POST /api/auth/oidc/QA/callback': () =>
        json(400, { message: 'This sign-in is not valid any more. Please start again.' }),
    });
    const s = await signInWithQa(world);
    expect(s.value).toEqual({ loggedOut: 'failed' });
    expect(s.context.error).toMatchObject({
      code: 'auth.federatedFailed',
      status: 400,
      message: 'This sign-in is not valid any more. Please start again.',
    });
    world.auth.stop();
  });
});
