import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { call, companyId, MOROCCO_PARTNER, NCAI_PARTNER, t, useTestApp } from './invitations-shared.js';

useTestApp();

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
