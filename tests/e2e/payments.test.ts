import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  chromiumForThisFile,
  openPage as openContext,
  paidOpenSessions,
  seriousViolations,
  signIn,
  tr,
  trPattern,
  apiSignIn,
} from './support.js';

/**
 * Money in a real browser, against the production build and the sandbox gateway with
 * Stripe's test cards: a learner pays by test card and is enrolled; a declined card shows the
 * failure and leaves no enrollment and no charge; a 3-D Secure card passes its step (in Arabic at
 * 360 px); an educator registers a payout bank account. Each outcome is checked through the API too.
 */
const browser = chromiumForThisFile();

type Locale = 'en' | 'ar';

/** Signs in through the API and answers the bearer token (to check what the browser did). */
const apiToken = async (email: string) => (await apiSignIn(email)).token;

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()).data as T;
}

/** Session ids the learner is enrolled in. */
async function enrolledSessionIds(token: string): Promise<number[]> {
  const data = await apiGet<Array<{ session: { id: number } }> | { items: Array<{ session: { id: number } }> }>(
    '/sessions/enrollments',
    token,
  );
  const items = Array.isArray(data) ? data : data.items;
  return items.map((e) => e.session.id);
}

/** A paid public session with seats that this learner is not enrolled in, skipping `taken`. */
async function sessionToBuy(token: string, taken: Set<number>) {
  const mine = new Set(await enrolledSessionIds(token));
  const target = (await paidOpenSessions()).find((s) => !mine.has(s.id) && !taken.has(s.id));
  expect(target, 'a paid public session with seats the learner is not in').toBeTruthy();
  taken.add(target!.id);
  return target!;
}

function openPage(locale: Locale, viewport: { width: number; height: number }) {
  return openContext(browser(), locale, viewport, 'America/New_York');
}

/**
 * Opens the session page, starts the checkout, adds the test card `token` as a new card and
 * clicks "Pay … by card". The caller checks what follows.
 */
async function payWithNewTestCard(page: Page, locale: Locale, sessionId: number, token: string) {
  await page.goto(`${BASE_URL}/sessions/${sessionId}?lang=${locale}`);
  await page.getByRole('button', { name: tr(locale, 'Enroll'), exact: true }).click();
  await page.getByRole('radio', { name: tr(locale, 'New card') }).check();
  await page.locator(`input[type=radio][value="${token}"]`).check();
  await page.getByRole('button', { name: tr(locale, 'Add card'), exact: true }).click();
  const pay = page.getByRole('button', { name: trPattern(locale, 'Pay {total} by card') });
  await pay.waitFor();
  const violations = await seriousViolations(page);
  expect(violations, `axe on the checkout (${locale})`).toEqual([]);
  await pay.click();
}

const taken = new Set<number>();

describe('checkout by card (sandbox gateway, Stripe test cards)', () => {
  it('a learner pays by test card (Visa 4242) and is enrolled', async () => {
    const email = 'learner3@halaqa.test';
    const token = await apiToken(email);
    const target = await sessionToBuy(token, taken);
    const { context, page, errors } = await openPage('en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', email);
      await payWithNewTestCard(page, 'en', target.id, 'tok_visa');
      await page.getByText('You are enrolled in this session.').first().waitFor({ timeout: 30_000 });
      expect(await enrolledSessionIds(token)).toContain(target.id);
      // The saved card is listed with the payment methods.
      await page.goto(`${BASE_URL}/account/payment-methods?lang=en`);
      await page
        .getByText(/Visa ending in 4242/)
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a declined card shows the failure, and the learner is neither enrolled nor charged', async () => {
    const email = 'learner4@halaqa.test';
    const token = await apiToken(email);
    const target = await sessionToBuy(token, taken);
    const walletBefore = await apiGet<{ balance: number }>('/payments/wallets/me', token);
    const { context, page, errors } = await openPage('en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', email);
      await payWithNewTestCard(page, 'en', target.id, 'tok_chargeDeclined');
      await page.getByRole('alert').filter({ hasText: 'Your card was declined' }).first().waitFor({ timeout: 30_000 });
      await page.getByText('You have not been enrolled, and nothing was charged for this attempt.').waitFor();
      await page.getByRole('button', { name: 'Use another payment method' }).waitFor();
      expect(await enrolledSessionIds(token)).not.toContain(target.id);
      const walletAfter = await apiGet<{ balance: number }>('/payments/wallets/me', token);
      expect(walletAfter.balance).toBe(walletBefore.balance);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a 3-D Secure card passes its authentication step (Arabic, 360 px)', async () => {
    const email = 'learner6@halaqa.test';
    const token = await apiToken(email);
    const target = await sessionToBuy(token, taken);
    const { context, page, errors } = await openPage('ar', { width: 360, height: 780 });
    try {
      await signIn(page, 'ar', email);
      await payWithNewTestCard(page, 'ar', target.id, 'tok_threeDSecure2Required');
      const dialog = page.getByRole('alertdialog', { name: tr('ar', 'Confirm the payment with your bank') });
      await dialog.waitFor({ timeout: 30_000 });
      // Not enrolled while the bank has not confirmed.
      expect(await enrolledSessionIds(token)).not.toContain(target.id);
      await dialog.getByRole('button', { name: tr('ar', 'Complete authentication') }).click();
      await page.getByText(tr('ar', 'You are enrolled in this session.')).first().waitFor({ timeout: 30_000 });
      expect(await enrolledSessionIds(token)).toContain(target.id);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('payouts', () => {
  it('an educator enters an IBAN, sees only its last four digits, and the payout is offered to that account', async () => {
    const { context, page, errors } = await openPage('en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', 'educator2@halaqa.test');
      await page.goto(`${BASE_URL}/account/bank-account?lang=en`);
      await page.getByRole('heading', { name: 'Payout bank account' }).waitFor();
      const replace = page.getByRole('button', { name: 'Replace bank account' });
      const holder = page.getByRole('textbox', { name: /Account holder name/ });
      await holder.or(replace).first().waitFor();
      if (await replace.isVisible()) await replace.click();
      await holder.fill('Youssef El Amrani');
      await page.getByRole('combobox', { name: /Bank country/ }).selectOption('DE');
      // A mistyped IBAN is refused before anything is sent, on its field.
      const iban = page.getByRole('textbox', { name: /IBAN/ });
      await iban.fill('DE89 3704 0044 0532 0130 01');
      await page.getByRole('button', { name: /^(Save|Replace) bank account$/ }).click();
      await page.getByText('Enter a valid IBAN of the chosen country.').waitFor();
      await iban.fill('DE89 3704 0044 0532 0130 00');
      expect(await seriousViolations(page), 'axe on the bank account page').toEqual([]);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/bank-en-form.png`, fullPage: true });
      await page.getByRole('button', { name: /^(Save|Replace) bank account$/ }).click();
      await page.getByText('Bank account saved: ending in 3000').first().waitFor({ timeout: 30_000 });
      await page.getByText('STRIPE TEST BANK ending in 3000').first().waitFor();
      expect(await page.content()).not.toContain('0532013000');
      const account = await apiGet<{ last4: string; status: string; country: string } | null>(
        '/payments/accounts/external-account',
        await apiToken('educator2@halaqa.test'),
      );
      expect(account).toMatchObject({ last4: '3000', status: 'verified', country: 'DE' });
      await page.getByRole('button', { name: /^Pay out/ }).waitFor();
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/bank-en-saved.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
