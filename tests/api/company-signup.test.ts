import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashInvitationToken } from '../../server/modules/users/invitation-links.js';
import { countRows, multipart, startTestApp, type TestApp } from './harness.js';

/**
 * Company sign-up (product.md#validation "partner sign-up", #calls POST /auth/signup/company), the admin's
 * decision on the partner deciding the company too, and sign-up with an invitation token. The
 * captcha is off here (tests/api/captcha.test.ts covers it).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
function companyBody(over: { acronym?: string; email?: string; language?: 'en' | 'ar' } = {}) {
  seq += 1;
  return {
    company: {
      name: `Gulf Data Academy ${seq}`,
      acronym: over.acronym ?? `GDA${seq}`,
      language: over.language ?? 'en',
      address: { line1: '12 Corniche Road', city: 'Doha', postalCode: '00974', country: 'QA' },
    },
    account: {
      firstName: 'Mariam',
      lastName: 'Saleh',
      email: over.email ?? `mariam${seq}@gda.example.org`,
      password: 'Str0ng!pass',
      language: over.language ?? 'en',
    },
  };
}
const signUpCompany = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup/company', payload: payload as object });
const counts = async () => ({
  users: await countRows(t.db, 'users'),
  companies: await countRows(t.db, 'companies'),
  addresses: await countRows(t.db, 'addresses'),
});

describe('POST /auth/signup/company', () => {
  it('creates a PENDING company with its address and a PENDING partner, answers like sign-in, and mails only the address verification', async () => {
    await t.app.backgroundSettled(); // receipts of earlier payments, mailed after their answers
    const outboxBefore = await countRows(t.db, 'outbox');
    const body = companyBody({ language: 'ar' });
    const res = await signUpCompany(body);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({ email: body.account.email, role: 'PARTNER', name: 'Mariam Saleh' });

    const user = await t.db.selectFrom('users').selectAll().where('id', '=', data.user.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'PENDING', role: 'PARTNER', language: 'ar' });
    const company = await t.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', user.company_id!)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      name: body.company.name,
      acronym: body.company.acronym,
      status: 'PENDING',
      language: 'ar',
    });
    const address = await t.db
      .selectFrom('addresses')
      .selectAll()
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(address).toMatchObject({
      user_id: null,
      line1: '12 Corniche Road',
      city: 'Doha',
      postal_code: '00974',
      country: 'QA',
      is_default: true,
    });
    expect(await countRows(t.db, 'outbox')).toBe(outboxBefore + 1);
    const mail = await t.db.selectFrom('outbox').select(['subject']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(['Confirm your e-mail address for Halaqa', 'أكّد عنوان بريدك الإلكتروني في حلقة']).toContain(mail.subject);

    // The partner can sign in (PENDING is not refused) and reads their company.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: body.account.email, password: 'Str0ng!pass' },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/company',
      headers: t.auth(signIn.json().data.token),
    });
    expect(me.json().data).toMatchObject({ name: body.company.name, acronym: body.company.acronym });
  });

  it.each([
    {
      name: 'answers 409 for an e-mail already in use, and writes nothing (no company, no address)',
      taken: { email: 'LEARNER@halaqa.test' },
      message: 'An account with this email already exists',
    },
    {
      name: 'answers 409 for an acronym already in use, and writes nothing',
      taken: { acronym: 'NCAI' },
      message: 'A company with this acronym already exists',
    },
  ])('$name', async ({ taken, message }) => {
    const before = await counts();
    const res = await signUpCompany(companyBody(taken));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with field errors for invalid fields (product.md#validation), and writes nothing', async () => {
    const before = await counts();
    const bad = companyBody();
    bad.account.email = 'not-an-email';
    bad.account.password = 'weakpass1';
    const res = await signUpCompany(bad);
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['account.email']));

    const weak = companyBody();
    weak.account.password = 'alllowercase1!';
    const res2 = await signUpCompany(weak);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().errors).toEqual([{ path: 'account.password', message: 'must contain an upper-case letter' }]);

    const blank = companyBody();
    blank.company.name = '   ';
    blank.company.address.city = ' ';
    const res3 = await signUpCompany(blank);
    expect(res3.statusCode).toBe(400);
    expect(res3.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['company.name', 'company.address.city']),
    );

    const lower = companyBody({ acronym: 'gda' });
    expect((await signUpCompany(lower)).statusCode).toBe(400);
    const noAddress = companyBody() as { company: Record<string, unknown> };
    delete noAddress.company.address;
    const res4 = await signUpCompany(noAddress);
    expect(res4.statusCode).toBe(400);
    expect(res4.json().errors.map((e: { path: string }) => e.path)).toContain('company.address');
    expect(await counts()).toEqual(before);
  });
});

describe('an admin decides on a partner who signed up with a company', () => {
  async function pendingPartner(language: 'en' | 'ar') {
    const body = companyBody({ language });
    const res = await signUpCompany(body);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.user.id as number;
    const companyId = (
      await t.db.selectFrom('users').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()
    ).company_id!;
    return { id, companyId, body };
  }
  const lastMail = () => t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const companyStatus = async (companyId: number) =>
    (await t.db.selectFrom('companies').select('status').where('id', '=', companyId).executeTakeFirstOrThrow()).status;
  /** An admin approves or rejects user `id` (with `payload`, the reason of a rejection). */
  const decide = async (id: number, verb: 'approve' | 'reject', payload: object = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/${verb}`,
      headers: t.auth(await t.tokenFor('admin@halaqa.test')),
      payload,
    });

  it('the partners list shows the company (name, acronym, status)', async () => {
    const { id, body } = await pendingPartner('en');
    const admin = t.auth(await t.tokenFor('admin@halaqa.test'));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/partners?status=PENDING&pageSize=100',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.items.find((u: { id: number }) => u.id === id);
    expect(row).toMatchObject({
      status: 'PENDING',
      company: { name: body.company.name, acronym: body.company.acronym, status: 'PENDING' },
    });
  });

  it('approving the partner approves the company, and mails the partner in their language', async () => {
    const { id, companyId, body } = await pendingPartner('ar');
    const res = await decide(id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('APPROVED');
    expect(await companyStatus(companyId)).toBe('APPROVED');
    const mail = await lastMail();
    expect(mail.to_addresses).toEqual([body.account.email]);
    expect(mail.subject).toBe('تمت الموافقة على حسابك في حلقة');
  });

  it('rejecting the partner rejects the company, and mails the reason in English to an English partner', async () => {
    const { id, companyId, body } = await pendingPartner('en');
    const res = await decide(id, 'reject', { message: 'We could not verify the company.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('REJECTED');
    expect(await companyStatus(companyId)).toBe('REJECTED');
    const mail = await lastMail();
    expect(mail.to_addresses).toEqual([body.account.email]);
    expect(mail.subject).toBe('About your Halaqa account');
    expect(mail.body).toContain('We could not verify the company.');
  });

  it('approving an educator leaves every company as it was', async () => {
    const form = multipart({
      firstName: 'Omar',
      lastName: 'Teach',
      email: `omar.teach${seq}@example.org`,
      password: 'Str0ng!pass',
      role: 'EDUCATOR',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
    expect(res.statusCode).toBe(201);
    const before = await t.db.selectFrom('companies').select(['id', 'status']).orderBy('id').execute();
    const ok = await decide(res.json().data.user.id, 'approve');
    expect(ok.statusCode).toBe(200);
    expect(await t.db.selectFrom('companies').select(['id', 'status']).orderBy('id').execute()).toEqual(before);
  });
});

describe('POST /auth/signup with an invitation token', () => {
  /** The status of the invitation whose link carries `token`. */
  const invitationStatus = async (token: string) =>
    (
      await t.db
        .selectFrom('invitations')
        .select('status')
        .where('token', '=', hashInvitationToken(token))
        .executeTakeFirstOrThrow()
    ).status;

  async function invite(
    email: string,
    role: 'LEARNER' | 'EDUCATOR',
    ageDays = 0,
    status: 'PENDING' | 'ACCEPTED' = 'PENDING',
  ) {
    const company = await t.db
      .selectFrom('companies')
      .select('id')
      .where('acronym', '=', 'NCAI')
      .executeTakeFirstOrThrow();
    const partner = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'partner@ncai.halaqa.test')
      .executeTakeFirstOrThrow();
    const token = `tok-${Math.random().toString(36).slice(2)}`;
    await t.db
      .insertInto('invitations')
      .values({
        email,
        role,
        company_id: company.id,
        invited_by: partner.id,
        status,
        token: hashInvitationToken(token),
        created_at: new Date(Date.now() - ageDays * 24 * 3600 * 1000),
      })
      .execute();
    return { token, companyId: company.id };
  }
  const signUp = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', ...multipart(fields) });
  /** Signs up with a strong password through the invitation link that carries `invitationToken`. */
  const signUpInvited = (firstName: string, lastName: string, email: string, invitationToken: string) =>
    signUp({ firstName, lastName, email, password: 'Str0ng!pass', invitationToken });

  it('joins the invitation company with the invited role (approved), and marks the invitation ACCEPTED', async () => {
    const { token, companyId } = await invite('invited.educator@ncai.example.org', 'EDUCATOR');
    const res = await signUpInvited('Hind', 'Invited', 'Invited.Educator@ncai.example.org', token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({ role: 'EDUCATOR' });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', res.json().data.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ company_id: companyId, role: 'EDUCATOR', status: 'APPROVED' });
    expect(await invitationStatus(token)).toBe('ACCEPTED');
    // Single use: the link cannot create a second account.
    const again = await signUpInvited('Hind', 'Again', 'invited.educator@ncai.example.org', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invitation has already been used');
  });

  it('refuses another e-mail (400), an expired invitation (410) and an unknown token (404), writing nothing', async () => {
    const before = await countRows(t.db, 'users');
    const { token } = await invite('someone@ncai.example.org', 'LEARNER');
    const other = await signUpInvited('Eve', 'Other', 'eve@example.org', token);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This invitation is for another e-mail');
    const old = await invite('late@ncai.example.org', 'LEARNER', 8);
    const late = await signUpInvited('Late', 'Comer', 'late@ncai.example.org', old.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This invitation has expired');
    const unknown = await signUpInvited('No', 'Body', 'nobody@example.org', 'no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(await countRows(t.db, 'users')).toBe(before);
    expect(await invitationStatus(token)).toBe('PENDING');
  });

  it('keeps the interface language of a plain sign-up for the mails', async () => {
    const res = await signUp({
      firstName: 'Rana',
      lastName: 'Arabic',
      email: `rana${seq}@example.org`,
      password: 'Str0ng!pass',
      language: 'ar',
    });
    expect(res.statusCode).toBe(201);
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('language')
          .where('id', '=', res.json().data.user.id)
          .executeTakeFirstOrThrow()
      ).language,
    ).toBe('ar');
  });
});
