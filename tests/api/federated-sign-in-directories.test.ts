import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUpLearner, startTestApp } from './harness.js';
import { t, useTestApp, Browser, signInAtProvider, complete } from './federated-sign-in-setup.js';

useTestApp();

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
    const { res, data } = await signUpLearner(t, email);
    expect(res.statusCode, res.body).toBe(201);
    return data;
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
