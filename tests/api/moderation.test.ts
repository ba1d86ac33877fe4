import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { weekly } from '../fixtures.js';
import { userIdOf, publicCourseOf } from './course-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}
const idOf = (email: string) => userIdOf(t.db, email);
const courseOf = (email: string) => publicCourseOf(t.db, email);

const schedule = weekly({ monday: { start: '18:00', end: '19:30' }, thursday: { start: '18:00', end: '19:30' } });
const request = (courseId: number, extra: Record<string, unknown> = {}) => ({
  courseId,
  startDate: '2031-05-05',
  endDate: '2031-06-27',
  timezone: 'America/Denver',
  schedule,
  maxSeats: 25,
  price: 99,
  ...extra,
});

describe('POST /sessions (an educator requests a session)', () => {
  it('creates a PENDING session that explore does not show, listed for its educator and admins', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const res = await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ courseId, status: 'PENDING', price: 99, maxSeats: 25, seatsLeft: 25 });
    const id = res.body.data.id;
    const explore = (await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data.items.map(
      (s: { id: number }) => s.id,
    );
    expect(explore).not.toContain(id);
    const mine = (await call('GET', '/api/sessions?status=PENDING&pageSize=100', 'educator@halaqa.test')).body.data;
    expect(mine.items.map((s: { id: number }) => s.id)).toContain(id);
    const others = (await call('GET', '/api/sessions?pageSize=100', 'educator2@halaqa.test')).body.data.items.map(
      (s: { id: number }) => s.id,
    );
    expect(others).not.toContain(id);
    const admin = (await call('GET', '/api/sessions?status=PENDING&pageSize=100', 'admin@halaqa.test')).body.data.items;
    expect(admin.find((s: { id: number }) => s.id === id)).toMatchObject({
      course: { id: courseId },
      moderationMessage: null,
    });
  });

  it('refuses bad dates, slots, seats, price and time zone with field errors, writing nothing', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const before = await countRows(t.db, 'sessions');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endDate: '2031-05-01' }, 'endDate'],
      [{ schedule: { ...schedule, monday: { start: '19:30', end: '18:00' } } }, 'schedule.monday.end'],
      [{ maxSeats: 0 }, 'maxSeats'],
      [{ price: -5 }, 'price'],
      [{ timezone: 'Europe/Paris' }, 'timezone'],
    ];
    for (const [extra, path] of cases) {
      const res = await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId, extra));
      expect(res.status, path).toBe(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        path,
      ).toContain(path);
    }
    expect(await countRows(t.db, 'sessions')).toBe(before);
  });

  it("refuses another educator's course, learners and pending educators; admins request for the course's educator", async () => {
    const courseId = await courseOf('educator@halaqa.test');
    expect((await call('POST', '/api/sessions', 'educator2@halaqa.test', request(courseId))).status).toBe(403);
    expect((await call('POST', '/api/sessions', 'learner@halaqa.test', request(courseId))).status).toBe(403);
    const byAdmin = await call('POST', '/api/sessions', 'admin@halaqa.test', request(courseId));
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.data).toMatchObject({
      status: 'PENDING',
      educator: { id: await idOf('educator@halaqa.test') },
    });
    expect((await call('POST', '/api/sessions', 'educator@halaqa.test', request(999999))).status).toBe(404);
    await t.db.updateTable('users').set({ status: 'PENDING' }).where('email', '=', 'educator4@halaqa.test').execute();
    const course4 = await courseOf('educator4@halaqa.test');
    expect((await call('POST', '/api/sessions', 'educator4@halaqa.test', request(course4))).status).toBe(403);
    await t.db.updateTable('users').set({ status: 'APPROVED' }).where('email', '=', 'educator4@halaqa.test').execute();
  });
});

