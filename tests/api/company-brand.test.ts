import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeContrastErrors } from '../../server/platform/theme-contrast.js';
import { countRows, multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { insertDemoUser, insertCourse } from './course-fixtures.js';
import { draftWithSession, postCourseForm, uploadCoursePicture } from './course-form.js';
import { DEMO_COMPANIES } from '../../server/db/seed/demo-users.js';

/**
 * A company's brand (PUT /companies/{id}/settings refuses unreadable
 * themes, logo upload, tenant isolation) and private company courses (only members and admins see,
 * enroll in or pay for them).
 */

let t: TestApp;
let qad: number;
let ncai: number;

async function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  email?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const auth = email ? t.auth(await t.tokenFor(email)) : {};
  const res = await t.app.inject({ method, url, headers: { ...auth, ...headers }, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

async function uploadLogo(id: number, email: string) {
  const form = multipart({}, { picture: { filename: 'logo.png', contentType: 'image/png', content: PNG_1PX } });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${id}/picture`,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
  return { status: res.statusCode, body: res.json() };
}

const DEFAULT_STYLE = { primaryColor: '#6491D2', secondaryColor: '#428D77', tertiaryColor: '#DB5E3E' };

beforeAll(async () => {
  t = await startTestApp();
  const company = async (acronym: string) =>
    (await t.db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
  qad = await company('QAD');
  ncai = await company('NCAI');
}, 60_000);
afterAll(() => t.close());

describe('PUT /companies/{id}/settings: readable themes only (WCAG 2.1 AA)', () => {
  it('refuses a yellow primary colour with 400 naming the colour, and changes nothing', async () => {
    const before = (await call('GET', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test')).body.data;
    const audit = await countRows(t.db, 'audit_log');
    const res = await call('PUT', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test', {
      style: { ...DEFAULT_STYLE, primaryColor: '#FFFF00' },
      links: { website: 'https://qad.example.org' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The theme is not readable');
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].path).toBe('style.primaryColor');
    expect(res.body.errors[0].message).toMatch(
      /^Primary colour #FFFF00 is not readable: text on it has a contrast of \d+\.\d\d:1, WCAG 2\.1 AA needs at least 4\.5:1$/,
    );
    expect((await call('GET', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test')).body.data).toEqual(before);
    expect(await countRows(t.db, 'audit_log')).toBe(audit);
  });

  it('names every unreadable colour, secondary and tertiary too', async () => {
    const res = await call('PUT', `/api/companies/${qad}/settings`, 'admin@halaqa.test', {
      style: { primaryColor: '#6491D2', secondaryColor: '#FFFFFF', tertiaryColor: '#00FF00' },
      links: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'style.secondaryColor',
      'style.tertiaryColor',
    ]);
    expect(res.body.errors[0].message).toContain('Secondary colour #FFFFFF');
    expect(res.body.errors[1].message).toContain('Tertiary colour #00FF00');
  });

  it('accepts the default theme of product.md#limits and every demo company theme', () => {
    expect(themeContrastErrors(DEFAULT_STYLE)).toEqual([]);
    for (const company of DEMO_COMPANIES)
      expect({ company: company.acronym, errors: themeContrastErrors(company.style) }).toEqual({
        company: company.acronym,
        errors: [],
      });
  });

  it('lets the partner save a readable theme and links, which every member then reads', async () => {
    const style = { primaryColor: '#8A1538', secondaryColor: '#1B365D', tertiaryColor: '#B5121B' };
    const links = {
      website: 'https://qad.example.org',
      support: 'mailto:help@qad.example.org',
      careers: 'https://qad.example.org/jobs',
    };
    const put = await call('PUT', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test', { style, links });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ companyId: qad, style, links });
    const member = await call('GET', `/api/companies/${qad}/settings`, 'learner@qad.halaqa.test');
    expect(member.body.data).toMatchObject({ style, links });
  });

  it('lets a super admin change any company theme', async () => {
    const res = await call('PUT', `/api/companies/${ncai}/settings`, 'superadmin@halaqa.test', {
      style: DEFAULT_STYLE,
      links: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.data.style).toEqual(DEFAULT_STYLE);
  });
});

describe('tenant isolation of the brand', () => {
  it("refuses another company's partner reading or changing the theme or the logo (403), writing nothing", async () => {
    const before = (await call('GET', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test')).body.data;
    const uploads = await countRows(t.db, 'uploads');
    expect((await call('GET', `/api/companies/${qad}/settings`, 'partner@ncai.halaqa.test')).status).toBe(403);
    expect(
      (
        await call('PUT', `/api/companies/${qad}/settings`, 'partner@ncai.halaqa.test', {
          style: DEFAULT_STYLE,
          links: {},
        })
      ).status,
    ).toBe(403);
    expect((await uploadLogo(qad, 'partner@ncai.halaqa.test')).status).toBe(403);
    expect((await uploadLogo(qad, 'learner@qad.halaqa.test')).status).toBe(403);
    expect(await countRows(t.db, 'uploads')).toBe(uploads);
    expect((await call('GET', `/api/companies/${qad}/settings`, 'partner@qad.halaqa.test')).body.data).toEqual(before);
  });

  it('stores the logo uploaded by the partner (COMPANYLOGO) and shows it to members', async () => {
    const res = await uploadLogo(qad, 'partner@qad.halaqa.test');
    expect(res.status).toBe(201);
    expect(res.body.data.type).toBe('COMPANYLOGO');
    const member = await call('GET', `/api/companies/${qad}/settings`, 'learner@qad.halaqa.test');
    expect(member.body.data.logo).toBe(res.body.data.url);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
  });

  it('lets a super admin upload any company logo', async () => {
    expect((await uploadLogo(ncai, 'superadmin@halaqa.test')).status).toBe(201);
  });
});

describe('private company courses', () => {
  let courseId: number;
  let sessionId: number;
  let paidSessionId: number;

  beforeAll(async () => {
    const educator = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'educator@halaqa.test').executeTakeFirstOrThrow()
    ).id;
    const course = await insertCourse(t.db, {
      educatorId: educator,
      title: 'QAD internal: secure coding',
      companyId: qad,
    });
    await t.db.updateTable('courses').set({ is_private: true }).where('id', '=', course.courseId).execute();
    const section = await course.section(1, 'Week one', 1);
    await course.lesson(section, 1, 'Kick-off', 'meeting', {
      day: 'monday',
      start_time: '18:00',
      link: 'https://meet.example.org/qad',
    });
    courseId = course.courseId;
    sessionId = await course.session();
    paidSessionId = await course.session();
    await t.db.updateTable('sessions').set({ price_cents: 5000 }).where('id', '=', paidSessionId).execute();
  });

  const reads = () => [
    `/api/courses/${courseId}/info`,
    `/api/courses/${courseId}/sessions/active`,
    `/api/courses/${courseId}/reviews`,
    `/api/sessions/${sessionId}/info`,
    `/api/sessions/${sessionId}/info/secured`,
    `/api/sessions/${sessionId}/syllabus`,
    `/api/sessions/${sessionId}/syllabus/secured`,
  ];

  it('answers 404 to every read by a non-member (another company, no company, anonymous)', async () => {
    for (const email of ['learner@ncai.halaqa.test', 'learner@halaqa.test', undefined]) {
      for (const url of reads()) {
        if (!email && url.endsWith('/secured')) continue;
        const res = await call('GET', url, email);
        expect({ url, email, status: res.status }).toEqual({ url, email, status: 404 });
      }
      const explore = await call('GET', '/api/courses/explore?pageSize=100&query=QAD%20internal', email);
      expect(explore.body.data.items.map((c: { id: number }) => c.id)).not.toContain(courseId);
      const sessions = await call('GET', '/api/sessions/explore?pageSize=100', email);
      expect(JSON.stringify(sessions.body.data.items)).not.toContain('QAD internal');
    }
  });

  it('lets members and admins read it', async () => {
    for (const email of ['learner@qad.halaqa.test', 'partner@qad.halaqa.test', 'admin@halaqa.test']) {
      for (const url of reads().filter((u) => !u.endsWith('/secured'))) {
        expect({ url, email, status: (await call('GET', url, email)).status }).toEqual({ url, email, status: 200 });
      }
    }
    const explore = await call(
      'GET',
      '/api/courses/explore?pageSize=100&query=QAD%20internal',
      'learner@qad.halaqa.test',
    );
    expect(explore.body.data.items.map((c: { id: number }) => c.id)).toContain(courseId);
  });

  it('refuses a non-member enrolling, paying from the wallet or by card (404), writing nothing', async () => {
    const before = {
      enrollments: await countRows(t.db, 'enrollments'),
      intents: await countRows(t.db, 'payment_intents'),
      ledger: await countRows(t.db, 'ledger_entries'),
    };
    for (const email of ['learner@ncai.halaqa.test', 'learner@halaqa.test']) {
      expect((await call('POST', `/api/sessions/${sessionId}/enroll`, email)).status).toBe(404);
      const key = (k: string) => ({ 'idempotency-key': `private-${k}-${email}` });
      expect(
        (
          await call(
            'POST',
            '/api/payments/intents/wallet',
            email,
            { sessionId: paidSessionId, amount: 5300 },
            key('wallet'),
          )
        ).status,
      ).toBe(404);
      expect(
        (await call('POST', '/api/payments/intents', email, { sessionId: paidSessionId, amount: 5300 }, key('card')))
          .status,
      ).toBe(404);
      expect((await call('POST', `/api/courses/${courseId}/waitlist`, email, { email })).status).toBe(404);
    }
    expect({
      enrollments: await countRows(t.db, 'enrollments'),
      intents: await countRows(t.db, 'payment_intents'),
      ledger: await countRows(t.db, 'ledger_entries'),
    }).toEqual(before);
  });

  it('lets a member enroll', async () => {
    const res = await call('POST', `/api/sessions/${sessionId}/enroll`, 'learner@qad.halaqa.test');
    expect(res.status).toBeLessThan(300);
  });
});

describe('creating a private company course (POST /courses isPrivate)', () => {
  const QAD_EDUCATOR = 'educator@qad.halaqa.test';

  async function saveCourse(email: string, extra: Record<string, string>) {
    const uploaded = await uploadCoursePicture(t, email);
    return postCourseForm(t, email, draftWithSession('Private onboarding', uploaded.json().data.id, extra));
  }

  beforeAll(async () => {
    await insertDemoUser(t.db, {
      email: QAD_EDUCATOR,
      firstName: 'Q',
      lastName: 'E',
      role: 'EDUCATOR',
      companyId: qad,
    });
  });

  it("lets a company's educator make a course private to their company", async () => {
    const res = await saveCourse(QAD_EDUCATOR, { isPrivate: 'true', companyId: String(qad) });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom('courses')
      .select(['is_private', 'company_id'])
      .where('id', '=', res.body.data.course.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_private: true, company_id: qad });
  });

  it('refuses a private course of no company, even from an admin (400 on companyId, nothing written)', async () => {
    const before = await countRows(t.db, 'courses');
    const res = await saveCourse('admin@halaqa.test', { isPrivate: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'companyId', message: 'is required for a private course' });
    expect(await countRows(t.db, 'courses')).toBe(before);
    expect((await saveCourse('admin@halaqa.test', { isPrivate: 'true', companyId: String(qad) })).status).toBe(201);
  });

  it('refuses an educator without a company (400 on isPrivate, nothing written)', async () => {
    const before = await countRows(t.db, 'courses');
    const res = await saveCourse('educator@halaqa.test', { isPrivate: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'isPrivate', message: 'only company courses can be private' });
    expect(await countRows(t.db, 'courses')).toBe(before);
  });
});
