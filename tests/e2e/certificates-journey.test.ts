import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, BASE_URL, expectAccessible, launchChromium, openPage, signIn, tr } from './support.js';

/**
 * Certificates in a real browser against the production build (demo data of
 * server/db/seed/certificates-demo.ts): learner@halaqa.test opens My certificates, downloads the
 * PDF of the finished React cohort and opens its verification page, which checks the signature and
 * the status in the browser ("Valid"); the demo's revoked certificate says "Revoked". Read-only.
 * English at 1280 px, Arabic (right-to-left) at 360 px; axe on both pages.
 */
let browser: Browser;
let revokedId = '';
const COURSE = 'React and TypeScript: Building Production Web Apps';

beforeAll(async () => {
  browser = await launchChromium();
  const { token } = await apiSignIn('learner6@halaqa.test');
  const res = await fetch(`${BASE_URL}/api/certificates/mine`, {
    headers: { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' },
  });
  const mine = (await res.json()) as { data: Array<{ id: string; revokedAt: string | null }> };
  revokedId = mine.data.find((c) => c.revokedAt !== null)!.id;
});
afterAll(() => browser?.close());

const RUNS = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 } },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 } },
];

describe.each(RUNS)('certificates ($locale)', ({ locale, viewport }) => {
  it('the learner downloads the PDF and verifies the certificate; a revoked one says Revoked', async () => {
    const { page, context, errors } = await openPage(browser, locale, viewport);
    try {
      await signIn(page, locale, 'learner@halaqa.test');
      await page.goto(`${BASE_URL}/my-certificates`);
      const card = page.getByRole('article').filter({ hasText: COURSE });
      await card.waitFor();
      await expectAccessible(page, `my certificates (${locale})`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: tr(locale, 'Download PDF') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      await card.getByRole('link', { name: tr(locale, 'Verification page') }).click();
      await page.waitForURL(/\/certificates\/[0-9a-f-]{36}$/);
      const verdict = page.getByTestId('certificate-verdict');
      await expect.poll(() => verdict.textContent(), { timeout: 20_000 }).toBe(tr(locale, 'Valid'));
      await page.getByRole('heading', { name: COURSE }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      // Who issued it and when, said in the page's language ("Halaqa on …", "Halaqa في …").
      const issued = tr(locale, '<0>{issuer}</0> on {date}').replace('<0>{issuer}</0>', 'Halaqa').replace('{date}', '');
      await page.getByText(issued, { exact: false }).waitFor();
      await expectAccessible(page, `a valid certificate (${locale})`);

      await page.goto(`${BASE_URL}/certificates/${revokedId}`);
      await expect.poll(() => verdict.textContent(), { timeout: 20_000 }).toBe(tr(locale, 'Revoked'));
      await expectAccessible(page, `a revoked certificate (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('issuing and revoking', () => {
  it('the educator adds a learner below the rule with a reason and issues (en, 1280 px)', async () => {
    const { token } = await apiSignIn('learner@halaqa.test');
    const mine = (await (
      await fetch(`${BASE_URL}/api/certificates/mine`, {
        headers: { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' },
      })
    ).json()) as { data: Array<{ sessionId: number }> };
    const sessionId = mine.data[0]!.sessionId;
    const { page, context, errors } = await openPage(browser, 'en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', 'educator@halaqa.test');
      await page.goto(`${BASE_URL}/dashboard/sessions/${sessionId}/certificates`);
      const row = page.getByRole('listitem').filter({ hasText: 'Below the rule' });
      await row.getByRole('checkbox', { name: 'Certificate' }).check();
      await page.getByRole('button', { name: 'Issue certificates' }).click();
      await row.getByText('A reason is required').waitFor();
      await row.getByLabel('Why add this learner?').fill('Attended the live classes from the office room');
      await expectAccessible(page, 'the certificates review (en)');
      await page.getByRole('button', { name: 'Issue certificates' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Issue', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Certificates issued; each learner was mailed.' }).waitFor();
      await row.getByRole('link', { name: 'Certificate issued' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an admin revokes a certificate with a reason and its page says Revoked (ar, 360 px)', async () => {
    const { token } = await apiSignIn('learner5@halaqa.test');
    const mine = (await (
      await fetch(`${BASE_URL}/api/certificates/mine`, {
        headers: { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' },
      })
    ).json()) as { data: Array<{ id: string }> };
    const { page, context, errors } = await openPage(browser, 'ar', { width: 360, height: 780 });
    try {
      await signIn(page, 'ar', 'admin@halaqa.test');
      await page.goto(`${BASE_URL}/certificates/${mine.data[0]!.id}`);
      const verdict = page.getByTestId('certificate-verdict');
      await expect.poll(() => verdict.textContent(), { timeout: 20_000 }).toBe(tr('ar', 'Valid'));
      await page.getByRole('button', { name: tr('ar', 'Revoke') }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel(tr('ar', 'Reason')).fill('صدرت باسم خاطئ');
      await expectAccessible(page, 'the revoke dialog (ar)');
      await dialog.getByRole('button', { name: tr('ar', 'Revoke') }).click();
      await expect.poll(() => verdict.textContent(), { timeout: 20_000 }).toBe(tr('ar', 'Revoked'));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
