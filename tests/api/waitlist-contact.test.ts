import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../../server/jobs/index.js';
import { notifyWaitlist } from '../../server/modules/courses/waitlist.js';
import { Mailer } from '../../server/platform/mailer.js';
import { TokenService } from '../../server/platform/tokens.js';
import { signInForTests } from '../../server/platform/sign-in-sessions.js';
import { callJson, countRows, movableClock, startTestApp, type TestApp } from './harness.js';
import { weekly } from '../fixtures.js';
import { firstPublicCourseRow, insertOpenSession, insertLearner } from './course-fixtures.js';

/**
 * The waitlist (signed-in users join with their own address, guests
 * confirm theirs by a mailed link; confirmed people are mailed once per event when a session opens
 * or a seat frees) and the contact form with the admins' inbox. Captcha on: tests/api/captcha.test.ts.
 */
let t: TestApp;
let tokens: TokenService;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  tokens = new TokenService(t.config.jwtSecret, 3600);
});
afterEach(() => clock.reset());
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
async function call(
  method: Method,
  url: string,
  who: string | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  const token = who === null ? null : who.includes('@') ? await t.tokenFor(who) : who;
  return callJson(t, method, url, token, payload, extra);
}

/** Mails in the outbox to `email` whose subject starts with `subject`. */
async function mailsTo(email: string, subject: string) {
  const rows = await t.db.selectFrom('outbox').select(['to_addresses', 'subject', 'body']).orderBy('id').execute();
  return rows.filter(
    (m) =>
      (m.to_addresses as string[]).map((a) => a.toLowerCase()).includes(email.toLowerCase()) &&
      m.subject.startsWith(subject),
  );
}
const linkToken = (body: string) => /\/waitlist\/confirm\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? null;

