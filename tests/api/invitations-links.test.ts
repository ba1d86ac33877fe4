import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, multipart, startTestApp, type FilePart, type TestApp } from './harness.js';

/**
 * Invitations one at a time and from CSV/XLSX files, the invitation link
 * (preview, accept), withdrawing, and the company's members. The app's clock is movable (`clock`)
 * to read links as expired.
 */
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(() => t.close());

const NCAI_PARTNER = 'partner@ncai.halaqa.test';
const MOROCCO_PARTNER = 'partner@morocco.halaqa.test';

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const auth = email ? t.auth(await t.tokenFor(email)) : {};
  const res = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload: payload as string });
  return { status: res.statusCode, body: res.json() };
}

async function upload(email: string, file: FilePart) {
  const form = multipart({}, { file });
  return call('POST', '/api/users/bulk/invite', email, form.payload, form.headers);
}

const csv = (text: string, name = 'people.csv'): FilePart => ({
  filename: name,
  contentType: 'text/csv',
  content: Buffer.from(text, 'utf8'),
});

async function xlsx(rows: (string | null)[][]): Promise<FilePart> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  for (const r of rows) sheet.addRow(r);
  const content = Buffer.from(await book.xlsx.writeBuffer());
  return {
    filename: 'people.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content,
  };
}

/** The link mailed to an address (the last mail to it), from the outbox. */
async function mailTo(email: string) {
  await t.app.backgroundSettled(); // invitations are mailed after the answer
  const rows = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
  const mail = rows.find((r) => (r.to_addresses as unknown as string[]).includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  return { subject: mail.subject, body: mail.body, token: token! };
}

const companyId = async (acronym: string) =>
  (await t.db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;

describe('POST /users/invite', () => {
  it('invites an e-mail, mails a single-use link in the company language, and refuses a second invitation (409)', async () => {
    const ncai = await companyId('NCAI');
    await t.db.updateTable('companies').set({ language: 'ar' }).where('id', '=', ncai).execute();
    const res = await call('POST', '/api/users/invite', NCAI_PARTNER, {
      email: 'sara.new@example.org',
      role: 'EDUCATOR',
    });
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

    const again = await call('POST', '/api/users/invite', NCAI_PARTNER, {
      email: 'Sara.New@example.org',
      role: 'LEARNER',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This e-mail already has a pending invitation');
  });

  it('mails someone who has an account in their own language, and refuses a member (409)', async () => {
    await t.db.updateTable('users').set({ language: 'ar' }).where('email', '=', 'learner@halaqa.test').execute();
    const res = await call('POST', '/api/users/invite', NCAI_PARTNER, {
      email: 'learner@halaqa.test',
      role: 'LEARNER',
    });
    expect(res.status).toBe(201);
    expect((await mailTo('learner@halaqa.test')).body).toContain('مرحبًا');
    const member = await call('POST', '/api/users/invite', NCAI_PARTNER, {
      email: 'learner@ncai.halaqa.test',
      role: 'LEARNER',
    });
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
    clock = new Date(Date.now() + 7 * 24 * 3600 * 1000 + 60_000);
    try {
      expect((await call('GET', `/api/invitations/${token}`)).body.data.status).toBe('EXPIRED');
      const gone = await call('POST', `/api/invitations/${token}/accept`, 'learner@qad.halaqa.test');
      expect(gone.status).toBe(410);
      expect(gone.body.message).toBe('This invitation has expired');
      const expired = await call('GET', '/api/users/invitations?status=EXPIRED&pageSize=100', NCAI_PARTNER);
      expect(expired.body.data.items.map((i: { email: string }) => i.email)).toContain('learner@qad.halaqa.test');
    } finally {
      clock = new Date();
    }
  });
});

describe('GET /users/invitations and DELETE /users/{id}/deleteInvite', () => {
  it("lists the partner's company invitations only, with the seeded pending and expired ones", async () => {
    const list = await call('GET', '/api/users/invitations?pageSize=100', NCAI_PARTNER);
    expect(list.status).toBe(200);
    const ncai = await companyId('NCAI');
    expect(list.body.data.items.every((i: { companyId: number }) => i.companyId === ncai)).toBe(true);
    const statuses = new Set(list.body.data.items.map((i: { status: string }) => i.status));
    expect(statuses).toContain('PENDING');
    expect(statuses).toContain('EXPIRED');
    const morocco = await call('GET', '/api/users/invitations?pageSize=100', MOROCCO_PARTNER);
    expect(morocco.body.data.items.some((i: { companyId: number }) => i.companyId === ncai)).toBe(false);
  });

  it("withdraws an invitation (its link then reads EXPIRED); another company's partner gets 404 and changes nothing", async () => {
    const inv = (
      await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'withdraw.me@example.org', role: 'LEARNER' })
    ).body.data;
    const { token } = await mailTo('withdraw.me@example.org');
    const other = await call('DELETE', `/api/users/${inv.id}/deleteInvite`, MOROCCO_PARTNER);
    expect(other.status).toBe(404);
    expect((await call('GET', `/api/invitations/${token}`)).body.data.status).toBe('PENDING');
    const ok = await call('DELETE', `/api/users/${inv.id}/deleteInvite`, NCAI_PARTNER);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ id: inv.id });
    expect((await call('GET', `/api/invitations/${token}`)).body.data.status).toBe('EXPIRED');
    expect((await call('POST', `/api/invitations/${token}/accept`, 'learner@halaqa.test')).status).toBe(410);
    const list = await call('GET', '/api/users/invitations?pageSize=100', NCAI_PARTNER);
    expect(list.body.data.items.some((i: { id: number }) => i.id === inv.id)).toBe(false);
    // It can be invited again.
    expect(
      (await call('POST', '/api/users/invite', NCAI_PARTNER, { email: 'withdraw.me@example.org', role: 'LEARNER' }))
        .status,
    ).toBe(201);
  });
});

