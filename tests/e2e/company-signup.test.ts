import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  DEMO_PASSWORD,
  byLabel,
  expectAccessible,
  chromiumForThisFile,
  openPage,
  signIn,
  tr,
} from './support.js';

/**
 * Company sign-up in a real browser against the production build: a company signs up at /signup/company
 * (the ALTCHA widget solves the proof-of-work captcha in the page, for real), its partner lands on
 * the dashboard "waiting for approval"; the admin approves the partner from the partners list
 * (which shows the company, pending); the partner signs in again and is no longer pending. Once in
 * English at 1280 px, once in Arabic (right-to-left) at 360 px; axe checks each screen.
 */
const browser = chromiumForThisFile();

type Locale = 'en' | 'ar';
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Waits until the captcha widget has solved its challenge (its state is on the widget's root). */
async function captchaSolved(page: Page) {
  await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
}

describe.each([
  ['en', { width: 1280, height: 900 }],
  ['ar', { width: 360, height: 780 }],
] as const)('company sign-up (%s)', (locale: Locale, viewport) => {
  const stamp = `${Date.now().toString(36).slice(-5).toUpperCase()}${locale.toUpperCase()}`;
  const company = locale === 'ar' ? `أكاديمية الخليج ${stamp}` : `Gulf Academy ${stamp}`;
  const acronym = `G${stamp}`.slice(0, 20);
  const email = `partner.${stamp.toLowerCase()}@e2e.halaqa.test`;

  it('signs up a company with the captcha solved in the page; the partner waits for approval', async () => {
    const { context, page, errors } = await openPage(browser(), locale, viewport);
    await page.goto(`${BASE_URL}/signup/company?lang=${locale}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('heading', { name: tr(locale, 'Sign up your company') }).waitFor();
    await byLabel(page, tr(locale, 'Company name')).fill(company);
    await byLabel(page, tr(locale, 'Acronym')).fill(acronym.toLowerCase()); // upper-cased as typed
    await expect.poll(() => byLabel(page, tr(locale, 'Acronym')).inputValue()).toBe(acronym);
    await byLabel(page, tr(locale, 'Address')).fill('12 Corniche Road');
    await byLabel(page, tr(locale, 'City')).fill('Doha');
    await byLabel(page, tr(locale, 'Postal code')).fill('00974');
    await byLabel(page, tr(locale, 'First name')).fill('Mariam');
    await byLabel(page, tr(locale, 'Last name')).fill('Saleh');
    await byLabel(page, tr(locale, 'E-mail')).fill(email);
    await byLabel(page, tr(locale, 'Password')).fill(DEMO_PASSWORD);
    await captchaSolved(page);
    await expectAccessible(page, `company sign-up (${locale})`);
    await shot(page, `company-signup-${locale}`);
    await page.getByRole('button', { name: tr(locale, 'Sign up the company') }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    const notice = page.getByTestId('awaiting-approval');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain(tr(locale, 'Your account is waiting for approval'));
    await expect.poll(() => notice.textContent()).toContain(company);
    await expectAccessible(page, `pending partner's dashboard (${locale})`);
    await shot(page, `pending-dashboard-${locale}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin approves the partner from the partners list, which shows the pending company', async () => {
    const { context, page, errors } = await openPage(browser(), locale, viewport);
    await signIn(page, locale, 'admin@halaqa.test');
    await page.goto(`${BASE_URL}/dashboard/users?list=partners&status=PENDING&query=${encodeURIComponent(email)}`);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    const line = row.getByTestId('user-company');
    await expect.poll(() => line.textContent()).toContain(company);
    await expect.poll(() => line.textContent()).toContain(acronym);
    await expectAccessible(page, `partners list (${locale})`);
    await shot(page, `partners-list-${locale}`);
    await row.getByRole('button', { name: tr(locale, 'Approve'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: tr(locale, 'Approve'), exact: true }).click();
    await page.getByText(tr(locale, 'User approved!'), { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the partner signs in again and is no longer pending', async () => {
    const { context, page, errors } = await openPage(browser(), locale, viewport);
    await signIn(page, locale, email);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('awaiting-approval').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
