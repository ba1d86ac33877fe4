import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  apiSignIn,
  byLabel,
  chromiumForThisFile,
  openPage,
  seriousViolations,
  signIn,
  tr,
  trPattern,
} from './support.js';

/**
 * A learner pays with the demo discount code WELCOME20 (20 % off one course, seeded): the code is applied at
 * checkout, the total drops, the payment enrolls at the discounted amount (checked through the API). English at
 * 1280 px from the wallet; Arabic at 360 px by the sandbox test card. Axe-clean checkout with the code applied.
 */
const browser = chromiumForThisFile();

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()).data as T;
}

interface Enrollment {
  paidAmount: number;
  session: { id: number };
}

/** The learner's enrollments (a list, or a page of them). */
async function enrollments(token: string): Promise<Enrollment[]> {
  const data = await apiGet<Enrollment[] | { items: Enrollment[] }>('/sessions/enrollments', token);
  return Array.isArray(data) ? data : data.items;
}

/** An open paid session of WELCOME20's course that `learnerToken`'s learner is not in, with its list price (dollars). */
async function sessionWithCode(learnerToken: string) {
  const admin = (await apiSignIn('admin@halaqa.test')).token;
  const codes = await apiGet<{ code: string; courseId: number }[]>('/payments/discount-codes', admin);
  const code = codes.find((c) => c.code === 'WELCOME20');
  expect(code, 'the demo code WELCOME20').toBeTruthy();
  const sessions = await apiGet<{ id: number; price: number; seatsLeft: number }[]>(
    `/courses/${code!.courseId}/sessions/active`,
    learnerToken,
  );
  const mine = new Set((await enrollments(learnerToken)).map((e) => e.session.id));
  const session = sessions.find((s) => s.price > 0 && s.seatsLeft > 0 && !mine.has(s.id));
  expect(session, 'an open paid session of the code’s course').toBeTruthy();
  return session!;
}

/** What the learner pays with 20 % off `price` (dollars): the fee (5 % + 0.50) on the discounted price, in cents. */
const discountedCents = (price: number) => {
  const cents = Math.round(price * 100) - Math.round(price * 100 * 0.2);
  return cents + Math.round(cents * 0.05) + 50;
};

describe('discount code at checkout', () => {
  for (const { locale, email, viewport, method } of [
    { locale: 'en', email: 'learner9@halaqa.test', viewport: { width: 1280, height: 900 }, method: 'wallet' },
    { locale: 'ar', email: 'learner10@halaqa.test', viewport: { width: 360, height: 780 }, method: 'card' },
  ] as const) {
    it(`a learner pays with WELCOME20 (${locale}, ${viewport.width} px, ${method})`, async () => {
      const { token } = await apiSignIn(email);
      const session = await sessionWithCode(token);
      const { context, page, errors } = await openPage(browser(), locale, viewport, 'America/New_York');
      try {
        await signIn(page, locale, email);
        await page.goto(`${BASE_URL}/sessions/${session.id}?lang=${locale}`);
        await page.getByRole('button', { name: tr(locale, 'Enroll'), exact: true }).click();
        await byLabel(page, tr(locale, 'Discount code')).fill('welcome20');
        await page.getByRole('button', { name: tr(locale, 'Apply'), exact: true }).click();
        await page.getByRole('status').filter({ hasText: 'WELCOME20' }).waitFor();
        await page.getByText(tr(locale, 'Price after discount')).waitFor();
        if (method === 'wallet') {
          await page.getByRole('radio', { name: tr(locale, 'Wallet') }).check();
        } else {
          await page.getByRole('radio', { name: tr(locale, 'New card') }).check();
          await page.locator('input[type=radio][value="tok_visa"]').check();
          await page.getByRole('button', { name: tr(locale, 'Add card'), exact: true }).click();
        }
        const pay = page.getByRole('button', {
          name: trPattern(locale, method === 'wallet' ? 'Pay {total} from wallet' : 'Pay {total} by card'),
        });
        await pay.waitFor();
        expect(await seriousViolations(page), `axe on the checkout with a code (${locale})`).toEqual([]);
        const [scrollWidth, clientWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        await pay.click();
        await page.getByText(tr(locale, 'You are enrolled in this session.')).first().waitFor({ timeout: 30_000 });
        const enrolled = (await enrollments(token)).find((e) => e.session.id === session.id);
        expect(enrolled?.paidAmount).toBe(discountedCents(session.price));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('discount codes page', () => {
  it('an educator opens it from the account menu and creates a code for their course (en, 1280 px)', async () => {
    const { context, page, errors } = await openPage(browser(), 'en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', 'educator@halaqa.test');
      await page.getByRole('button', { name: /Amina Haddad/ }).click();
      await page.getByRole('menuitem', { name: 'Discount codes' }).click();
      await page.getByRole('heading', { name: 'Discount codes', level: 1 }).waitFor();
      const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
      await byLabel(page, 'Code').fill(code);
      await byLabel(page, 'Percent off').fill('15');
      await page.getByRole('button', { name: 'Create code' }).click();
      await page.getByRole('heading', { name: code, level: 3 }).waitFor();
      await page.getByText('15 % off').first().waitFor();
      expect(await seriousViolations(page), 'axe on the discount codes page (en)').toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an admin sees every code with its uses (ar, 360 px)', async () => {
    const { context, page, errors } = await openPage(browser(), 'ar', { width: 360, height: 780 });
    try {
      await signIn(page, 'ar', 'admin@halaqa.test');
      await page.goto(`${BASE_URL}/dashboard/discount-codes?lang=ar`);
      await page.getByRole('heading', { name: tr('ar', 'Discount codes'), level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'WELCOME20', level: 3 }).waitFor();
      expect(await seriousViolations(page), 'axe on the discount codes page (ar)').toEqual([]);
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
