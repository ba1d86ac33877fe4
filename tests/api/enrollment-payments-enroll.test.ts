import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import { createLearners, createSession, post, t, useTestApp } from './enrollment-payments-shared.js';

useTestApp();

describe('POST /payments/fee', () => {
  it('quotes price + 5% + $0.50, and no fee on a free session', async () => {
    const token = await t.tokenFor('learner@halaqa.test');
    const res = await post('/api/payments/fee', token, { price: 49.99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ price: 49.99, fee: 3, total: 52.99, amount: 5299, currency: 'USD' });
    expect((await post('/api/payments/fee', token, { price: 0 })).json().data).toMatchObject({
      fee: 0,
      total: 0,
      amount: 0,
    });
  });

  it('refuses a negative price, more than two decimals, and anonymous callers', async () => {
    const token = await t.tokenFor('learner@halaqa.test');
    expect((await post('/api/payments/fee', token, { price: -1 })).statusCode).toBe(400);
    expect((await post('/api/payments/fee', token, { price: 10.123 })).statusCode).toBe(400);
    expect((await post('/api/payments/fee', null, { price: 10 })).statusCode).toBe(401);
  });
});

describe('POST /sessions/{id}/enroll', () => {
  it('enrolls a learner into a free session once; a second call answers the same enrollment', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    const [learner] = await createLearners(1, 0, 'free');
    const first = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ sessionId: session, status: 'ACTIVE', paidAmount: 0 });
    const again = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/sessions/enrollments',
      headers: t.auth(learner.token),
    });
    expect(mine.json().data.map((e: { sessionId: number }) => e.sessionId)).toEqual([session]);
  });

  it('answers 402 for a paid session that was not paid, and writes nothing', async () => {
    const session = await createSession({ priceCents: 2000, maxSeats: 5 });
    const [learner] = await createLearners(1, 0, 'unpaid');
    const before = await countRows(t.db, 'enrollments');
    const res = await post(`/api/sessions/${session}/enroll`, learner.token);
    expect(res.statusCode).toBe(402);
    expect(await countRows(t.db, 'enrollments')).toBe(before);
  });

  it('refuses roles other than learners and users (403), anonymous callers (401), unknown sessions (404)', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    expect((await post(`/api/sessions/${session}/enroll`, await t.tokenFor('educator@halaqa.test'))).statusCode).toBe(
      403,
    );
    expect((await post(`/api/sessions/${session}/enroll`, await t.tokenFor('admin@halaqa.test'))).statusCode).toBe(403);
    expect((await post(`/api/sessions/${session}/enroll`, null)).statusCode).toBe(401);
    expect((await post('/api/sessions/999999/enroll', await t.tokenFor('learner@halaqa.test'))).statusCode).toBe(404);
  });

  it('makes a USER a LEARNER with their first enrollment', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 5 });
    const res = await post(`/api/sessions/${session}/enroll`, await t.tokenFor('user@halaqa.test'));
    expect(res.statusCode).toBe(201);
    const u = await t.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'user@halaqa.test')
      .executeTakeFirstOrThrow();
    expect(u.role).toBe('LEARNER');
  });

  it('never oversells: 50 concurrent enrollments into a 10-seat session leave exactly 10', async () => {
    const session = await createSession({ priceCents: 0, maxSeats: 10 });
    const learners = await createLearners(50, 0, 'rush');
    const results = await Promise.all(learners.map((l) => post(`/api/sessions/${session}/enroll`, l.token)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Session is full');
    const { n } = await t.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(10);
    const info = await t.app.inject({ method: 'GET', url: `/api/sessions/${session}/info` });
    expect(info.json().data).toMatchObject({ seatsTaken: 10, seatsLeft: 0 });
  });
});
