import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { redactUrl } from '../../server/platform/http-security.js';
import { configuredLocalOrigin } from '../../server/platform/local-origin.js';
import { TokenService } from '../../server/platform/tokens.js';
import { roleFromGroups } from '../../server/modules/auth/federation.js';
import { multipart, startTestApp, type TestApp } from './harness.js';

/**
 * MA and QA single sign-on against the built-in development identity provider:
 * every step goes through app.inject, the provider included (no network, no socket).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

/**
 * A browser's cookies, kept per host name as browsers do (whatever the port): name → value, as
 * Set-Cookie headers left them. `cookies` are those of localhost, PUBLIC_URL's host in these tests.
 */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  constructor(private readonly app: FastifyInstance) {}
  jar(host = 'localhost') {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
  get cookies() {
    return this.jar();
  }
  header(host: string) {
    return [...this.jar(host)].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keep(host: string, setCookie: string | string[] | undefined) {
    const jar = this.jar(host);
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
  async send(method: 'GET' | 'POST', url: string, payload?: unknown, form?: Record<string, string>) {
    const u = new URL(url, 'http://localhost:3000');
    const res = await this.app.inject({
      method,
      url: u.pathname + u.search,
      headers: {
        host: u.host,
        cookie: this.header(u.hostname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form
        ? { payload: new URLSearchParams(form).toString() }
        : payload !== undefined
          ? { payload: payload as object }
          : {}),
    });
    this.keep(u.hostname, res.headers['set-cookie']);
    return res;
  }
  /** Follows redirects within the app until a page answers (or the SPA's callback URL is reached). */
  async follow(url: string): Promise<{ url: string; body: string; status: number }> {
    let current = url;
    for (let i = 0; i < 10; i++) {
      if (new URL(current, 'http://localhost:3000').pathname.startsWith('/sso/'))
        return { url: current, body: '', status: 0 };
      const res = await this.send('GET', current);
      if (res.statusCode >= 300 && res.statusCode < 400) {
        current = new URL(String(res.headers.location), new URL(current, 'http://localhost:3000')).href;
        continue;
      }
      return { url: current, body: res.body, status: res.statusCode };
    }
    throw new Error('too many redirects');
  }
}

/**
 * Starts a sign-in with `provider` from a page at `origin` and signs in at the provider's page;
 * returns the callback parameters.
 */
async function signInAtProvider(
  b: Browser,
  provider: 'MA' | 'QA',
  email: string,
  password = 'Halaqa-demo-1',
  redirect?: string,
  origin = 'http://localhost:3000',
) {
  const start = await b.send('POST', `${origin}/api/auth/oidc/${provider}/start`, redirect ? { redirect } : {});
  expect(start.statusCode, start.body).toBe(200);
  const authorizationUrl = new URL(start.json().data.authorizationUrl as string);
  const page = await b.follow(authorizationUrl.href);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<h1>Sign in</h1>');
  const action = /action="([^"]+\/login)"/.exec(page.body)![1]!;
  const login = await b.send('POST', action, undefined, { email, password });
  if (login.statusCode === 401) return { authorizationUrl, refused: login.body, callback: null };
  const back = await b.follow(new URL(String(login.headers.location), 'http://localhost:3000').href);
  const callback = new URL(back.url);
  return { authorizationUrl, refused: null, callback };
}

/** What the SPA's callback page does: posts the parameters to the API of its own origin. */
async function complete(b: Browser, provider: 'MA' | 'QA', callback: URL, override: Record<string, string> = {}) {
  const body = {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss')!,
    ...override,
  };
  return b.send('POST', `${callback.origin}/api/auth/oidc/${provider}/callback`, body);
}

describe('federated sign-in (OpenID Connect, built-in provider)', () => {
  it('runs the code flow with PKCE, state and nonce, and provisions a QA learner into QAD', async () => {
    const b = new Browser(t.app);
    const { authorizationUrl, callback } = await signInAtProvider(
      b,
      'QA',
      'qa.learner@qa.halaqa.test',
      'Halaqa-demo-1',
      '/my-courses',
    );
    const q = authorizationUrl.searchParams;
    expect(authorizationUrl.pathname).toBe('/idp/qa/auth');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/sso/qa');
    expect(callback!.pathname).toBe('/sso/qa');
    expect(callback!.searchParams.get('state')).toBe(q.get('state'));

    const res = await complete(b, 'QA', callback!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ email: 'qa.learner@qa.halaqa.test', name: 'Mariam Al-Mannai', role: 'LEARNER' });
    expect(data.redirect).toBe('/my-courses');
    expect(b.cookies.has('halaqa.refresh')).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(
      /halaqa\.refresh=[^;]+; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    );

    // The user is in QAD, and the token works as a federated one (X-Auth-Legacy: 0).
    const headers = { authorization: `Bearer ${data.token}`, 'x-auth-legacy': '0' };
    const company = await t.app.inject({ method: 'GET', url: '/api/users/me/company', headers });
    expect(company.statusCode).toBe(200);
    expect(company.json().data.acronym).toBe('QAD');
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.json().data.id}/settings`,
      headers,
    });
    expect(settings.json().data.style.primaryColor).toBe('#8A1538');

    // The code is single use: replaying the same callback is refused and provisions nothing more.
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'qa.learner@qa.halaqa.test')
      .execute();
    const replay = await complete(b, 'QA', callback!);
    expect(replay.statusCode).toBe(400);
    expect(users).toHaveLength(1);
  });

  it('signs the same directory user in again as the same Halaqa user', async () => {
    const first = new Browser(t.app);
    const a = await signInAtProvider(first, 'QA', 'qa.learner@qa.halaqa.test');
    const idA = (await complete(first, 'QA', a.callback!)).json().data.user.id;
    const second = new Browser(t.app);
    const b = await signInAtProvider(second, 'QA', 'qa.learner@qa.halaqa.test');
    const idB = (await complete(second, 'QA', b.callback!)).json().data.user.id;
    expect(idB).toBe(idA);
  });

  it('gives a directory account no Halaqa password: a reset request mails "sign in with QA" and no link can set one', async () => {
    const b = new Browser(t.app);
    const a = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test');
    expect((await complete(b, 'QA', a.callback!)).statusCode).toBe(200);
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/request',
      payload: { email: 'qa.learner@qa.halaqa.test' },
    });
    expect(req.statusCode).toBe(202);
    const mail = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where(sql<boolean>`to_addresses::text like '%qa.learner@qa.halaqa.test%'`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('sign in with QA at http://localhost:3000/login?sign-in-with-redirect=QA');
    const resets = await t.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('email', '=', 'qa.learner@qa.halaqa.test')
      .execute();
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.user_id === null)).toBe(true);
  });

  it('maps groups to the role: the second group if present, else the first (["USER","PARTNER"] → PARTNER into MOROCCO)', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'MA', 'ma.partner@ma.halaqa.test');
    const res = await complete(b, 'MA', callback!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.role).toBe('PARTNER');
    const row = await t.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.role', 'companies.acronym'])
      .where('users.email', '=', 'ma.partner@ma.halaqa.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'PARTNER', acronym: 'MOROCCO' });

    const learner = new Browser(t.app);
    const l = await signInAtProvider(learner, 'MA', 'ma.learner@ma.halaqa.test');
    expect((await complete(learner, 'MA', l.callback!)).json().data.user.role).toBe('LEARNER');

    expect(roleFromGroups(['USER', 'PARTNER'])).toBe('PARTNER');
    expect(roleFromGroups(['LEARNER'])).toBe('LEARNER');
    expect(roleFromGroups(['USER', 'EDUCATOR', 'PARTNER'])).toBe('EDUCATOR');
    expect(roleFromGroups(['USER', 'SUPER_ADMIN'])).toBeNull();
    expect(roleFromGroups([])).toBeNull();
  });

  it('refuses a tampered state, a callback from another browser, and a wrong password at the provider', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.educator@qa.halaqa.test');
    const before = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'qa.educator@qa.halaqa.test')
      .execute();
    const tampered = await complete(b, 'QA', callback!, { state: `${callback!.searchParams.get('state')}x` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().errors[0].path).toBe('state');

    // The stolen callback URL in another browser (no binding cookie) signs nobody in.
    const other = new Browser(t.app);
    const stolen = await complete(other, 'QA', callback!);
    expect(stolen.statusCode).toBe(400);
    // …and the state is spent: the real browser cannot use it afterwards either.
    expect((await complete(b, 'QA', callback!)).statusCode).toBe(400);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'qa.educator@qa.halaqa.test').execute(),
    ).toEqual(before);

    const wrong = await signInAtProvider(new Browser(t.app), 'QA', 'qa.learner@qa.halaqa.test', 'not-the-password');
    expect(wrong.refused).toContain('Wrong e-mail or password.');
  });

  it('refuses a code exchanged with the wrong PKCE verifier or nonce', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.educator@qa.halaqa.test');
    await t.db
      .updateTable('federated_logins')
      .set({ nonce: 'another-nonce' })
      .where('state', '=', callback!.searchParams.get('state')!)
      .execute();
    const res = await complete(b, 'QA', callback!);
    expect(res.statusCode).toBe(401);

    const c = new Browser(t.app);
    const second = await signInAtProvider(c, 'QA', 'qa.educator@qa.halaqa.test');
    await t.db
      .updateTable('federated_logins')
      .set({ code_verifier: 'x'.repeat(43) })
      .where('state', '=', second.callback!.searchParams.get('state')!)
      .execute();
    expect((await complete(c, 'QA', second.callback!)).statusCode).toBe(401);
  });

  it('refreshes the access token with the refresh cookie; a revoked or unknown refresh token fails', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test');
    const signedIn = (await complete(b, 'QA', callback!)).json().data;
    const refreshed = await b.send('POST', '/api/auth/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = refreshed.json().data.token as string;
    expect(Date.parse(refreshed.json().data.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${signedIn.user.id}`,
      headers: { authorization: `Bearer ${token}`, 'x-auth-legacy': '0' },
    });
    expect(me.statusCode).toBe(200);
    // Again (the provider rotates its refresh token; the server keeps the new one).
    expect((await b.send('POST', '/api/auth/refresh')).statusCode).toBe(200);

    // Unknown refresh cookie, no cookie: 401.
    const stranger = new Browser(t.app);
    expect((await stranger.send('POST', '/api/auth/refresh')).statusCode).toBe(401);
    stranger.cookies.set('halaqa.refresh', 'forged');
    expect((await stranger.send('POST', '/api/auth/refresh')).statusCode).toBe(401);

    // Revoked at the provider: the refresh fails and the sign-in is ended for good.
    const session = await t.db
      .selectFrom('federated_sessions')
      .selectAll()
      .where('user_id', '=', signedIn.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const basic = Buffer.from(
      `halaqa:${t.config.federation.providers.find((p) => p.code === 'QA')!.clientSecret}`,
    ).toString('base64');
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/idp/qa/token/revocation',
      headers: {
        host: 'localhost:3000',
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        token: session.provider_refresh_token!,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const refused = await b.send('POST', '/api/auth/refresh');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your sign-in has ended. Please sign in again.');
    expect(
      (
        await t.db
          .selectFrom('federated_sessions')
          .select('ended_at')
          .where('id', '=', session.id)
          .executeTakeFirstOrThrow()
      ).ended_at,
    ).not.toBeNull();
  });

  it('rotates the refresh cookie at every refresh; a used one presented again ends the whole sign-in (reuse detection)', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test');
    const signedIn = (await complete(b, 'QA', callback!)).json().data;
    const status = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/me/company',
          headers: { authorization: `Bearer ${token}`, 'x-auth-legacy': '0' },
        })
      ).statusCode;
    const copied = b.cookies.get('halaqa.refresh')!;
    const refreshed = await b.send('POST', '/api/auth/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(String(refreshed.headers['set-cookie'])).toMatch(
      /halaqa\.refresh=[^;]+; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    );
    const current = b.cookies.get('halaqa.refresh')!;
    expect(current).not.toBe(copied);
    const token = refreshed.json().data.token as string;
    expect(await status(token)).toBe(200);

    // Another tab of this browser that sent the same cookie at the same moment gets an access token
    // and no new cookie (the jar already holds the successor).
    const tab = new Browser(t.app);
    tab.cookies.set('halaqa.refresh', copied);
    const sameMoment = await tab.send('POST', '/api/auth/refresh');
    expect(sameMoment.statusCode, sameMoment.body).toBe(200);
    expect(sameMoment.headers['set-cookie']).toBeUndefined();

    // The copied cookie presented later: refused, and the sign-in is over for everyone holding its tokens.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const thief = new Browser(t.app);
      thief.cookies.set('halaqa.refresh', copied);
      const replay = await thief.send('POST', '/api/auth/refresh');
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe('Your sign-in has ended. Please sign in again.');
    } finally {
      vi.useRealTimers();
    }
    expect(await status(token)).toBe(401);
    expect(await status(signedIn.token as string)).toBe(401);
    expect(await status(sameMoment.json().data.token as string)).toBe(401);
    expect(b.cookies.get('halaqa.refresh')).toBe(current);
    expect((await b.send('POST', '/api/auth/refresh')).statusCode).toBe(401);
  });

  it('signs out with the bearer token alone: its sign-in and refresh cookie end', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test');
    const signedIn = (await complete(b, 'QA', callback!)).json().data;
    const headers = { authorization: `Bearer ${signedIn.token}`, 'x-auth-legacy': '0' };
    // A client that lost the cookie (another browser holding a copied token) signs out with the token.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.logoutUrl).toMatch(/\/idp\/qa\/session\/end/);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/company', headers })).statusCode).toBe(401);
    expect((await b.send('POST', '/api/auth/refresh')).statusCode).toBe(401);
  });

  it('signs out at the provider (RP-initiated logout) back to the partner login, and the refresh stops working', async () => {
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.learner@qa.halaqa.test');
    expect((await complete(b, 'QA', callback!)).statusCode).toBe(200);
    const out = await b.send('POST', '/api/auth/signout');
    expect(out.statusCode).toBe(200);
    const logoutUrl = new URL(out.json().data.logoutUrl as string);
    expect(logoutUrl.origin + logoutUrl.pathname).toBe('http://localhost:3000/idp/qa/session/end');
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost:3000/login?sign-in-with-redirect=QA',
    );
    expect(logoutUrl.searchParams.get('client_id')).toBe('halaqa');
    expect(logoutUrl.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(b.cookies.has('halaqa.refresh')).toBe(false);

    // The provider's sign-out page submits itself; confirming ends its session and returns to the partner login.
    const page = await b.send('GET', logoutUrl.href);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-autosubmit');
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirm = await b.send('POST', new URL(action, 'http://localhost:3000').href, undefined, {
      xsrf,
      logout: 'yes',
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:3000/login?sign-in-with-redirect=QA');

    // A sign-out without a federated sign-in has nothing to end elsewhere.
    const legacy = await new Browser(t.app).send('POST', '/api/auth/signout');
    expect(legacy.json().data).toEqual({ logoutUrl: null });
  });

  it('shows the provider page in Arabic, right to left, when the sign-in starts from an Arabic page (ui_locales)', async () => {
    const b = new Browser(t.app);
    const start = await b.send('POST', '/api/auth/oidc/QA/start', { locale: 'ar' });
    const url = new URL(start.json().data.authorizationUrl as string);
    expect(url.searchParams.get('ui_locales')).toBe('ar');
    const page = await b.follow(url.href);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<label for="email">البريد الإلكتروني</label>');
    const english = await b.follow((await b.send('POST', '/api/auth/oidc/QA/start', {})).json().data.authorizationUrl);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
  });

  it('refuses an unsafe redirect and a provider code other than MA and QA (400)', async () => {
    const b = new Browser(t.app);
    const bad = await b.send('POST', '/api/auth/oidc/QA/start', { redirect: '//evil.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('redirect');
    expect((await b.send('POST', '/api/auth/oidc/XX/start', {})).statusCode).toBe(400);
  });
});

describe('federated sign-in: which directories are offered', () => {
  it('offers both directories through the built-in provider on a local install', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { code: 'MA', demo: true },
      { code: 'QA', demo: true },
    ]);
  });

  it('under a public PUBLIC_URL runs no built-in provider: /idp/ma is 404, MA is not offered and its sign-in is refused', async () => {
    const pub = await startTestApp({ seed: false, captcha: true, env: { PUBLIC_URL: 'https://halaqa.example.org' } });
    try {
      const b = new Browser(pub.app);
      for (const path of ['/idp/ma/.well-known/openid-configuration', '/idp/ma/auth?client_id=halaqa', '/idp/ma']) {
        expect((await b.send('GET', path)).statusCode, path).toBe(404);
      }
      expect((await b.send('GET', '/api/auth/oidc/providers')).json().data).toEqual([]);
      const start = await b.send('POST', '/api/auth/oidc/MA/start', {});
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe('Sign-in with MA is not available on this server.');
      expect(b.cookies.has('halaqa.oidc')).toBe(false);
      expect(await pub.db.selectFrom('federated_logins').select('state').execute()).toEqual([]);
      const callback = await b.send('POST', '/api/auth/oidc/MA/callback', { state: 'forged', code: 'forged' });
      expect(callback.statusCode).toBe(404);
    } finally {
      await pub.close();
    }
  }, 120_000);
});

