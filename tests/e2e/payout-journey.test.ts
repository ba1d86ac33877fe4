import { describe, expect, it } from 'vitest';
import { PAYOUTS_DEMO_COHORTS } from '../../server/db/seed/payouts-demo.js';
import {
  BASE_URL,
  apiSignIn,
  byLabel,
  chromiumForThisFile,
  expectAccessible,
  openPage,
  signIn,
  tr,
  trPattern,
} from './support.js';

/**
 * An educator whose paid cohort has ended enters an IBAN and is paid out, in a real browser:
 * a mistyped IBAN is refused on its field, a valid test IBAN is saved and only its last four
 * digits are shown, then the whole payable balance is paid out and listed. English at 1280 px and
 * Arabic at 360 px, each with its own demo educator (payouts-demo.ts), as a payout empties the balance.
 */
const browser = chromiumForThisFile();

interface Earnings {
  payable: number;
  paidOut: number;
  payouts: { amount: number; status: string }[];
}

async function earningsOf(email: string): Promise<Earnings> {
  const { token } = await apiSignIn(email);
  const res = await fetch(`${BASE_URL}/api/payments/earnings`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()).data as Earnings;
}

const RUNS = [
  { locale: 'en', viewport: { width: 1280, height: 900 }, educator: PAYOUTS_DEMO_COHORTS[0].educator },
  { locale: 'ar', viewport: { width: 360, height: 780 }, educator: PAYOUTS_DEMO_COHORTS[1].educator },
] as const;

describe('payout journey', () => {
  for (const { locale, viewport, educator } of RUNS) {
    it(`an educator enters an IBAN and requests a payout (${locale}, ${viewport.width} px)`, async () => {
      const before = await earningsOf(educator);
      // The delivered demo cohort's earnings, not paid out yet.
      expect(before.payable).toBeGreaterThan(0);
      expect(before.payouts).toEqual([]);
      const { context, page, errors } = await openPage(browser(), locale, viewport);
      try {
        await signIn(page, locale, educator);
        await page.goto(`${BASE_URL}/account/bank-account?lang=${locale}`);
        await page.getByRole('heading', { name: tr(locale, 'Payout bank account') }).waitFor();
        await page.getByText(tr(locale, 'No bank account yet')).waitFor();
        const payOut = page.getByRole('button', { name: trPattern(locale, 'Pay out {payable}') });
        // No payout without a bank account.
        expect(await payOut.isDisabled()).toBe(true);

        await byLabel(page, tr(locale, 'Account holder name')).fill(
          locale === 'en' ? 'Daniel Okafor' : 'ليلى المنصوري',
        );
        await byLabel(page, tr(locale, 'Bank country')).selectOption('DE');
        const iban = byLabel(page, tr(locale, 'IBAN'));
        const save = page.getByRole('button', { name: tr(locale, 'Save bank account') });
        // A mistyped IBAN (wrong check digits) is refused on its field before anything is sent.
        await iban.fill('DE89 3704 0044 0532 0130 01');
        await save.click();
        await page.getByText(tr(locale, 'Enter a valid IBAN of the chosen country.')).waitFor();
        expect(await iban.getAttribute('aria-invalid')).toBe('true');
        await expectAccessible(page, `the bank account form with an IBAN error (${locale})`);

        await iban.fill('DE89370400440532013000');
        await save.click();
        // Only the last four digits come back.
        await page.getByText(trPattern(locale, '{bank} ending in {last4}')).first().waitFor();
        await expect.poll(() => page.getByText(/3000/).first().isVisible()).toBe(true);
        expect(await page.content()).not.toContain('0532013000');
        expect(await page.content()).not.toContain('0532 0130 00');

        // The whole payable balance is paid out and listed.
        await payOut.click();
        await page.getByText(trPattern(locale, 'Payout sent: {amount}')).first().waitFor();
        await page.getByText(tr(locale, 'Nothing is ready to pay out yet.')).waitFor();
        const listed = page.getByRole('region', { name: tr(locale, 'Payouts') }).getByRole('listitem');
        await expect.poll(() => listed.count()).toBe(1);
        await expectAccessible(page, `the payout listed (${locale})`);
        if (process.env.E2E_SCREENSHOTS)
          await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/payout-${locale}.png`, fullPage: true });

        const after = await earningsOf(educator);
        expect(after.payable).toBe(0);
        expect(after.paidOut).toBe(before.payable);
        expect(after.payouts).toMatchObject([{ amount: Math.round(before.payable * 100), status: 'paid' }]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
