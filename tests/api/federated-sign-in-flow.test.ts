import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { roleFromGroups } from '../../server/modules/auth/federation.js';
import { t, useTestApp, Browser, signInAtProvider, complete } from './federated-sign-in-setup.js';

useTestApp();

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