/** A new published public course of the demo educator (so each test has its own waitlist). */
async function newCourse(isPrivate = false): Promise<number> {
  const base = await firstPublicCourseRow(t.db);
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = base;
  const company = isPrivate
    ? (await t.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    : base.company_id;
  const row = await t.db
    .insertInto('courses')
    .values({
      ...rest,
      title: `Waitlist course ${randomBytes(3).toString('hex')}`,
      is_private: isPrivate,
      company_id: company,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An APPROVED session of the course, running from today for 20 days, with `maxSeats` seats. */
async function newSession(
  courseId: number,
  maxSeats: number,
  priceCents = 1500,
  status: 'APPROVED' | 'PENDING' = 'APPROVED',
) {
  const { educator_id } = await t.db
    .selectFrom('courses')
    .select('educator_id')
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  const schedule = weekly({ tuesday: { start: '17:00', end: '18:00' } });
  const course = { id: courseId, educatorId: educator_id };
  return (
    await insertOpenSession(t.db, { priceCents, maxSeats, course, timezone: 'America/Chicago', schedule, status })
  ).id;
}

/** A fresh learner (token) with a saved sandbox card. */
async function learnerWithCard(tag: string) {
  const email = `${tag}-${randomBytes(4).toString('hex')}@waitlist.halaqa.test`;
  const { id } = await insertLearner(t.db, { email, firstName: 'Wait', lastName: tag });
  const token = await signInForTests(t.db, tokens, { id, role: 'LEARNER' });
  const card = await call('POST', '/api/payments/cards', token, { source: 'tok_visa' });
  expect(card.status).toBe(201);
  return { id, email, token, card: card.body.data.id as string };
}
const amountFor = (priceCents: number) => priceCents + Math.round(priceCents * 0.05) + 50;

/** A guest joins and confirms by the mailed link; @returns the address. */
async function confirmedGuest(courseId: number, language: 'en' | 'ar' = 'en') {
  const email = `guest-${randomBytes(4).toString('hex')}@example.org`;
  expect((await call('POST', `/api/courses/${courseId}/waitlist`, null, { email, language })).status).toBe(202);
  const [mail] = await mailsTo(email, language === 'ar' ? 'أكّد' : 'Confirm your place');
  expect((await call('POST', `/api/waitlist/confirm/${linkToken(mail!.body)}`, null)).status).toBe(200);
  return email;
}

describe('POST /courses/{id}/waitlist (signed in)', () => {
  it('puts the caller’s own address on the list, confirmed at once: 201, then 200', async () => {
    const courseId = await newCourse();
    const first = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'learner@halaqa.test',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ courseId, email: 'learner@halaqa.test', confirmed: true });
    const again = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'LEARNER@halaqa.test',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ courseId, confirmed: true });
    // No confirmation mail for a signed-in user.
    expect(await mailsTo('learner@halaqa.test', 'Confirm your place')).toHaveLength(0);
  });

  it('refuses another address (422) and a malformed one (400), writing nothing', async () => {
    const courseId = await newCourse();
    const before = await countRows(t.db, 'waitlist');
    const other = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'someone.else@example.org',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('You can only put your own e-mail address (learner@halaqa.test) on a waitlist');
    const bad = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner@halaqa.test', {
      email: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('email');
    expect(
      (await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: 'a@example.org', language: 'fr' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/courses/999999/waitlist', 'learner@halaqa.test', { email: 'learner@halaqa.test' }))
        .status,
    ).toBe(404);
    expect(await countRows(t.db, 'waitlist')).toBe(before);
  });
});

describe('a guest joins the waitlist by a confirmed address', () => {
  it('mails a link (202); the unconfirmed address is not mailed when a session opens; once confirmed it is, in its language', async () => {
    const courseId = await newCourse();
    const email = `guest-${randomBytes(4).toString('hex')}@example.org`;
    const join = await call('POST', `/api/courses/${courseId}/waitlist`, null, { email, language: 'ar' });
    expect(join.status).toBe(202);
    expect(join.body.data.message).toBe('Check your mailbox to confirm your place on the waitlist.');
    const [confirmMail, ...more] = await mailsTo(email, 'أكّد مكانك');
    expect(more).toHaveLength(0);
    const token = linkToken(confirmMail!.body)!;
    expect(token).toHaveLength(43);
    // Only the token's SHA-256 is stored.
    const stored = await t.db.selectFrom('waitlist').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).toBeNull();
    expect(stored.token_hash).not.toBe(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // A session opens: the unconfirmed guest hears nothing.
    const first = await newSession(courseId, 10, 0, 'PENDING');
    expect((await call('POST', `/api/sessions/${first}/approve`, 'admin@halaqa.test', {})).status).toBe(200);
    expect(await mailsTo(email, 'جلسة جديدة')).toHaveLength(0);

    const confirmed = await call('POST', `/api/waitlist/confirm/${token}`, null);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ courseId, email, confirmed: true });
    expect(confirmed.body.data.courseTitle).toMatch(/^Waitlist course/);
    // The link used again answers the confirmed entry.
    expect((await call('POST', `/api/waitlist/confirm/${token}`, null)).body.data.confirmed).toBe(true);

    const second = await newSession(courseId, 10, 0, 'PENDING');
    await call('POST', `/api/sessions/${second}/approve`, 'admin@halaqa.test', {});
    const opened = await mailsTo(email, 'جلسة جديدة');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.body).toContain(`/sessions/${second}`);
  });

  it('a confirmed address joining again is answered the same (202) and not mailed again', async () => {
    const courseId = await newCourse();
    const email = await confirmedGuest(courseId);
    const before = (await mailsTo(email, 'Confirm your place')).length;
    const again = await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: email.toUpperCase() });
    expect(again.status).toBe(202);
    expect((await mailsTo(email, 'Confirm your place')).length).toBe(before);
    expect(await countRows(t.db, 'waitlist')).toBeGreaterThan(0);
  });

  it('a made-up link is 404 and an expired one 410, confirming nothing', async () => {
    expect((await call('POST', `/api/waitlist/confirm/${randomBytes(32).toString('base64url')}`, null)).status).toBe(
      404,
    );
    const courseId = await newCourse();
    const email = `late-${randomBytes(4).toString('hex')}@example.org`;
    await call('POST', `/api/courses/${courseId}/waitlist`, null, { email });
    const token = linkToken((await mailsTo(email, 'Confirm your place'))[0]!.body)!;
    await t.db
      .updateTable('waitlist')
      .set({ token_sent_at: new Date(Date.now() - 73 * 3600_000) })
      .where('email', '=', email)
      .execute();
    const expired = await call('POST', `/api/waitlist/confirm/${token}`, null);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This link has expired: join the waitlist again to get a new one');
    expect(
      (await t.db.selectFrom('waitlist').select('confirmed_at').where('email', '=', email).executeTakeFirstOrThrow())
        .confirmed_at,
    ).toBeNull();
    // Joining again mails a new link, which works (the old one no longer does).
    await call('POST', `/api/courses/${courseId}/waitlist`, null, { email });
    const fresh = linkToken((await mailsTo(email, 'Confirm your place'))[1]!.body)!;
    expect((await call('POST', `/api/waitlist/confirm/${token}`, null)).status).toBe(404);
    expect((await call('POST', `/api/waitlist/confirm/${fresh}`, null)).status).toBe(200);
  });

  it("a guest cannot join another company's private course (404)", async () => {
    const courseId = await newCourse(true);
    const before = await countRows(t.db, 'waitlist');
    expect((await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: 'nosy@example.org' })).status).toBe(
      404,
    );
    expect(await countRows(t.db, 'waitlist')).toBe(before);
  });
});