describe('moderation of sessions (admins)', () => {
  it('approves with a message: the session appears in explore, the educator is mailed, the decision is audited', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const id = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId))).body.data.id;
    expect(
      (await call('POST', `/api/sessions/${id}/approve`, 'educator@halaqa.test', { message: 'self' })).status,
    ).toBe(403);
    const res = await call('POST', `/api/sessions/${id}/approve`, 'admin@halaqa.test', { message: 'Looks great.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'APPROVED' });
    const explore = (await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data.items.map(
      (s: { id: number }) => s.id,
    );
    expect(explore).toContain(id);
    const mail = await t.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addresses).toEqual(['educator@halaqa.test']);
    expect(mail.body).toContain('Looks great.');
    const log = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'session')
      .where('entity_id', '=', id)
      .where('action', '=', 'session.approved')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: await idOf('admin@halaqa.test'), message: 'Looks great.' });
    // The contract: a session no longer PENDING (nor REJECTED) → 409, and nothing changes.
    const again = await call('POST', `/api/sessions/${id}/approve`, 'admin@halaqa.test', { message: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a pending or rejected session can be approved (this one is APPROVED)');
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity_type', '=', 'session')
        .where('entity_id', '=', id)
        .where('action', '=', 'session.approved')
        .execute(),
    ).toHaveLength(1);
  });

  it("mails the course's confirmed waitlist when a new session is approved, once per session", async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const join = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'learner@halaqa.test',
    });
    expect(join.status).toBe(201);
    expect(join.body.data).toMatchObject({ courseId, email: 'learner@halaqa.test', confirmed: true });
    expect(
      (await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', { email: 'LEARNER@halaqa.test' }))
        .status,
    ).toBe(200);
    // Nobody can sign someone else up for mails ("Nothing lost, nobody in" #states).
    const other = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'waiting@example.org',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('You can only put your own e-mail address (learner@halaqa.test) on a waitlist');
    expect(
      (await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', { email: 'not-an-email' }))
        .status,
    ).toBe(400);
    // A guest is mailed a confirmation link first (tests/api/waitlist-contact.test.ts).
    expect((await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: 'a@example.org' })).status).toBe(
      202,
    );
    const first = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId))).body.data.id;
    await call('POST', `/api/sessions/${first}/approve`, 'admin@halaqa.test', {});
    const mailed = async (to: string) =>
      (await t.db.selectFrom('outbox').select(['to_addresses', 'subject']).execute()).filter(
        (m) => (m.to_addresses as string[]).includes(to) && m.subject.startsWith('A new session of'),
      ).length;
    expect(await mailed('learner@halaqa.test')).toBe(1);
    expect(await mailed('a@example.org')).toBe(0);
    const second = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId))).body.data.id;
    await call('POST', `/api/sessions/${second}/approve`, 'admin@halaqa.test', {});
    expect(await mailed('learner@halaqa.test')).toBe(2);
  });

  it('rejects with a reason: never in explore, reason mailed and listed', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const id = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId))).body.data.id;
    expect((await call('POST', `/api/sessions/${id}/reject`, 'admin@halaqa.test', { message: '' })).status).toBe(400);
    const res = await call('POST', `/api/sessions/${id}/reject`, 'admin@halaqa.test', {
      message: 'Dates clash with the holidays.',
    });
    expect(res.body.data.status).toBe('REJECTED');
    // The contract: rejecting a session that is not PENDING → 409, its first reason stays.
    const again = await call('POST', `/api/sessions/${id}/reject`, 'admin@halaqa.test', { message: 'Another reason.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a pending session can be rejected (this one is REJECTED)');
    const explore = (await call('GET', '/api/sessions/explore?pageSize=100', null)).body.data.items.map(
      (s: { id: number }) => s.id,
    );
    expect(explore).not.toContain(id);
    expect((await call('GET', `/api/sessions/${id}/info`, null)).status).toBe(404);
    const listed = (
      await call('GET', '/api/sessions?status=REJECTED&pageSize=100', 'educator@halaqa.test')
    ).body.data.items.find((s: { id: number }) => s.id === id);
    expect(listed.moderationMessage).toBe('Dates clash with the holidays.');
  });

  it('publishes a new course when its first session is approved', async () => {
    const courseId = (
      await t.db
        .insertInto('courses')
        .values({
          educator_id: await idOf('educator@halaqa.test'),
          title: 'Zig in Practice',
          description: 'd',
          about: 'a',
          category_id: 1,
          language_id: 1,
          price_cents: 0,
          num_hours: 4,
          difficulty_level: 'BEGINNER',
          company_id: null,
          picture_url: null,
          video_url: null,
          status: 'PENDING',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const id = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId, { price: 0 }))).body.data
      .id;
    await call('POST', `/api/sessions/${id}/approve`, 'admin@halaqa.test', {});
    const info = await call('GET', `/api/courses/${courseId}/info`, null);
    expect(info.status).toBe(200);
    expect(info.body.data.status).toBe('PUBLISHED');
  });

  it('deletes a session with paid learners: refunds their wallets in full, cancels enrollments, hides the session', async () => {
    const session = await t.db
      .selectFrom('sessions')
      .select(['id', 'price_cents'])
      .where('status', 'in', ['APPROVED', 'ACTIVE'])
      .where('price_cents', '>', 0)
      .where('max_seats', '>', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const learner = await t.tokenFor('learner@halaqa.test');
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(learner) })
    ).json().data.balance;
    const fee = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/fee',
        headers: t.auth(learner),
        payload: { price: session.price_cents / 100 },
      })
    ).json().data;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/intents/wallet',
      headers: { ...t.auth(learner), 'idempotency-key': 'delete-refund-1' },
      payload: { sessionId: session.id, amount: fee.amount },
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/sessions/${session.id}/delete`, 'educator@halaqa.test', { message: 'x' })).status,
    ).toBe(403);
    const res = await call('POST', `/api/sessions/${session.id}/delete`, 'admin@halaqa.test', {
      message: 'The educator is unavailable.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: session.id });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/payments/wallets/me', headers: t.auth(learner) })
    ).json().data;
    expect(after.balance).toBe(before);
    expect(after.entries[0]).toMatchObject({ reason: 'REFUND', amount: fee.amount, sessionId: session.id });
    const e = await t.db.selectFrom('enrollments').select('status').where('session_id', '=', session.id).execute();
    expect(e.every((x) => x.status === 'CANCELLED')).toBe(true);
    expect((await call('GET', `/api/sessions/${session.id}/info`, null)).status).toBe(404);
    const sums = await t.db
      .selectFrom('ledger_entries')
      .select(['transaction_id', (eb) => eb.fn.sum<number>('amount_cents').as('s')])
      .groupBy('transaction_id')
      .execute();
    expect(sums.every((r) => Number(r.s) === 0)).toBe(true);
    const mine = (await call('GET', '/api/sessions/enrollments', 'learner@halaqa.test')).body.data.map(
      (x: { sessionId: number }) => x.sessionId,
    );
    expect(mine).not.toContain(session.id);
  });

  it('lets an educator delete their own pending request', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const id = (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId))).body.data.id;
    expect((await call('POST', `/api/sessions/${id}/delete`, 'educator2@halaqa.test', { message: 'x' })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/sessions/${id}/delete`, 'educator@halaqa.test', { message: 'Wrong dates' })).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/sessions/${id}/delete`, 'educator@halaqa.test', { message: 'again' })).status,
    ).toBe(404);
  });
});

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
    const hash = (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'admin@halaqa.test')
        .executeTakeFirstOrThrow()
    ).password_hash;
    await t.db
      .insertInto('users')
      .values({
        email: 'lone.partner@halaqa.test',
        password_hash: hash,
        first_name: 'Lone',
        last_name: 'Partner',
        role: 'PARTNER',
        status: 'APPROVED',
        company_id: null,
        picture_url: null,
      })
      .execute();
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
