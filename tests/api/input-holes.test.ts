import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { userIdOf, publicCourseOf } from './course-fixtures.js';

/**
 * "Nothing lost, nobody in" #states, the smaller holes: links other than http(s) stored in session content
 * and company settings, a waitlist that mails any address, sessions planned in year 9999, a fee
 * quoted for `{price: null}`. (Grades: tests/api/assignments-reviews.test.ts; /uploads 404:
 * tests/api/security-headers.test.ts.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}
const idOf = (email: string) => userIdOf(t.db, email);
const courseOf = (email: string) => publicCourseOf(t.db, email);
const sessionOf = async (email: string) =>
  (
    await t.db
      .selectFrom('sessions')
      .select('id')
      .where('educator_id', '=', await idOf(email))
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const yearsAhead = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
};

describe('links are http(s) only', () => {
  const content = (link: string | null) => [
    { week: 1, sections: [{ name: 'Intro', lessons: [{ lessonTypeId: 1, name: 'Kick-off', duration: 60, link }] }] },
  ];

  it('session content refuses javascript:, data: and other schemes (400), keeps http(s) and uploaded files', async () => {
    const id = await sessionOf('educator@halaqa.test');
    const before = await t.db.selectFrom('sessions').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    for (const link of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
      'https://',
      'https://a b',
    ]) {
      const res = await call('PUT', `/api/sessions/${id}/content`, 'educator@halaqa.test', content(link));
      expect(res.status, link).toBe(400);
      expect(res.body.errors[0].path, link).toBe('0.sections.0.lessons.0.link');
    }
    expect(await t.db.selectFrom('sessions').select('content').where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    for (const link of [
      'https://meet.example.org/halaqa-41-1',
      'http://intranet.example/x',
      '/uploads/lesson/502.pdf',
      null,
    ]) {
      expect(
        (await call('PUT', `/api/sessions/${id}/content`, 'educator@halaqa.test', content(link))).status,
        String(link),
      ).toBe(200);
    }
  });

  it('company settings refuse links that are not http(s) (or mailto: for a support address)', async () => {
    const company = (await call('GET', '/api/users/me/company', 'partner@qad.halaqa.test')).body.data;
    const style = company.settings.style;
    for (const links of [
      { website: 'javascript:alert(1)' },
      { support: 'data:text/html,x' },
      { blog: 'javascript:void(0)' },
    ]) {
      const res = await call('PUT', `/api/companies/${company.id}/settings`, 'partner@qad.halaqa.test', {
        style,
        links,
      });
      expect(res.status, JSON.stringify(links)).toBe(400);
    }
    const ok = await call('PUT', `/api/companies/${company.id}/settings`, 'partner@qad.halaqa.test', {
      style,
      links: { website: 'https://qad.example', support: 'mailto:help@qad.example', blog: 'http://blog.qad.example' },
    });
    expect(ok.status).toBe(200);
  });
});

describe("the waitlist takes only the signed-in caller's own address", () => {
  it("puts the caller's own address on it, and refuses another one (422) without storing it", async () => {
    const courseId = await courseOf('educator2@halaqa.test');
    const before = await countRows(t.db, 'waitlist');
    const other = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner2@halaqa.test', {
      email: 'victim@example.org',
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      message: 'You can only put your own e-mail address (learner2@halaqa.test) on a waitlist',
      errors: [{ path: 'email', message: 'must be the address of your account' }],
    });
    expect(await countRows(t.db, 'waitlist')).toBe(before);
    const own = await call('POST', `/api/courses/${courseId}/waitlist`, 'learner2@halaqa.test', {
      email: 'Learner2@Halaqa.test',
    });
    expect(own.status).toBe(201);
    expect(own.body.data.email).toBe('learner2@halaqa.test');
    // A guest (no token) is answered 202 whatever the address: it is only mailed a confirmation link.
    expect(
      (await call('POST', `/api/courses/${courseId}/waitlist`, null, { email: 'learner2@halaqa.test' })).status,
    ).toBe(202);
  });
});

describe('sessions are planned at most five years ahead', () => {
  const schedule = MONDAY_EVENINGS;
  const request = (courseId: number, startDate: string, endDate: string) => ({
    courseId,
    startDate,
    endDate,
    timezone: 'America/Denver',
    schedule,
    maxSeats: 25,
    price: 99,
  });

  it('refuses a session in year 9999 or ending after five years (400), accepts one within', async () => {
    const courseId = await courseOf('educator@halaqa.test');
    const before = await countRows(t.db, 'sessions');
    const far = await call(
      'POST',
      '/api/sessions',
      'educator@halaqa.test',
      request(courseId, '9999-01-04', '9999-02-04'),
    );
    expect(far.status).toBe(400);
    expect(far.body.errors.map((e: { path: string }) => e.path)).toEqual(['startDate', 'endDate']);
    expect(far.body.errors[0].message).toMatch(/^must be at most 5 years ahead \(\d{4}-\d{2}-\d{2}\)$/);
    const endsTooLate = await call(
      'POST',
      '/api/sessions',
      'educator@halaqa.test',
      request(courseId, yearsAhead(4), yearsAhead(5, 2)),
    );
    expect(endsTooLate.status).toBe(400);
    expect(endsTooLate.body.errors.map((e: { path: string }) => e.path)).toEqual(['endDate']);
    expect(await countRows(t.db, 'sessions')).toBe(before);
    expect(
      (await call('POST', '/api/sessions', 'educator@halaqa.test', request(courseId, yearsAhead(4), yearsAhead(5, -2))))
        .status,
    ).toBe(201);
  });
});

describe('POST /payments/fee takes a price, never null', () => {
  it('refuses null, a string, a boolean (400: JSON bodies are not coerced); quotes a real price', async () => {
    const token = 'learner@halaqa.test';
    for (const price of [null, '', '10', true]) {
      const res = await call('POST', '/api/payments/fee', token, { price });
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(res.body.errors[0].path, JSON.stringify(price)).toBe('price');
    }
    expect((await call('POST', '/api/payments/fee', token, {})).status).toBe(400);
    expect((await call('POST', '/api/payments/fee', token, { price: 10 })).body.data).toMatchObject({
      price: 10,
      fee: 1,
      total: 11,
    });
  });
});