describe('POST /users/bulk/invite', () => {
  it('reads a CSV with a BOM, semicolons and Arabic names, and reports every row with its reason', async () => {
    const text =
      '\uFEFFname;email;role\n' +
      'ليلى حداد;laila.bulk@example.org;learner\n' +
      'عمر;omar.bulk@example.org;EDUCATOR\n' +
      'Noura;learner@ncai.halaqa.test;LEARNER\n' +
      'Again;laila.bulk@example.org;LEARNER\n' +
      'Bad;not-an-email;LEARNER\n' +
      'Boss;boss.bulk@example.org;ADMIN\n' +
      'Pending;amal.alharbi@ncai.halaqa.test;LEARNER\n';
    const res = await upload(NCAI_PARTNER, csv(text));
    expect(res.status).toBe(201);
    const outcomes = res.body.data.report.map((r: { row: number; outcome: string }) => [r.row, r.outcome]);
    expect(outcomes).toEqual([
      [2, 'INVITED'],
      [3, 'INVITED'],
      [4, 'ALREADY_MEMBER'],
      [5, 'DUPLICATE_IN_FILE'],
      [6, 'INVALID_EMAIL'],
      [7, 'UNKNOWN_ROLE'],
      [8, 'ALREADY_INVITED'],
    ]);
    expect(res.body.data.invited.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([
      ['laila.bulk@example.org', 'LEARNER'],
      ['omar.bulk@example.org', 'EDUCATOR'],
    ]);
    expect(res.body.data.skipped).toHaveLength(5);
    expect((await mailTo('omar.bulk@example.org')).body).toContain('/invitations/');
  });

  it('reads an XLSX file (first sheet, header row)', async () => {
    const res = await upload(
      NCAI_PARTNER,
      await xlsx([
        ['Email', 'Role', 'الاسم'],
        ['xlsx.one@example.org', 'LEARNER', 'سارة'],
        ['xlsx.two@example.org', 'EDUCATOR', 'خالد'],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.invited.map((i: { email: string }) => i.email)).toEqual([
      'xlsx.one@example.org',
      'xlsx.two@example.org',
    ]);
  });

  it('takes 1,000 rows in one go and refuses 1,001 (400) writing nothing', async () => {
    const rows = (n: number, p: string) =>
      'email,role\n' + Array.from({ length: n }, (_, i) => `${p}${i}@example.org,LEARNER`).join('\n');
    const before = await countRows(t.db, 'invitations');
    const tooMany = await upload(NCAI_PARTNER, csv(rows(1001, 'big')));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The file has more than 1,000 rows');
    expect(await countRows(t.db, 'invitations')).toBe(before);
    const ok = await upload(NCAI_PARTNER, csv(rows(1000, 'thousand')));
    expect(ok.status).toBe(201);
    expect(ok.body.data.invited).toHaveLength(1000);
    expect(await countRows(t.db, 'invitations')).toBe(before + 1000);
  }, 120_000);

  it('refuses a broken XLSX, a file without the columns, and another file type, writing nothing', async () => {
    const before = await countRows(t.db, 'invitations');
    const good = await xlsx([
      ['email', 'role'],
      ['broken@example.org', 'LEARNER'],
    ]);
    const broken = await upload(NCAI_PARTNER, {
      ...good,
      content: good.content.subarray(0, Math.floor(good.content.length / 2)),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/XLSX file could not be read/);
    const noHeader = await upload(NCAI_PARTNER, csv('mail,kind\na@example.org,LEARNER\n'));
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toBe('The first row must name the columns "email" and "role"');
    const pdf = await upload(NCAI_PARTNER, {
      filename: 'people.csv',
      contentType: 'text/csv',
      content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    expect(pdf.status).toBe(415);
    expect(await countRows(t.db, 'invitations')).toBe(before);
    expect(await countRows(t.db, 'outbox')).toBeGreaterThan(0);
  });
});

describe('company members', () => {
  it('lists the members with enrollments and progress; a partner of another company gets 403', async () => {
    const ncai = await companyId('NCAI');
    const res = await call('GET', `/api/companies/${ncai}/members?pageSize=100`, NCAI_PARTNER);
    expect(res.status).toBe(200);
    const noura = res.body.data.items.find((m: { email: string }) => m.email === 'learner@ncai.halaqa.test');
    expect(noura).toMatchObject({ role: 'LEARNER', name: 'Noura Al-Harbi' });
    expect(noura.completedLessons).toBeLessThanOrEqual(noura.totalLessons);
    expect(res.body.data.items.some((m: { role: string }) => m.role === 'PARTNER')).toBe(false);
    const search = await call('GET', `/api/companies/${ncai}/members?query=noura`, NCAI_PARTNER);
    expect(search.body.data.items.map((m: { email: string }) => m.email)).toEqual(['learner@ncai.halaqa.test']);
    expect((await call('GET', `/api/companies/${ncai}/members`, MOROCCO_PARTNER)).status).toBe(403);
    expect((await call('GET', `/api/companies/${ncai}/members`, 'learner@ncai.halaqa.test')).status).toBe(403);
  });

  it('counts DONE lessons of active enrollments', async () => {
    const ncai = await companyId('NCAI');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@ncai.halaqa.test')
      .executeTakeFirstOrThrow();
    const enrollment = await t.db
      .selectFrom('enrollments')
      .select('session_id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!enrollment) return expect.unreachable('the demo learner of NCAI has an enrollment');
    const lesson = await t.db
      .selectFrom('sessions as s')
      .innerJoin('sections as sc', 'sc.course_id', 's.course_id')
      .innerJoin('lessons as l', 'l.section_id', 'sc.id')
      .select('l.id')
      .where('s.id', '=', enrollment.session_id)
      .executeTakeFirstOrThrow();
    const before = (await call('GET', `/api/companies/${ncai}/members?query=noura`, NCAI_PARTNER)).body.data.items[0];
    await t.db
      .deleteFrom('lesson_progress')
      .where('user_id', '=', user.id)
      .where('lesson_id', '=', lesson.id)
      .execute();
    const cleared = (await call('GET', `/api/companies/${ncai}/members?query=noura`, NCAI_PARTNER)).body.data.items[0];
    await t.db
      .insertInto('lesson_progress')
      .values({
        session_id: enrollment.session_id,
        lesson_id: lesson.id,
        user_id: user.id,
        status: 'DONE',
        updated_at: new Date(),
      })
      .execute();
    const after = (await call('GET', `/api/companies/${ncai}/members?query=noura`, NCAI_PARTNER)).body.data.items[0];
    expect(after.completedLessons).toBe(cleared.completedLessons + 1);
    expect(after.totalLessons).toBe(before.totalLessons);
    expect(after.enrollments).toBeGreaterThan(0);
  });

  it('removes a member (account kept, company lost); another company cannot, nor can the partner be removed', async () => {
    const ncai = await companyId('NCAI');
    const morocco = await companyId('MOROCCO');
    const learner = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@ncai.halaqa.test')
      .executeTakeFirstOrThrow();
    const partner = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', NCAI_PARTNER)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/companies/${ncai}/members/${learner.id}`, MOROCCO_PARTNER)).status).toBe(403);
    expect((await call('DELETE', `/api/companies/${morocco}/members/${learner.id}`, MOROCCO_PARTNER)).status).toBe(404);
    expect((await call('DELETE', `/api/companies/${ncai}/members/${partner.id}`, NCAI_PARTNER)).status).toBe(403);
    const ok = await call('DELETE', `/api/companies/${ncai}/members/${learner.id}`, NCAI_PARTNER);
    expect(ok.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['company_id', 'status'])
      .where('id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: null, status: 'APPROVED' });
    expect((await call('GET', `/api/companies/${ncai}/settings`, 'learner@ncai.halaqa.test')).status).toBe(403);
    expect((await call('DELETE', `/api/companies/${ncai}/members/${learner.id}`, NCAI_PARTNER)).status).toBe(404);
  });
});

describe('a partner waiting for approval', () => {
  it('reads but cannot invite, withdraw, remove members or brand the company: 403, nothing written', async () => {
    const pending = 'partner@gda.halaqa.test';
    const gda = (await t.db.selectFrom('companies').select('id').where('acronym', '=', 'GDA').executeTakeFirstOrThrow())
      .id;
    const before = await countRows(t.db, 'invitations');
    const invite = await call('POST', '/api/users/invite', pending, {
      email: 'first.hire@gda.example.org',
      role: 'LEARNER',
    });
    expect(invite.status).toBe(403);
    expect(invite.body.message).toBe('Your account is waiting for approval');
    const brand = await call('PUT', `/api/companies/${gda}/settings`, pending, {
      style: { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' },
    });
    expect(brand.status).toBe(403);
    expect(await countRows(t.db, 'invitations')).toBe(before);
    expect((await call('GET', '/api/users/invitations', pending)).status).toBe(200);
  });
});
