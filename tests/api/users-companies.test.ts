import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function call(method: 'GET' | 'PUT', url: string, email?: string, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('GET /users/{id}', () => {
  it('answers a user to themself and to admins', async () => {
    const id = await idOf('learner@halaqa.test');
    const self = await call('GET', `/api/users/${id}`, 'learner@halaqa.test');
    expect(self.status).toBe(200);
    expect(self.body.data).toMatchObject({ id, email: 'learner@halaqa.test', role: 'LEARNER', status: 'APPROVED' });
    expect(self.body.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(self.body)).not.toContain('scrypt$');
    expect((await call('GET', `/api/users/${id}`, 'admin@halaqa.test')).status).toBe(200);
  });

  it("lets a partner see their company's users but not others", async () => {
    const member = await idOf('learner@qad.halaqa.test');
    expect((await call('GET', `/api/users/${member}`, 'partner@qad.halaqa.test')).status).toBe(200);
    expect((await call('GET', `/api/users/${member}`, 'partner@ncai.halaqa.test')).status).toBe(403);
    expect((await call('GET', `/api/users/${member}`, 'learner@halaqa.test')).status).toBe(403);
  });

  it('answers 401 without a token and 404 for an unknown id', async () => {
    expect((await call('GET', '/api/users/1')).status).toBe(401);
    expect((await call('GET', '/api/users/999999', 'admin@halaqa.test')).status).toBe(404);
  });
});

describe('GET /users/me/company', () => {
  it("answers the caller's company, or 404 when they have none (product.md#calls)", async () => {
    const qad = await call('GET', '/api/users/me/company', 'learner@qad.halaqa.test');
    expect(qad.status).toBe(200);
    expect(qad.body.data).toMatchObject({ acronym: 'QAD' });
    expect(qad.body.data.settings.style.primaryColor).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect((await call('GET', '/api/users/me/company', 'learner@halaqa.test')).status).toBe(404);
  });
});

describe('company settings (theme)', () => {
  it('gives each demo company a distinct theme', async () => {
    const colours = new Set<string>();
    for (const acronym of ['ncai', 'morocco', 'qad']) {
      const company = (await call('GET', '/api/users/me/company', `learner@${acronym}.halaqa.test`)).body.data;
      const settings = await call('GET', `/api/companies/${company.id}/settings`, `learner@${acronym}.halaqa.test`);
      expect(settings.status).toBe(200);
      colours.add(settings.body.data.style.primaryColor);
    }
    expect(colours.size).toBe(3);
  });

  it("refuses another company's users (403) and lets the partner change the theme", async () => {
    const company = (await call('GET', '/api/users/me/company', 'partner@morocco.halaqa.test')).body.data;
    expect((await call('GET', `/api/companies/${company.id}/settings`, 'learner@qad.halaqa.test')).status).toBe(403);
    const style = { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' };
    expect(
      (await call('PUT', `/api/companies/${company.id}/settings`, 'learner@morocco.halaqa.test', { style, links: {} }))
        .status,
    ).toBe(403);
    const put = await call('PUT', `/api/companies/${company.id}/settings`, 'partner@morocco.halaqa.test', {
      style,
      links: { website: 'https://morocco.example.org' },
    });
    expect(put.status).toBe(200);
    const after = await call('GET', `/api/companies/${company.id}/settings`, 'learner@morocco.halaqa.test');
    expect(after.body.data.style).toEqual(style);
  });

  it('refuses a colour that is not #RRGGBB with a field error, changing nothing', async () => {
    const company = (await call('GET', '/api/users/me/company', 'partner@ncai.halaqa.test')).body.data;
    const before = (await call('GET', `/api/companies/${company.id}/settings`, 'partner@ncai.halaqa.test')).body.data;
    const bad = await call('PUT', `/api/companies/${company.id}/settings`, 'partner@ncai.halaqa.test', {
      style: { primaryColor: 'red', secondaryColor: '#445566', tertiaryColor: '#778899' },
      links: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toContain('primaryColor');
    expect((await call('GET', `/api/companies/${company.id}/settings`, 'partner@ncai.halaqa.test')).body.data).toEqual(
      before,
    );
  });
});

describe('GET /dashboard/stats', () => {
  it('answers counters for each role', async () => {
    const learner = await call('GET', '/api/dashboard/stats', 'learner@halaqa.test');
    expect(learner.body.data).toMatchObject({ role: 'LEARNER', counters: { walletBalance: 500 } });
    expect(learner.body.data.series.enrollmentsByWeek).toHaveLength(12);
    const admin = await call('GET', '/api/dashboard/stats', 'admin@halaqa.test');
    expect(admin.body.data.counters.courses).toBeGreaterThanOrEqual(24);
    const byRole = Object.fromEntries(
      admin.body.data.series.usersByRole.map((p: { label: string; value: number }) => [p.label, p.value]),
    );
    expect(byRole.SUPER_ADMIN).toBe(1);
    expect(byRole.PARTNER).toBe(4); // the three demo companies' partners and GDA's, waiting for approval
    const weeks = admin.body.data.series.enrollmentsByWeek as { label: string; value: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks.map((p) => p.label)).toEqual([...weeks.map((p) => p.label)].sort());
    expect(weeks.reduce((s, p) => s + p.value, 0)).toBeGreaterThan(0);
    expect(
      admin.body.data.series.revenueByWeek.reduce((s: number, p: { value: number }) => s + p.value, 0),
    ).toBeCloseTo(admin.body.data.counters.revenue, 2);
    const educator = await call('GET', '/api/dashboard/stats', 'educator@halaqa.test');
    expect(educator.body.data.counters.courses).toBeGreaterThan(0);
    const partner = await call('GET', '/api/dashboard/stats', 'partner@qad.halaqa.test');
    expect(partner.body.data.counters.members).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/dashboard/stats')).status).toBe(401);
  });
});