describe("federated sign-in: the directory's company", () => {
  const companySignUp = (app: FastifyInstance, acronym: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup/company',
      payload: {
        company: {
          name: 'Squatter',
          acronym,
          address: { line1: '1 Main', city: 'Rabat', postalCode: '10000', country: 'MA' },
        },
        account: {
          firstName: 'Sam',
          lastName: 'Squat',
          email: `squat-${acronym.toLowerCase()}@example.org`,
          password: 'Str0ng!pass',
        },
      },
    });

  it('reserves the configured acronyms at company sign-up (409 at company.acronym), and writes nothing', async () => {
    const before = await t.db.selectFrom('companies').select('id').execute();
    for (const acronym of ['MOROCCO', 'QAD']) {
      const res = await companySignUp(t.app, acronym);
      expect(res.statusCode, acronym).toBe(409);
      expect(res.json().errors).toEqual([
        { path: 'company.acronym', message: "This acronym is reserved for an organisation's single sign-on" },
      ]);
    }
    expect(await t.db.selectFrom('companies').select('id').execute()).toEqual(before);
    expect(await t.db.selectFrom('users').select('id').where('email', 'like', 'squat-%').execute()).toEqual([]);
  });

  it('refuses the sign-in, opening no session, while the company is not approved', async () => {
    await t.db.updateTable('companies').set({ status: 'PENDING' }).where('acronym', '=', 'MOROCCO').execute();
    try {
      const sessions = await t.db.selectFrom('federated_sessions').select('id').execute();
      const b = new Browser(t.app);
      const { callback } = await signInAtProvider(b, 'MA', 'ma.learner@ma.halaqa.test');
      const res = await complete(b, 'MA', callback!);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Sign-in with MA is not open yet: its company is not approved on Halaqa. Please contact us.',
      );
      expect(b.cookies.has('halaqa.refresh')).toBe(false);
      expect(await t.db.selectFrom('federated_sessions').select('id').execute()).toEqual(sessions);
    } finally {
      await t.db.updateTable('companies').set({ status: 'APPROVED' }).where('acronym', '=', 'MOROCCO').execute();
    }
  });

  it('makes the configured company, APPROVED, when it does not exist yet, and a pre-registered one is never joined', async () => {
    const own = await startTestApp({ seed: false, env: { OIDC_MA_COMPANY: 'ATLAS', OIDC_QA_COMPANY: 'DOHA' } });
    try {
      expect((await companySignUp(own.app, 'ATLAS')).statusCode).toBe(409);
      const b = new Browser(own.app);
      const { callback } = await signInAtProvider(b, 'MA', 'ma.partner@ma.halaqa.test');
      expect((await complete(b, 'MA', callback!)).statusCode).toBe(200);
      const row = await own.db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select(['companies.acronym', 'companies.status'])
        .where('users.email', '=', 'ma.partner@ma.halaqa.test')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ acronym: 'ATLAS', status: 'APPROVED' });

      // A company registered under the acronym before it was reserved stays PENDING: nobody lands in it.
      await own.db
        .insertInto('companies')
        .values({
          name: 'Early bird',
          acronym: 'DOHA',
          settings: JSON.stringify({
            style: { primaryColor: '#000000', secondaryColor: '#000000', tertiaryColor: '#000000' },
            links: {},
            logo: null,
          }),
          status: 'PENDING',
        })
        .execute();
      const q = new Browser(own.app);
      const qa = await signInAtProvider(q, 'QA', 'qa.learner@qa.halaqa.test');
      expect((await complete(q, 'QA', qa.callback!)).statusCode).toBe(403);
      expect(
        await own.db.selectFrom('users').select('id').where('email', '=', 'qa.learner@qa.halaqa.test').execute(),
      ).toEqual([]);
    } finally {
      await own.close();
    }
  }, 120_000);
});

