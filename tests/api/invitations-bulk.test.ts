import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  call,
  companyId,
  csv,
  mailTo,
  MOROCCO_PARTNER,
  NCAI_PARTNER,
  t,
  upload,
  useTestApp,
  xlsx,
} from './invitations-shared.js';

useTestApp();

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
