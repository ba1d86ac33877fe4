import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { insertDemoUser } from './course-fixtures.js';
import { t, useTestApp, call, idOf } from './moderation-setup.js';

useTestApp();

describe('session learners, content and mail (educators)', () => {
  async function enrolledSession() {
    return t.db
      .selectFrom('enrollments as e')
      .innerJoin('sessions as s', 's.id', 'e.session_id')
      .innerJoin('users as u', 'u.id', 's.educator_id')
      .innerJoin('users as l', 'l.id', 'e.user_id')
      .select(['s.id', 'u.email as educator', 'l.id as learner_id', 'l.email as learner'])
      .where('e.status', '=', 'ACTIVE')
      .where('s.deleted_at', 'is', null)
      .orderBy('s.id')
      .executeTakeFirstOrThrow();
  }

  it("lists a session's learners for its educator and admins only", async () => {
    const s = await enrolledSession();
    const res = await call('GET', `/api/sessions/${s.id}/learners`, s.educator);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((l: { email: string }) => l.email)).toContain(s.learner);
    expect((await call('GET', `/api/sessions/${s.id}/learners`, 'admin@halaqa.test')).status).toBe(200);
    const other = s.educator === 'educator5@halaqa.test' ? 'educator4@halaqa.test' : 'educator5@halaqa.test';
    expect((await call('GET', `/api/sessions/${s.id}/learners`, other)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${s.id}/learners`, 'learner@halaqa.test')).status).toBe(403);
  });

  it("mails a session's learners; refuses people outside the educator's sessions and unknown ids", async () => {
    const s = await enrolledSession();
    await t.app.backgroundSettled(); // receipts of earlier payments, mailed after their answers
    const before = await countRows(t.db, 'outbox');
    const res = await call('POST', '/api/mail/send', s.educator, {
      message: 'Class moves to 7 pm tonight.',
      userIdsTo: [s.learner_id],
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ recipients: 1 });
    expect(await countRows(t.db, 'outbox')).toBe(before + 1);
    const stranger = await idOf('user@halaqa.test');
    expect((await call('POST', '/api/mail/send', s.educator, { message: 'hi', userIdsTo: [stranger] })).status).toBe(
      403,
    );
    expect((await call('POST', '/api/mail/send', s.educator, { message: 'hi', userIdsTo: [999999] })).status).toBe(400);
    expect((await call('POST', '/api/mail/send', s.educator, { message: '', userIdsTo: [s.learner_id] })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/mail/send', 'learner@halaqa.test', { message: 'hi', userIdsTo: [stranger] })).status,
    ).toBe(403);
  });

  it('refuses a partner without a company (403, nothing sent): no company is not a company shared with every other user without one', async () => {
    await insertDemoUser(t.db, {
      email: 'lone.partner@halaqa.test',
      firstName: 'Lone',
      lastName: 'Partner',
      role: 'PARTNER',
      status: 'APPROVED',
      companyId: null,
    });
    await t.app.backgroundSettled();
    const before = await countRows(t.db, 'outbox');
    const admin = await idOf('admin@halaqa.test');
    const learner = await idOf('learner@halaqa.test');
    for (const userIdsTo of [[admin], [learner], [admin, learner]]) {
      const res = await call('POST', '/api/mail/send', 'lone.partner@halaqa.test', {
        message: 'Please reset your password here',
        userIdsTo,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Partners without a company cannot write to anyone');
    }
    expect(await countRows(t.db, 'outbox')).toBe(before);
    // A partner with a company still writes to its users.
    const member = await idOf('learner@ncai.halaqa.test');
    expect(
      (await call('POST', '/api/mail/send', 'partner@ncai.halaqa.test', { message: 'Welcome', userIdsTo: [member] }))
        .status,
    ).toBe(202);
    expect(
      (await call('POST', '/api/mail/send', 'partner@ncai.halaqa.test', { message: 'Welcome', userIdsTo: [admin] }))
        .status,
    ).toBe(403);
    // Not one of the demo partners counted by the users tests below.
    await t.db.deleteFrom('users').where('email', '=', 'lone.partner@halaqa.test').execute();
  });

  it("replaces a session's content and resets it to the course's with an empty list", async () => {
    const s = await enrolledSession();
    const content = [
      {
        week: 1,
        sections: [
          {
            name: 'Kick-off week',
            lessons: [
              { lessonTypeId: 1, name: 'Welcome call', duration: 60, link: 'https://meet.halaqa.test/welcome' },
            ],
          },
        ],
      },
    ];
    const res = await call('PUT', `/api/sessions/${s.id}/content`, s.educator, content);
    expect(res.status).toBe(200);
    expect(res.body.data.weeks[0].sections[0].lessons[0]).toMatchObject({
      name: 'Welcome call',
      type: { code: 'meeting' },
      link: 'https://meet.halaqa.test/welcome',
    });
    const learnerView = await call('GET', `/api/sessions/${s.id}/syllabus/secured`, s.learner);
    expect(learnerView.body.data.weeks[0].sections[0].name).toBe('Kick-off week');
    expect((await call('PUT', `/api/sessions/${s.id}/content`, 'learner@halaqa.test', [])).status).toBe(403);
    const reset = await call('PUT', `/api/sessions/${s.id}/content`, s.educator, []);
    expect(reset.body.data.weeks[0].sections[0].name).not.toBe('Kick-off week');
  });
});

describe('users (admins)', () => {
  it('lists educators, learners and partners with search and status, and refuses non-admins', async () => {
    const educators = (await call('GET', '/api/users/educators?pageSize=100', 'admin@halaqa.test')).body.data;
    expect(educators.items.every((u: { role: string }) => u.role === 'EDUCATOR')).toBe(true);
    const found = (await call('GET', '/api/users/learners?query=learner1%40', 'admin@halaqa.test')).body.data.items.map(
      (u: { email: string }) => u.email,
    );
    expect(found).toContain('learner1@halaqa.test');
    const partners = (await call('GET', '/api/users/partners', 'admin@halaqa.test')).body.data;
    expect(partners.total).toBe(4); // the three demo companies' partners and the one waiting for approval (GDA)
    expect((await call('GET', '/api/users/partners', 'partner@qad.halaqa.test')).status).toBe(403);
    const companyLearners = (
      await call('GET', '/api/users/learners?pageSize=100', 'partner@qad.halaqa.test')
    ).body.data.items.map((u: { email: string }) => u.email);
    // Exactly QAD's learners (the demo data has several), no one else's.
    const qadLearners = await t.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select('u.email')
      .where('c.acronym', '=', 'QAD')
      .where('u.role', '=', 'LEARNER')
      .execute();
    expect([...companyLearners].sort()).toEqual(qadLearners.map((u) => u.email).sort());
    expect(companyLearners).toContain('learner@qad.halaqa.test');
    expect((await call('GET', '/api/users/educators', 'learner@halaqa.test')).status).toBe(403);
    // The demo's pending invitations into NCAI (three pending, one expired), newest first.
    const invitations = (await call('GET', '/api/users/invitations', 'admin@halaqa.test')).body.data;
    expect(invitations.total).toBe(4);
    expect(invitations.items.map((i: { status: string }) => i.status).sort()).toEqual([
      'EXPIRED',
      'PENDING',
      'PENDING',
      'PENDING',
    ]);
  });

  it('approves a pending educator (then 409 on a second approval), rejects with a reason, deletes with a message', async () => {
    const pending = await idOf('educator5@halaqa.test');
    await t.db.updateTable('users').set({ status: 'PENDING' }).where('id', '=', pending).execute();
    const listed = (await call('GET', '/api/users/educators?status=PENDING', 'admin@halaqa.test')).body.data.items.map(
      (u: { id: number }) => u.id,
    );
    expect(listed).toContain(pending);
    const ok = await call('PUT', `/api/users/${pending}/approve`, 'admin@halaqa.test');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: pending, status: 'APPROVED' });
    expect((await call('PUT', `/api/users/${pending}/approve`, 'admin@halaqa.test')).status).toBe(409);

    const other = await idOf('learner15@halaqa.test');
    await t.db.updateTable('users').set({ status: 'PENDING' }).where('id', '=', other).execute();
    expect((await call('PUT', `/api/users/${other}/reject`, 'admin@halaqa.test', {})).status).toBe(400);
    const rejected = await call('PUT', `/api/users/${other}/reject`, 'admin@halaqa.test', {
      message: 'Incomplete profile',
    });
    expect(rejected.body.data.status).toBe('REJECTED');

    const victim = await idOf('learner14@halaqa.test');
    const token = await t.tokenFor('learner14@halaqa.test');
    const deleted = await call('PUT', `/api/users/${victim}/delete`, 'admin@halaqa.test', {
      message: 'Asked to close the account',
    });
    expect(deleted.body.data.status).toBe('DELETED');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sessions/enrollments', headers: t.auth(token) })).statusCode,
    ).toBe(401);
    expect((await call('PUT', `/api/users/${victim}/delete`, 'admin@halaqa.test', { message: 'again' })).status).toBe(
      404,
    );
    const self = await idOf('admin@halaqa.test');
    expect((await call('PUT', `/api/users/${self}/delete`, 'admin@halaqa.test', { message: 'me' })).status).toBe(403);
    expect(
      (
        await call('PUT', `/api/users/${await idOf('superadmin@halaqa.test')}/delete`, 'admin@halaqa.test', {
          message: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await call('PUT', `/api/users/${pending}/approve`, 'educator@halaqa.test')).status).toBe(403);
  });
});
