import { describe, expect, it } from 'vitest';
import { countRows, multipart } from './harness.js';
import { call, companyId, csv, mailTo, MOROCCO_PARTNER, NCAI_PARTNER, t, useTestApp } from './invitations-shared.js';

useTestApp();

const ADMIN = 'admin@halaqa.test';

/** Uploads a bulk-invite file with the given form fields. */
async function uploadWith(email: string, fields: Record<string, string>, text: string) {
  const form = multipart(fields, { file: csv(text) });
  return call('POST', '/api/users/bulk/invite', email, form.payload, form.headers);
}

describe('admins invite into the company they choose (companyId)', () => {
  it("an admin invites into company X: the invitation is X's, mailed, and X's partner lists it", async () => {
    const ncai = await companyId('NCAI');
    const res = await call('POST', '/api/users/invite', ADMIN, {
      email: 'admin-pick@x.test',
      role: 'LEARNER',
      companyId: ncai,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'admin-pick@x.test', companyId: ncai, status: 'PENDING' });
    expect((await mailTo('admin-pick@x.test')).token).toBeTruthy();
    const list = await call('GET', '/api/users/invitations?pageSize=100', NCAI_PARTNER);
    expect(list.body.data.items.map((i: { email: string }) => i.email)).toContain('admin-pick@x.test');
    const other = await call('GET', '/api/users/invitations?pageSize=100', MOROCCO_PARTNER);
    expect(other.body.data.items.map((i: { email: string }) => i.email)).not.toContain('admin-pick@x.test');
    const adminList = await call('GET', `/api/users/invitations?pageSize=100&companyId=${ncai}`, ADMIN);
    expect(adminList.body.data.items.every((i: { companyId: number }) => i.companyId === ncai)).toBe(true);
    expect(adminList.body.data.items.map((i: { email: string }) => i.email)).toContain('admin-pick@x.test');
  });

  it('an admin bulk-invites into the chosen company', async () => {
    const ncai = await companyId('NCAI');
    const res = await uploadWith(ADMIN, { companyId: String(ncai) }, 'email,role\nadmin-bulk@x.test,EDUCATOR\n');
    expect(res.status).toBe(201);
    expect(res.body.data.invited).toEqual([expect.objectContaining({ email: 'admin-bulk@x.test', companyId: ncai })]);
  });

  it("an admin who names no company gets 400 'Choose a company' and nothing is written", async () => {
    const before = await countRows(t.db, 'invitations');
    const res = await call('POST', '/api/users/invite', ADMIN, { email: 'nowhere@x.test', role: 'LEARNER' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a company');
    const bulk = await uploadWith(ADMIN, {}, 'email,role\nnowhere2@x.test,LEARNER\n');
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe('Choose a company');
    expect(await countRows(t.db, 'invitations')).toBe(before);
  });

  it('an admin naming an unknown company gets 404 and nothing is written', async () => {
    const before = await countRows(t.db, 'invitations');
    const res = await call('POST', '/api/users/invite', ADMIN, {
      email: 'ghost@x.test',
      role: 'LEARNER',
      companyId: 999_999,
    });
    expect(res.status).toBe(404);
    expect(await countRows(t.db, 'invitations')).toBe(before);
  });

  it('a partner naming another company is refused 403 and nothing is written; their own id is accepted', async () => {
    const ncai = await companyId('NCAI');
    const morocco = await companyId(await moroccoAcronym());
    const before = await countRows(t.db, 'invitations');
    const res = await call('POST', '/api/users/invite', MOROCCO_PARTNER, {
      email: 'sneak@x.test',
      role: 'LEARNER',
      companyId: ncai,
    });
    expect(res.status).toBe(403);
    const bulk = await uploadWith(MOROCCO_PARTNER, { companyId: String(ncai) }, 'email,role\nsneak2@x.test,LEARNER\n');
    expect(bulk.status).toBe(403);
    expect((await call('GET', `/api/users/invitations?companyId=${ncai}`, MOROCCO_PARTNER)).status).toBe(403);
    expect(await countRows(t.db, 'invitations')).toBe(before);
    const own = await call('POST', '/api/users/invite', MOROCCO_PARTNER, {
      email: 'own-id@x.test',
      role: 'LEARNER',
      companyId: morocco,
    });
    expect(own.status).toBe(201);
    expect(own.body.data.companyId).toBe(morocco);
  });
});

/** The acronym of the Morocco partner's company. */
async function moroccoAcronym() {
  const row = await t.db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select('c.acronym')
    .where('u.email', '=', MOROCCO_PARTNER)
    .executeTakeFirstOrThrow();
  return row.acronym;
}
