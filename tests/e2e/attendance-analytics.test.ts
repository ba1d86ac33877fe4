import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  byLabel,
  expectAccessible,
  chromiumForThisFile,
  openPage,
  signIn,
  tr,
  apiSignIn,
} from './support.js';

/**
 * Attendance analytics in a real browser against the production build and the demo data
 * (product.md#screens): the QAD partner signs in, lands on /dashboard/analytics/attendance and
 * sees the figures of QAD's own learners — the same as the API answers for QAD, never another
 * company's learners; filters by course, opens a session's grid and exports the CSV (UTF-8 with
 * BOM). Once in English at 1280 px, once in Arabic (right-to-left) at 360 px; axe-clean.
 */
const browser = chromiumForThisFile();

interface Analytics {
  companyId: number;
  courses: { id: number; title: string }[];
  sessions: { sessionId: number; courseTitle: string; meetingsHeld: number; rate: number }[];
  learners: { learner: { name: string }; email: string; rate: number }[];
  totals: { learners: number; rate: number };
}

/** What the API answers the QAD partner (the page must show the same figures). */
async function qadFigures(): Promise<Analytics> {
  const { token, userId } = await apiSignIn('partner@qad.halaqa.test');
  const headers = { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' };
  const company = (await (await fetch(`${BASE_URL}/api/users/me/company`, { headers })).json()).data as { id: number };
  expect(userId).toBeGreaterThan(0);
  const res = await fetch(`${BASE_URL}/api/companies/${company.id}/analytics/attendance`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()).data as Analytics;
}

const percent = (locale: 'en' | 'ar', rate: number) =>
  new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(rate);

describe.each([
  { locale: 'en' as const, viewport: { width: 1280, height: 900 } },
  { locale: 'ar' as const, viewport: { width: 360, height: 800 } },
])('attendance analytics ($locale, $viewport.width px)', ({ locale, viewport }) => {
  it("the QAD partner lands on the page and sees their own learners' real attendance", async () => {
    const figures = await qadFigures();
    expect(figures.learners.length).toBeGreaterThanOrEqual(3);
    expect(figures.sessions.filter((s) => s.meetingsHeld > 0).length).toBeGreaterThanOrEqual(2);

    const { context, page, errors } = await openPage(browser(), locale, viewport);
    try {
      await signIn(page, locale, 'partner@qad.halaqa.test');
      await page.waitForURL(/\/dashboard\/analytics\/attendance/);
      await expect.poll(() => page.getByTestId('analytics-learner').count()).toBe(figures.learners.length);

      // Each learner row: their name and the rate the API computed; QAD's learners only.
      const rows = page.getByTestId('analytics-learner');
      for (const [i, l] of figures.learners.entries()) {
        await expect.poll(() => rows.nth(i).innerText()).toContain(l.learner.name);
        expect(await rows.nth(i).innerText()).toContain(percent(locale, l.rate));
        expect(l.email).toMatch(/@qad\.halaqa\.test$/);
      }
      const text = await page.locator('main').innerText();
      for (const outsider of ['Ahmed Mostafa', 'Grace Lee', 'Rania Khalil', 'Noura Al-Harbi', 'Mehdi Tazi'])
        expect(text).not.toContain(outsider);
      expect(text).toContain(percent(locale, figures.totals.rate));
      await expect.poll(() => page.getByTestId('attendance-weekly-chart').locator('svg').count()).toBeGreaterThan(0);
      await expectAccessible(page, `analytics (${locale})`);

      // The CSV: a download, UTF-8 with BOM, one line per session and learner after the header.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: tr(locale, 'Export CSV') }).click(),
      ]);
      const csv = readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(1 + figures.sessions.length + figures.learners.length);
      for (const l of figures.learners) expect(csv.toString('utf8')).toContain(l.email);

      // Filter by QAD's private course: one session left; its grid lists QAD's learners.
      const privateCourse = figures.courses.find((c) => c.title === 'Data-Driven Decisions for QAD Teams')!;
      await byLabel(page, tr(locale, 'Course')).selectOption(String(privateCourse.id));
      await page.waitForURL(new RegExp(`courseId=${privateCourse.id}`));
      const sessionsTable = page.getByRole('region', { name: tr(locale, 'Sessions') });
      await expect.poll(() => sessionsTable.locator('tbody tr').count()).toBe(1);
      await sessionsTable.getByRole('button').first().click();
      const grid = page.getByTestId('attendance-grid');
      await expect.poll(() => grid.locator('tbody tr').count()).toBe(figures.learners.length);
      await expectAccessible(page, `analytics grid (${locale})`);

      // Reversed dates are refused on the page, the figures stay.
      await byLabel(page, tr(locale, 'From')).fill('2026-12-31');
      await byLabel(page, tr(locale, 'To')).fill('2026-01-01');
      await expect
        .poll(() => page.getByText(tr(locale, 'The end date must be on or after the start date')).count())
        .toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