describe('a seat frees in a full session', () => {
  it('mails confirmed people once per freed seat (checkout canceled, hold expired), never unconfirmed guests nor the enrolled', async () => {
    const courseId = await newCourse();
    const session = await newSession(courseId, 1, 1500);
    const waiting = await confirmedGuest(courseId);
    const unconfirmed = `unconfirmed-${randomBytes(4).toString('hex')}@example.org`;
    await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: unconfirmed });
    const holder = await learnerWithCard('holder');
    expect(
      (await call('POST', `/api/courses/${courseId}/waitlist`, holder.token, { email: holder.email })).status,
    ).toBe(201);

    const intent = (
      await call(
        'POST',
        '/api/payments/intents',
        holder.token,
        { sessionId: session, amount: amountFor(1500) },
        { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` },
      )
    ).body.data;
    expect((await call('GET', `/api/sessions/${session}/info`, null)).body.data.seatsLeft).toBe(0);
    expect((await call('POST', `/api/payments/intents/${intent.id}/cancel`, holder.token)).status).toBe(200);
    expect(await mailsTo(waiting, 'A seat is free')).toHaveLength(1);
    expect(await mailsTo(unconfirmed, 'A seat is free')).toHaveLength(0);
    // The same event again mails nobody.
    expect(
      await notifyWaitlist(
        { db: t.db, mailer: new Mailer(t.db, null, null), config: t.config, log: t.app.log, now: clock.now },
        { kind: 'seat-freed', sessionId: session, cause: `intent:${intent.id}` },
      ),
    ).toBe(0);
    expect((await call('POST', `/api/payments/intents/${intent.id}/cancel`, holder.token)).status).toBe(200);
    expect(await mailsTo(waiting, 'A seat is free')).toHaveLength(1);

    // A hold that expires frees the seat again: a second event, a second mail (the jobs mail it).
    const again = await call(
      'POST',
      '/api/payments/intents',
      holder.token,
      { sessionId: session, amount: amountFor(1500) },
      { 'idempotency-key': `k-${randomBytes(6).toString('hex')}` },
    );
    expect(again.status).toBe(201);
    clock.advance(t.config.paymentHoldMinutes * 60_000 + 1000);
    const report = await runJobs(t.db, {
      now: clock.now(),
      mail: { db: t.db, mailer: new Mailer(t.db, null, null), config: t.config, log: t.app.log },
    });
    expect(report.expiredIntents).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(waiting, 'A seat is free')).toHaveLength(2);
    expect(await mailsTo(unconfirmed, 'A seat is free')).toHaveLength(0);
    // The holder is on the list too, and is mailed as anyone else (not enrolled).
    expect(await mailsTo(holder.email, 'A seat is free')).toHaveLength(2);
  });

  it('does not mail when the freed session is no longer open', async () => {
    const courseId = await newCourse();
    const session = await newSession(courseId, 1);
    const waiting = await confirmedGuest(courseId);
    await t.db.updateTable('sessions').set({ deleted_at: new Date() }).where('id', '=', session).execute();
    expect(
      await notifyWaitlist(
        { db: t.db, mailer: new Mailer(t.db, null, null), config: t.config, log: t.app.log, now: clock.now },
        { kind: 'seat-freed', sessionId: session, cause: 'test' },
      ),
    ).toBe(0);
    expect(await mailsTo(waiting, 'A seat is free')).toHaveLength(0);
  });
});

describe('the contact form and the admins’ inbox', () => {
  const form = (extra: Record<string, unknown> = {}) => ({
    name: 'Leila Amrani',
    email: `leila-${randomBytes(3).toString('hex')}@example.org`,
    subject: 'Company accounts',
    message: 'We would like accounts for 40 employees.',
    ...extra,
  });

  it('stores the message and mails it to every admin (202)', async () => {
    const body = form();
    const res = await call('POST', '/api/contact', null, body);
    expect(res.status).toBe(202);
    expect(res.body.data.message).toBe('Thank you, we will get back to you soon.');
    expect(
      await t.db.selectFrom('contact_messages').selectAll().where('email', '=', body.email).executeTakeFirst(),
    ).toMatchObject({ subject: 'Company accounts', read_at: null });
    for (const admin of ['admin@halaqa.test', 'superadmin@halaqa.test']) {
      const mails = (await mailsTo(admin, 'Contact form: Company accounts')).filter((m) => m.body.includes(body.email));
      expect(mails, admin).toHaveLength(1);
    }
  });

  it('refuses an incomplete form (400), storing and mailing nothing', async () => {
    const before = await countRows(t.db, 'contact_messages');
    await t.app.backgroundSettled(); // receipts of earlier payments, mailed after their answers
    const mails = await countRows(t.db, 'outbox');
    for (const bad of [form({ email: 'nope' }), form({ message: '' }), { name: 'x' }, form({ extra: 1 })]) {
      expect((await call('POST', '/api/contact', null, bad)).status).toBe(400);
    }
    expect(await countRows(t.db, 'contact_messages')).toBe(before);
    expect(await countRows(t.db, 'outbox')).toBe(mails);
  });

  it('admins page the inbox newest first, filter the unread and mark one read (idempotent)', async () => {
    const a = form({ subject: 'First' });
    const b = form({ subject: 'Second' });
    await call('POST', '/api/contact', null, a);
    await call('POST', '/api/contact', null, b);
    const page = await call('GET', '/api/contact/messages?page=1&pageSize=2', 'admin@halaqa.test');
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(page.body.data).toMatchObject({ page: 1, pageSize: 2 });
    const unreadBefore = page.body.data.unread as number;
    expect(unreadBefore).toBeGreaterThanOrEqual(2);
    const id = page.body.data.items[0].id as number;
    const read = await call('PUT', `/api/contact/messages/${id}/read`, 'admin@halaqa.test');
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).not.toBeNull();
    const again = await call('PUT', `/api/contact/messages/${id}/read`, 'superadmin@halaqa.test');
    expect(again.body.data.readAt).toBe(read.body.data.readAt);
    const unread = await call('GET', '/api/contact/messages?unread=true&pageSize=100', 'superadmin@halaqa.test');
    expect(unread.body.data.unread).toBe(unreadBefore - 1);
    expect(unread.body.data.total).toBe(unreadBefore - 1);
    expect(unread.body.data.items.map((m: { id: number }) => m.id)).not.toContain(id);
  });

  it('refuses the inbox to anyone but admins, and an unknown message is 404', async () => {
    expect((await call('GET', '/api/contact/messages', null)).status).toBe(401);
    expect((await call('GET', '/api/contact/messages', 'learner@halaqa.test')).status).toBe(403);
    expect((await call('GET', '/api/contact/messages', 'partner@ncai.halaqa.test')).status).toBe(403);
    const [m] = (await call('GET', '/api/contact/messages', 'admin@halaqa.test')).body.data.items;
    expect((await call('PUT', `/api/contact/messages/${m.id}/read`, 'educator@halaqa.test')).status).toBe(403);
    expect((await call('PUT', '/api/contact/messages/999999/read', 'admin@halaqa.test')).status).toBe(404);
    expect((await call('GET', '/api/contact/messages?pageSize=0', 'admin@halaqa.test')).status).toBe(400);
  });
});
