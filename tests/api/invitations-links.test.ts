import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  call,
  companyId,
  mailTo,
  MOROCCO_PARTNER,
  NCAI_PARTNER,
  setClock,
  t,
  useTestApp,
} from './invitations-shared.js';

useTestApp();

describe('POST /users/invite', () => {
  /** NCAI's partner invites `email` with `role`. */
  const inviteToNcai = (email: string, role: string) =>
    call('POST', '/api/users/invite', NCAI_PARTNER, { email, role });

  it('invites an e-mail, mails a single-use link in the company language, and refuses a second invitation (409)', async () => {
    const ncai = await companyId('NCAI');
    await t.db.updateTable('companies').set({ language: 'ar' }).where('id', '=', ncai).execute();
    const res = await inviteToNcai('sara.new@example.org', 'EDUCATOR');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'sara.new@example.org',
      role: 'EDUCATOR',
      companyId: ncai,
      status: 'PENDING',
    });
    expect(Date.parse(res.body.data.expiresAt) - Date.parse(res.body.data.createdAt)).toBe(7 * 24 * 3600 * 1000);
    const mail = await mailTo('sara.new@example.org');
    expect(mail.subject).toContain('حلقة'); // the company's language: Arabic
    expect(mail.body).toContain(`${t.config.publicUrl}/invitations/`);
    expect(mail.token.length).toBeGreaterThanOrEqual(43);
    // The stored token is not the link's token.
    const stored = await t.db
      .selectFrom('invitations')
      .select('token')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.token).not.toBe(mail.token);
    await t.db.updateTable('companies').set({ language: 'en' }).where('id', '=', ncai).execute();

    const again = await inviteToNcai('Sara.New@example.org', 'LEARNER');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This e-mail already has a pending invitation');
  });

  it('mails someone who has an account in their own language, and refuses a member (409)', async () => {
    await t.db.updateTable('users').set({ language: 'ar' }).where('email', '=', 'learner@halaqa.test').execute();
    const res = await inviteToNcai('learner@halaqa.test', 'LEARNER');
    expect(res.status).toBe(201);
    expect((await mailTo('learner@halaqa.test')).body).toContain('مرحبًا');
    const member = await inviteToNcai('learner@ncai.halaqa.test', 'LEARNER');
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('This person is already a member of the company');
  });

  it('refuses a role other than LEARNER or EDUCATOR and a bad e-mail (400), writing nothing', async () => {
    const before = await countRows(t.db, 'invitations');
    expect(
      (await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'x@example.org', role: 'PARTNER' })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'not-an-email', role: 'LEARNER' })).status,
    ).toBe(400);
    expect(await countRows(t.db, 'invitations')).toBe(before);
  });
});

describe('GET /invitations/{token} and POST /invitations/{token}/accept', () => {
  it('previews a link, refuses another account (403), lets the invitee join, then answers 409 for the used link', async () => {
    await call('POST', '/api/users/invite', MOROCCO_PARTNER, { email: 'educator@halaqa.test', role: 'LEARNER' });
    const { token } = await mailTo('educator@halaqa.test');
    const preview = await call('GET', `/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      email: 'educator@halaqa.test',
      role: 'LEARNER',
      companyAcronym: 'MOROCCO',
      status: 'PENDING',
      hasAccount: true,
    });

    const wrong = await call('POST', `/api/invitations/${token}/accept`, 'learner@halaqa.test');
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/another e-mail/);

    const ok = await call('POST', `/api/invitations/${token}/accept`, 'educator@halaqa.test');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      email: 'educator@halaqa.test',
      companyId: await companyId('MOROCCO'),
      role: 'EDUCATOR',
    });
    expect((await call('GET', `/api/invitations/${token}`)).body.data.status).toBe('ACCEPTED');
    expect((await call('POST', `/api/invitations/${token}/accept`, 'educator@halaqa.test')).status).toBe(409);
    // Now a member: the company's settings (theme) are theirs to read.
    expect(
      (await call('GET', `/api/companies/${await companyId('MOROCCO')}/settings`, 'educator@halaqa.test')).status,
    ).toBe(200);
  });

  it('a PENDING educator accepting a LEARNER invitation joins but stays PENDING; an EDUCATOR invitation approves them', async () => {
    const email = 'pending.educator@halaqa.test';
    await call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'LEARNER' });
    const asLearner = await call('POST', `/api/invitations/${(await mailTo(email)).token}/accept`, email);
    expect(asLearner.status).toBe(200);
    expect(asLearner.body.data).toMatchObject({ role: 'EDUCATOR', status: 'PENDING' });
    expect(
      (await t.db.selectFrom('users').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status,
    ).toBe('PENDING');
    await t.db.updateTable('users').set({ company_id: null }).where('email', '=', email).execute();
    await call('POST', '/api/users/invite', NCAI_PARTNER, { email, role: 'EDUCATOR' });
    const asEducator = await call('POST', `/api/invitations/${(await mailTo(email)).token}/accept`, email);
    expect(asEducator.status).toBe(200);
    expect(asEducator.body.data).toMatchObject({ role: 'EDUCATOR', status: 'APPROVED' });
  });

  it('answers 404 to a tampered or made-up token and 401 to an anonymous accept', async () => {
    await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'tamper@example.org', role: 'LEARNER' });
    const { token } = await mailTo('tamper@example.org');
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await call('GET', `/api/invitations/${tampered}`)).status).toBe(404);
    expect((await call('POST', `/api/invitations/${tampered}/accept`, 'learner@halaqa.test')).status).toBe(404);
    expect((await call('POST', `/api/invitations/${token}/accept`)).status).toBe(401);
  });

  it('reads a link older than 7 days as EXPIRED and answers 410 to accepting it', async () => {
    await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'learner@qad.halaqa.test', role: 'LEARNER' });
    const { token } = await mailTo('learner@qad.halaqa.test');
    setClock(new Date(Date.now() + 7 * 24 * 3600 * 1000 + 60_000));
    try {
      expect((await call('GET', `/api/invitations/${token}`)).body.data.status).toBe('EXPIRED');
      const gone = await call('POST', `/api/invitations/${token}/accept`, 'learner@qad.halaqa.test');
      expect(gone.status).toBe(410);
      expect(gone.body.message).toBe('This invitation has expired');
      const expired = await call('GET', '/api/users/invitations?status=EXPIRED&pageSize=100', NCAI_PARTNER);
      expect(expired.body.data.items.map((i: { email: string }) => i.email)).toContain('learner@qad.halaqa.test');
    } finally {
      setClock(new Date());
    }
  });
});
