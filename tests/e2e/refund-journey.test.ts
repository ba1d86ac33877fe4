import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  apiSignIn,
  chromiumForThisFile,
  openPage,
  paidOpenSessions,
  escapeRe,
  seriousViolations,
  signIn,
  tr,
  trPattern,
} from './support.js';

/**
 * Cancelling an enrollment in a real browser: a learner paid a session from the wallet (through
 * the API, beforehand), cancels it from My courses (English, 1280 px) or from the session page
 * (Arabic, 360 px); the dialog states the server's refund before confirming, and the wallet then
 * shows the refund naming the course. The refund and the freed seat are checked through the API;
 * axe on the dialog and the wallet. Learners 8 and 9 are no other journey's, and the seat taken
 * for the journey is given back by it.
 */
const browser = chromiumForThisFile();

const api = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': `e2e-refund-${Date.now()}-${Math.random()}`,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, data: (await res.json()).data };
};

/** Enrolls `email` in a paid open session from their wallet; answers the session, the token and the quote. */
async function enrolledLearner(email: string) {
  const { token } = await apiSignIn(email);
  const mine = (await api(token, 'GET', '/sessions/enrollments')).data as Array<{ course: { title: string } }>;
  // A session not started yet (everything is refunded), of a course the learner has no session of
  // (My courses shows one card of it).
  const taken = new Set(mine.map((e) => e.course.title));
  const today = new Date().toISOString().slice(0, 10);
  const session = (await paidOpenSessions()).find((s) => !taken.has(s.course.title) && s.startDate > today)!;
  const fee = (await api(token, 'POST', '/payments/fee', { price: session.price })).data as { amount: number };
  const paid = await api(token, 'POST', '/payments/intents/wallet', { sessionId: session.id, amount: fee.amount });
  expect(paid.status, 'the wallet payment').toBe(201);
  const quote = (await api(token, 'GET', `/sessions/${session.id}/refund`)).data as { amount: number };
  const balance = (await api(token, 'GET', '/payments/wallets/me')).data.balance as number;
  return { session, token, quote, balance };
}

async function confirmInDialog(page: Page, locale: 'en' | 'ar') {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByTestId('refund-amount').waitFor();
  expect(await seriousViolations(page), `axe on the cancel dialog (${locale})`).toEqual([]);
  await dialog.getByRole('button', { name: trPattern(locale, 'Cancel and refund {amount} to my wallet') }).click();
  await page.getByText(trPattern(locale, 'Your enrollment is cancelled. {amount} is back in your wallet.')).waitFor();
}

async function refundShownInWallet(page: Page, locale: 'en' | 'ar', title: string) {
  await page.goto(`${BASE_URL}/account/wallet?lang=${locale}`);
  const first = page.getByRole('listitem').filter({ hasText: title }).first();
  await first.getByText(tr(locale, 'Refund'), { exact: true }).waitFor();
  expect(await seriousViolations(page), `axe on the wallet (${locale})`).toEqual([]);
}

describe('cancelling an enrollment', () => {
  it('a learner cancels from My courses and sees the refund in the wallet (English, 1280 px)', async () => {
    const { session, token, quote, balance } = await enrolledLearner('learner8@halaqa.test');
    const seats = session.seatsLeft;
    const { context, page, errors } = await openPage(browser(), 'en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', 'learner8@halaqa.test');
      await page.goto(`${BASE_URL}/my-courses?lang=en`);
      await page
        .getByRole('button', { name: new RegExp(`^Cancel enrollment.*${escapeRe(session.course.title)}`) })
        .click();
      await confirmInDialog(page, 'en');
      await expect
        .poll(async () => (await api(token, 'GET', '/payments/wallets/me')).data.balance)
        .toBeCloseTo(balance + quote.amount / 100, 2);
      const info = (await api(token, 'GET', `/sessions/${session.id}/info`)).data as { seatsLeft: number };
      expect(info.seatsLeft).toBe(seats);
      await refundShownInWallet(page, 'en', session.course.title);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a learner cancels from the session page (Arabic, 360 px)', async () => {
    const { session, token, quote, balance } = await enrolledLearner('learner9@halaqa.test');
    const { context, page, errors } = await openPage(browser(), 'ar', { width: 360, height: 780 }, 'Asia/Qatar');
    try {
      await signIn(page, 'ar', 'learner9@halaqa.test');
      await page.goto(`${BASE_URL}/sessions/${session.id}?lang=ar`);
      await page.getByRole('button', { name: trPattern('ar', 'Cancel enrollment') }).click();
      await confirmInDialog(page, 'ar');
      // The page offers enrolling again.
      await page.getByRole('button', { name: tr('ar', 'Enroll'), exact: true }).waitFor();
      await expect
        .poll(async () => (await api(token, 'GET', '/payments/wallets/me')).data.balance)
        .toBeCloseTo(balance + quote.amount / 100, 2);
      await refundShownInWallet(page, 'ar', session.course.title);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
