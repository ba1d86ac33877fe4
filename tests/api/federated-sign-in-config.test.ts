import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { redactUrl } from '../../server/platform/http-security.js';
import { configuredLocalOrigin } from '../../server/platform/local-origin.js';
import { TokenService } from '../../server/platform/tokens.js';
import { t, useTestApp, Browser, signInAtProvider, complete } from './federated-sign-in-setup.js';

useTestApp();

describe('federated sign-in: cancelling, configuration, token tolerance', () => {
  it('a sign-in cancelled on the provider page comes back as an error, and nothing is created', async () => {
    const b = new Browser(t.app);
    const start = await b.send('POST', '/api/auth/oidc/MA/start', {});
    const page = await b.follow(start.json().data.authorizationUrl);
    const abort = /action="([^"]+\/abort)"/.exec(page.body)![1]!;
    const cancelled = await b.send('POST', abort, undefined, {});
    const back = new URL(
      (await b.follow(new URL(String(cancelled.headers.location), 'http://localhost:3000').href)).url,
    );
    expect(back.pathname).toBe('/sso/ma');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const before = await t.db.selectFrom('federated_sessions').select('id').execute();
    const res = await b.send('POST', '/api/auth/oidc/MA/callback', {
      state: back.searchParams.get('state')!,
      error: 'access_denied',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The sign-in was cancelled.');
    expect(await t.db.selectFrom('federated_sessions').select('id').execute()).toEqual(before);
  });

  it('reads each directory from OIDC_<CODE>_* and, on a local install, falls back to the built-in provider unless OIDC_BUILTIN_IDP=false', () => {
    const base = {
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'http://127.0.0.1:3000',
    };
    const mixed = loadConfig({
      ...base,
      OIDC_MA_ISSUER: 'https://login.ma.example/realms/ma/',
      OIDC_MA_CLIENT_ID: 'halaqa',
      OIDC_MA_CLIENT_SECRET: 's3cret',
      OIDC_MA_GROUPS_CLAIM: 'roles',
    });
    expect(mixed.federation.providers).toEqual([
      {
        code: 'MA',
        issuer: 'https://login.ma.example/realms/ma',
        clientId: 'halaqa',
        clientSecret: 's3cret',
        groupsClaim: 'roles',
        scope: 'openid email profile groups',
        companyAcronym: 'MOROCCO',
        builtIn: false,
      },
      expect.objectContaining({
        code: 'QA',
        issuer: 'http://127.0.0.1:3000/idp/qa',
        builtIn: true,
        companyAcronym: 'QAD',
        groupsClaim: 'groups',
      }),
    ]);
    expect(loadConfig({ ...base, OIDC_BUILTIN_IDP: 'false' }).federation.providers).toEqual([]);
    expect(() => loadConfig({ ...base, OIDC_QA_ISSUER: 'https://login.qa.example' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, OIDC_QA_SCOPE: 'openid  email offline_access' }).federation.providers[1]!.scope).toBe(
      'openid email offline_access',
    );
    expect(() => loadConfig({ ...base, OIDC_QA_SCOPE: 'email' })).toThrow(/OIDC_QA_SCOPE/);
    expect(() =>
      loadConfig({ ...base, OIDC_QA_ISSUER: 'login.qa.example', OIDC_QA_CLIENT_ID: 'x', OIDC_QA_CLIENT_SECRET: 'y' }),
    ).toThrow(/OIDC_QA_ISSUER/);
  });

  it('the provider answers an unknown or expired sign-in with a page, never a hang', async () => {
    const b = new Browser(t.app);
    const page = await b.send('GET', '/idp/qa/interaction/not-a-real-one');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This sign-in has expired');
    for (const path of ['/idp/qa/interaction/not-a-real-one/abort', '/idp/qa/interaction/not-a-real-one/login']) {
      const res = await b.send('POST', path, undefined, {
        email: 'qa.learner@qa.halaqa.test',
        password: 'Halaqa-demo-1',
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.body).toContain('This sign-in has expired');
    }
  });

  it('keeps authorization codes and ID tokens out of the request logs', () => {
    expect(redactUrl('/idp/qa/session/end?id_token_hint=eyJ&client_id=halaqa')).toBe(
      '/idp/qa/session/end?id_token_hint=[REDACTED]&client_id=halaqa',
    );
    expect(redactUrl('/sso/qa?code=abc&state=s')).toBe('/sso/qa?code=[REDACTED]&state=s');
  });

  it('accepts an access token up to 5 s after its expiry, not later (product.md#limits token tolerance)', async () => {
    const tokens = new TokenService('test-secret-that-is-long-enough-0123456789', 60);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = new Date('2030-01-01T00:00:00Z');
      vi.setSystemTime(start);
      const { token } = await tokens.issue({
        sub: 1,
        role: 'LEARNER',
        cid: null,
        sid: '00000000-0000-4000-8000-000000000001',
      });
      vi.setSystemTime(new Date(start.getTime() + 64_000));
      expect(await tokens.verify(token)).toMatchObject({ sub: 1 });
      vi.setSystemTime(new Date(start.getTime() + 66_000));
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('federated sign-in from another loopback name than PUBLIC_URL (unset here: http://localhost:3000)', () => {
  it('signs in a browser that opened the app at http://127.0.0.1:3000: its pages move to PUBLIC_URL first', async () => {
    const b = new Browser(t.app);
    // The user opens the app at 127.0.0.1 and signs in with QA from the page it landed on.
    const page = await b.follow('http://127.0.0.1:3000/login?redirect=%2Fmy-courses');
    const { callback } = await signInAtProvider(
      b,
      'QA',
      'qa.learner@qa.halaqa.test',
      undefined,
      '/my-courses',
      new URL(page.url).origin,
    );
    const res = await complete(b, 'QA', callback!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.redirect).toBe('/my-courses');
    expect(page.url).toBe('http://localhost:3000/login?redirect=%2Fmy-courses');
  });

  it("answers a sign-in started at 127.0.0.1 by a page this server did not serve with PUBLIC_URL's login, where it completes", async () => {
    const b = new Browser(t.app);
    const start = await b.send('POST', 'http://127.0.0.1:3000/api/auth/oidc/QA/start', {
      redirect: '/my-courses',
      locale: 'ar',
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.authorizationUrl).toBe(
      'http://localhost:3000/login?sign-in-with-redirect=QA&redirect=%2Fmy-courses&lang=ar',
    );
    expect(b.jar('127.0.0.1').size).toBe(0); // nothing started there
    // That login page starts the sign-in at PUBLIC_URL.
    const { callback } = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test', undefined, '/my-courses');
    expect((await complete(b, 'QA', callback!)).statusCode).toBe(200);
  });

  it('moves pages only: API calls, other hosts and the same host on another port stay where they are', async () => {
    const b = new Browser(t.app);
    expect((await b.send('GET', 'http://127.0.0.1:3000/api/health')).statusCode).toBe(200);
    expect((await b.send('GET', 'http://127.0.0.1:3000/api/openapi.json')).statusCode).toBe(200);
    expect((await b.send('POST', 'http://127.0.0.1:3000/courses')).statusCode).toBe(404);
    expect((await b.send('GET', 'http://192.168.1.20:3000/login')).statusCode).toBe(404);
    expect((await b.send('GET', 'http://localhost:8080/login')).statusCode).toBe(404);
    const moved = await b.send('GET', 'http://[::1]:3000/courses/7?lang=ar');
    expect([moved.statusCode, moved.headers.location]).toEqual([307, 'http://localhost:3000/courses/7?lang=ar']);
  });

  it('applies to a local install only: a public PUBLIC_URL, or a loopback one named as the request, moves nothing', () => {
    expect(configuredLocalOrigin('http://localhost:3000', '127.0.0.1')).toBe('http://localhost:3000');
    expect(configuredLocalOrigin('http://127.0.0.1:4000', 'localhost')).toBe('http://127.0.0.1:4000');
    expect(configuredLocalOrigin('http://localhost:3000', 'LOCALHOST')).toBeNull();
    expect(configuredLocalOrigin('http://[::1]:3000', '[::1]')).toBeNull();
    expect(configuredLocalOrigin('http://localhost:3000', 'halaqa.example.org')).toBeNull();
    expect(configuredLocalOrigin('https://halaqa.example.org', '127.0.0.1')).toBeNull();
  });
});
