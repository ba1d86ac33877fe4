import { describe, expect, it } from 'vitest';
import { countRows, unbalancedTransactions } from './harness.js';
import { t, useTestApp, call, idOf, courseOf, schedule, request } from './moderation-setup.js';

useTestApp();

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

  it('takes a large live cohort of up to 5,000 seats (5,001 is refused above)', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const res = await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId, { maxSeats: 5000 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ maxSeats: 5000, seatsLeft: 5000 });
  });

  it('refuses bad dates, slots, seats, price and time zone with field errors, writing nothing', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const before = await countRows(t.db, 'sessions');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endDate: '2031-05-01' }, 'endDate'],
      [{ schedule: { ...schedule, monday: { start: '19:30', end: '18:00' } } }, 'schedule.monday.end'],
      [{ maxSeats: 0 }, 'maxSeats'],
      [{ maxSeats: 5001 }, 'maxSeats'],
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
    expect(await unbalancedTransactions(t.db)).toEqual([]);
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
