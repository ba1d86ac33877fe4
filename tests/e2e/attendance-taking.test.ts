import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, chromiumForThisFile, expectAccessible, openPage, signIn, tr, apiSignIn } from './support.js';

/**
 * Taking attendance in a real browser against the production build and the demo data
 * (docs/classroom.md "Taking attendance"): the educator of a session with QAD learners opens the
 * session's Attendance tab, marks a QAD learner Excused at the latest meeting held, sees the change
 * in the learner's History; then QAD's partner sees that excused meeting in their analytics (the
 * Excused column, and the rate the API computes with it left out). Once in English at 1280 px, once
 * in Arabic (right-to-left) at 360 px; axe-clean, nothing wider than the screen.
 */
const browser = chromiumForThisFile();

/** With `E2E_SCREENSHOTS=<dir>`, a full-page screenshot of each step goes there. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const EDUCATORS = ['educator', 'educator2', 'educator3', 'educator4', 'educator5'].map((e) => `${e}@halaqa.test`);

interface Figures {
  companyId: number;
  sessions: { sessionId: number; meetingsHeld: number }[];
  learners: { learner: { id: number; name: string }; excused: number; rate: number }[];
}

async function get<T>(path: string, email: string): Promise<{ status: number; data: T }> {
  const { token } = await apiSignIn(email);
  const res = await fetch(`${BASE_URL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, data: res.ok ? ((await res.json()).data as T) : (null as T) };
}

/** What the API answers QAD's partner. */
async function qadFigures(): Promise<Figures> {
  const company = await get<{ id: number }>('/users/me/company', 'partner@qad.halaqa.test');
  return (await get<Figures>(`/companies/${company.data.id}/analytics/attendance`, 'partner@qad.halaqa.test')).data;
}

/** A session with QAD learners and meetings held, its educator, its latest meeting and a QAD learner not yet excused there. */
async function target(figures: Figures) {
  const qad = new Set(figures.learners.map((l) => l.learner.id));
  for (const s of figures.sessions.filter((x) => x.meetingsHeld > 0)) {
    for (const email of EDUCATORS) {
      const list = await get<{ meetings: { lessonId: number; occurrenceDate: string }[] }>(
        `/sessions/${s.sessionId}/attendance`,
        email,
      );
      if (list.status !== 200) continue;
      const m = list.data.meetings.at(-1)!;
      const meeting = await get<{ learners: { learner: { id: number; name: string }; status: string | null }[] }>(
        `/sessions/${s.sessionId}/lessons/${m.lessonId}/occurrences/${m.occurrenceDate}/attendance`,
        email,
      );
      const learner = meeting.data.learners.find((l) => qad.has(l.learner.id) && l.status !== 'EXCUSED');
      if (learner) return { sessionId: s.sessionId, educator: email, learner: learner.learner };
    }
  }
  throw new Error('No session of the demo has a QAD learner to excuse');
}

const count = (locale: 'en' | 'ar', n: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US').format(n);
const percent = (locale: 'en' | 'ar', rate: number) =>
  new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(rate);

describe.each([
  { locale: 'en' as const, viewport: { width: 1280, height: 900 } },
  { locale: 'ar' as const, viewport: { width: 360, height: 800 } },
])('taking attendance ($locale, $viewport.width px)', ({ locale, viewport }) => {
  it("the educator marks a learner Excused and the partner's analytics count it", async () => {
    const before = await qadFigures();
    const { sessionId, educator, learner } = await target(before);
    const excusedBefore = before.learners.find((l) => l.learner.id === learner.id)!.excused;

    const { context, page, errors } = await openPage(browser(), locale, viewport);
    try {
      await signIn(page, locale, educator);
      await page.goto(`${BASE_URL}/dashboard/sessions/${sessionId}/attendance`);
      const section = page.getByRole('region', { name: tr(locale, 'Take attendance') });
      const card = section.getByTestId('attendance-mark').filter({ hasText: learner.name });
      await expect.poll(() => card.count()).toBe(1);
      await expectAccessible(page, `take attendance (${locale})`);

      // Keyboard: focus Excused in the learner's radio group and choose it with Space.
      const excused = card.getByRole('radio', { name: tr(locale, 'Excused') });
      await excused.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => excused.isChecked()).toBe(true);
      await expect.poll(() => card.getByText(tr(locale, 'Saving…')).count()).toBe(0);
      const history = card.locator('summary');
      await expect.poll(() => history.count()).toBe(1);
      await history.click();
      await expect
        .poll(() => card.getByTestId('attendance-change').first().innerText())
        .toContain(tr(locale, 'Excused'));
      await expectAccessible(page, `attendance history (${locale})`);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `attendance-taking-${locale}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const after = await qadFigures();
    const row = after.learners.find((l) => l.learner.id === learner.id)!;
    expect(row.excused).toBe(excusedBefore + 1);

    const partner = await openPage(browser(), locale, viewport);
    try {
      await signIn(partner.page, locale, 'partner@qad.halaqa.test');
      await partner.page.waitForURL(/\/dashboard\/analytics\/attendance/);
      const rows = partner.page.getByTestId('analytics-learner').filter({ hasText: learner.name });
      await expect.poll(() => rows.count()).toBe(1);
      // The Excused column (third cell) and the rate without the excused meeting.
      await expect.poll(() => rows.locator('td').nth(2).innerText()).toBe(count(locale, row.excused));
      expect(await rows.innerText()).toContain(percent(locale, row.rate));
      await expectAccessible(partner.page, `analytics with excused (${locale})`);
      await shot(partner.page, `attendance-analytics-excused-${locale}`);
      expect(partner.errors).toEqual([]);
    } finally {
      await partner.context.close();
    }
  });
});
