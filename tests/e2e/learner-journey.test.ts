import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  DEMO_PASSWORD,
  chromiumForThisFile,
  paidOpenSessions,
  seriousViolations,
  tr,
  trPattern,
} from './support.js';

/**
 * The learner's main job, in a real browser against the production build: a learner signs in,
 * searches the catalog, opens a paid session, pays from the wallet and finds it in My courses.
 * Once in English at desktop width, once in Arabic (right-to-left) at 360 px; axe checks each page.
 */
const browser = chromiumForThisFile();

const journeys = [
  { locale: 'en' as const, email: 'learner@halaqa.test', viewport: { width: 1280, height: 900 }, pick: 0 },
  { locale: 'ar' as const, email: 'learner1@halaqa.test', viewport: { width: 360, height: 780 }, pick: 1 },
];

async function expectAccessible(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${where}`).toEqual([]);
}

describe.each(journeys)('learner journey ($locale, $viewport.width px)', ({ locale, email, viewport, pick }) => {
  it('signs in, searches, pays a session from the wallet and finds it in My courses', async () => {
    const target = (await paidOpenSessions())[pick];
    expect(target, 'a paid public session with seats').toBeTruthy();
    const context = await browser().newContext({
      viewport,
      locale: locale === 'ar' ? 'ar' : 'en-US',
      timezoneId: 'Europe/Paris',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // Public landing, in the chosen language.
      await page.goto(`${BASE_URL}/?lang=${locale}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await page.locator('a[href*="/courses/"]').first().waitFor();
      await expectAccessible(page, `landing (${locale})`);

      // Sign in: a learner lands on My courses.
      await page.goto(`${BASE_URL}/login?lang=${locale}`);
      await expectAccessible(page, `login (${locale})`);
      await page.getByLabel(tr(locale, 'E-mail')).fill(email);
      await page.getByLabel(tr(locale, 'Password')).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: tr(locale, 'Sign in') }).click();
      await page.waitForURL(/\/my-courses/);

      // Search the catalog for the course and open it.
      await page.goto(`${BASE_URL}/courses?lang=${locale}`);
      const search = page.getByLabel(tr(locale, 'Search'));
      await search.fill(target.course.title);
      await search.press('Enter');
      const card = page.getByRole('link', { name: target.course.title, exact: true });
      await card.first().waitFor();
      await expectAccessible(page, `explore (${locale})`);
      await card.first().click();
      await page.waitForURL(new RegExp(`/courses/${target.course.id}`));
      await expectAccessible(page, `course page (${locale})`);

      // Open the session and pay from the wallet.
      await page.locator(`a[href*="/sessions/${target.id}"]`).first().click();
      await page.waitForURL(new RegExp(`/sessions/${target.id}`));
      await page.getByRole('button', { name: tr(locale, 'Enroll') }).click();
      const pay = page.getByRole('button', { name: trPattern(locale, 'Pay {total} from wallet') });
      await pay.waitFor();
      await expectAccessible(page, `session page with the payment step (${locale})`);
      await pay.click();
      await page.getByText(tr(locale, 'You are enrolled in this session.')).first().waitFor();

      // The session is in My courses.
      await page.getByRole('link', { name: tr(locale, 'Go to My courses') }).click();
      await page.waitForURL(/\/my-courses/);
      await page.getByText(target.course.title).first().waitFor();
      await expectAccessible(page, `my courses (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('refusals a user sees', () => {
  it('shows the server message on a wrong password and stays on the login page', async () => {
    const page = await browser().newPage();
    try {
      await page.goto(`${BASE_URL}/login?lang=en`);
      await page.getByLabel('E-mail').fill('learner@halaqa.test');
      await page.getByLabel('Password').fill('Wrong-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Invalid credentials').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await page.close();
    }
  });

  it('sends a signed-out visitor of My courses to the login page with a redirect back', async () => {
    const page = await browser().newPage();
    try {
      await page.goto(`${BASE_URL}/my-courses`);
      await page.waitForURL(/\/login/);
      expect(new URL(page.url()).searchParams.get('redirect')).toContain('/my-courses');
    } finally {
      await page.close();
    }
  });
});