describe('federated sign-in: an address someone else signed up with', () => {
  const localSignUp = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      ...multipart({ firstName: 'Sam', lastName: 'Squat', email, password: 'Str0ng!pass', role: 'LEARNER' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { token: string; user: { id: number } };
  };

  it('an unverified sign-up does not lock the directory user out: the directory user takes the account over', async () => {
    const squatter = await localSignUp('qa.educator@qa.halaqa.test');
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'QA', 'qa.educator@qa.halaqa.test');
    const res = await complete(b, 'QA', callback!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: squatter.user.id, role: 'EDUCATOR', name: 'Khalid Al-Thani' });
    // The squatter's password and token are gone.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'qa.educator@qa.halaqa.test', password: 'Str0ng!pass' },
    });
    expect(password.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me/company', headers: t.auth(squatter.token) });
    expect(me.statusCode).toBe(401);
  });

  it('a verified password account with the address still refuses the directory user (409), and is left as it was', async () => {
    const owner = await localSignUp('ma.partner.twin@ma.halaqa.test');
    await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', owner.user.id).execute();
    // The demo directory has no such account: reuse a directory account by giving the local one its address.
    await t.db
      .deleteFrom('federated_identities')
      .where('user_id', 'in', t.db.selectFrom('users').select('id').where('email', '=', 'ma.learner@ma.halaqa.test'))
      .execute();
    await t.db
      .updateTable('users')
      .set({ email: 'ma.learner.old@ma.halaqa.test' })
      .where('email', '=', 'ma.learner@ma.halaqa.test')
      .execute();
    await t.db
      .updateTable('users')
      .set({ email: 'ma.learner@ma.halaqa.test' })
      .where('id', '=', owner.user.id)
      .execute();
    const b = new Browser(t.app);
    const { callback } = await signInAtProvider(b, 'MA', 'ma.learner@ma.halaqa.test');
    const res = await complete(b, 'MA', callback!);
    expect(res.statusCode).toBe(409);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'ma.learner@ma.halaqa.test', password: 'Str0ng!pass' },
    });
    expect(password.statusCode).toBe(200);
  });
});

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
