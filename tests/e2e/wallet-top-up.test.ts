import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  apiSignIn,
  chromiumForThisFile,
  openPage,
  paidOpenSessions,
  seriousViolations,
  signIn,
  tr,
  trPattern,
} from './support.js';

/**
 * Wallet top-ups in a real browser (sandbox gateway, Stripe's test cards): a user with an empty
 * wallet starts a checkout, follows "Top up $X" to the wallet page, adds a test card, tops up the
 * missing amount, comes back to the checkout on the wallet and pays; the session and course pages
 * then say "You are enrolled" (English, 1280 px). A learner tops up from the wallet page with a card
 * that asks for 3-D Secure (Arabic, 360 px). Each outcome is checked through the API too; axe on
 * every screen. `E2E_SCREENSHOTS=<dir>` keeps a screenshot of each step.
 */
const browser = chromiumForThisFile();
const SHOTS = process.env.E2E_SCREENSHOTS ?? '';

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `top-up-${name}.png`), fullPage: true });
}

async function wallet(token: string): Promise<{ balance: number }> {
  const res = await fetch(`${BASE_URL}/api/payments/wallets/me`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data;
}

async function noSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

describe('wallet top-ups by card', () => {
  it('a user with an empty wallet tops up from the checkout, pays from the wallet and is enrolled', async () => {
    const email = 'user@halaqa.test';
    const { token } = await apiSignIn(email);
    expect((await wallet(token)).balance).toBe(0);
    const target = (await paidOpenSessions())[0]!;
    const { context, page, errors } = await openPage(browser(), 'en', { width: 1280, height: 900 }, 'America/New_York');
    try {
      await signIn(page, 'en', email);
      await page.goto(`${BASE_URL}/sessions/${target.id}?lang=en`);
      await page.getByRole('button', { name: 'Enroll', exact: true }).click();
      await page.getByRole('radio', { name: 'Wallet' }).check();
      await page.getByText('Your wallet balance is too low').waitFor();
      expect(await seriousViolations(page), 'axe on the short checkout').toEqual([]);
      await shot(page, 'en-checkout-short');
      await page.getByRole('link', { name: /^Top up \$/ }).click();

      await page.waitForURL((url) => url.pathname === '/account/wallet');
      const form = page.getByRole('form', { name: 'Top up your wallet' });
      await form.waitFor();
      await form.locator('input[type=radio][value="tok_visa"]').check();
      await form.getByRole('button', { name: 'Add card', exact: true }).click();
      const submit = form.getByRole('button', { name: /^Top up \$/ });
      await submit.waitFor();
      expect(await seriousViolations(page), 'axe on the top-up').toEqual([]);
      await shot(page, 'en-wallet-top-up');
      await submit.click();

      // Back to the checkout, on the wallet, which now covers the total.
      await page.waitForURL((url) => url.pathname === `/sessions/${target.id}`, { timeout: 30_000 });
      const pay = page.getByRole('button', { name: /^Pay .* from wallet$/ });
      await pay.waitFor({ timeout: 30_000 });
      expect(await page.getByRole('radio', { name: 'Wallet' }).isChecked()).toBe(true);
      await shot(page, 'en-checkout-back');
      await pay.click();
      await page.getByText('You are enrolled', { exact: true }).first().waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Go to the classroom' }).waitFor();
      expect((await wallet(token)).balance).toBeCloseTo(0, 2);

      // The course page marks the session as the learner's own.
      await page.goto(`${BASE_URL}/courses/${target.course.id}?lang=en`);
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Go to the classroom' }) });
      await card.getByText('You are enrolled').waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page), 'axe on the course page').toEqual([]);
      await shot(page, 'en-course-enrolled');
      // The wallet names the course instead of a session number.
      await page.goto(`${BASE_URL}/account/wallet?lang=en`);
      await page.getByText(`${target.course.title}, session from`, { exact: false }).first().waitFor();
      await shot(page, 'en-wallet-movements');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a learner tops up from the wallet page through a 3-D Secure step (Arabic, 360 px)', async () => {
    const email = 'learner7@halaqa.test';
    const { token } = await apiSignIn(email);
    const before = (await wallet(token)).balance;
    const { context, page, errors } = await openPage(browser(), 'ar', { width: 360, height: 780 }, 'Asia/Qatar');
    try {
      await signIn(page, 'ar', email);
      await page.goto(`${BASE_URL}/account/wallet?lang=ar`);
      const form = page.getByRole('form', { name: tr('ar', 'Top up your wallet') });
      await form.waitFor();
      await form.locator('input[type=radio][value="tok_threeDSecure2Required"]').check();
      await form.getByRole('button', { name: tr('ar', 'Add card'), exact: true }).click();
      await form.getByRole('textbox', { name: tr('ar', 'Other amount (US dollars)') }).fill('20');
      const submit = form.getByRole('button', { name: trPattern('ar', 'Top up {total}') });
      await submit.waitFor();
      expect(await seriousViolations(page), 'axe on the top-up (ar)').toEqual([]);
      await noSidewaysScroll(page);
      await shot(page, 'ar-wallet-top-up');
      await submit.click();
      const dialog = page.getByRole('alertdialog', { name: tr('ar', 'Confirm the payment with your bank') });
      await dialog.waitFor({ timeout: 30_000 });
      expect((await wallet(token)).balance).toBe(before);
      await shot(page, 'ar-3ds');
      await dialog.getByRole('button', { name: tr('ar', 'Complete authentication') }).click();
      await page.getByText(trPattern('ar', '{added} was added to your wallet')).first().waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await wallet(token)).balance).toBeCloseTo(before + 20, 2);
      await noSidewaysScroll(page);
      await shot(page, 'ar-credited');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
