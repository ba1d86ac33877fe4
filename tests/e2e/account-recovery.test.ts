import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_URL, byLabel, expectAccessible, chromiumForThisFile, openPage, tr } from './support.js';

/**
 * Account recovery in a real browser against the production build: "Forgot password?" on /login, the
 * link from the mail in the outbox (DATA_DIR/outbox/*.eml), a new password, then sign-in with it;
 * the same link a second time says it was used; the profile screen changes the name. Once in
 * English at 1280 px, once in Arabic (right to left) at 360 px; axe checks each screen.
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';

const browser = chromiumForThisFile();

/** The reset link of the newest mail to `email` in the outbox (.eml, quoted-printable decoded). */
function resetLinkFor(email: string): string | null {
  const dir = join(DATA_DIR, 'outbox');
  for (const name of readdirSync(dir).sort().reverse()) {
    const raw = readFileSync(join(dir, name), 'utf8');
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.includes(`To: ${email}`)) continue;
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?[^\s"<>]+/.exec(text)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  return null;
}

const journeys = [
  { locale: 'en' as const, email: 'learner11@halaqa.test', viewport: { width: 1280, height: 900 }, newName: 'Yasmin' },
  { locale: 'ar' as const, email: 'learner12@halaqa.test', viewport: { width: 360, height: 780 }, newName: 'ياسمين' },
];

describe.each(journeys)(
  'forgotten password and profile ($locale, $viewport.width px)',
  ({ locale, email, viewport, newName }) => {
    it('resets the password with the mailed link, signs in with it, and renames the account', async () => {
      expect(DATA_DIR, 'E2E_DATA_DIR (set by scripts/e2e.mjs)').not.toBe('');
      const { context, page, errors } = await openPage(browser(), locale, viewport);
      const newPassword = `Fresh-${locale}-passw0rd!`;
      try {
        await page.goto(`${BASE_URL}/login?lang=${locale}`);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dir))
          .toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await byLabel(page, tr(locale, 'E-mail')).fill(email);
        await page.getByRole('link', { name: tr(locale, 'Forgot password?') }).click();
        await page.waitForURL(/\/forgot-password/);
        await page.getByRole('heading', { name: tr(locale, 'Forgot your password?') }).waitFor();
        // The address typed on /login comes along.
        expect(await byLabel(page, tr(locale, 'E-mail')).inputValue()).toBe(email);
        await expectAccessible(page, `forgot password (${locale})`);
        await page.getByRole('button', { name: tr(locale, 'Send the reset link') }).click();
        await page.getByRole('heading', { name: tr(locale, 'Check your mailbox') }).waitFor();
        await expectAccessible(page, `reset link sent (${locale})`);

        await expect.poll(() => resetLinkFor(email), { timeout: 10_000 }).not.toBeNull();
        const link = resetLinkFor(email)!;
        expect(link.startsWith(BASE_URL)).toBe(true);
        await page.goto(`${link}&lang=${locale}`);
        await page.getByRole('heading', { name: tr(locale, 'Choose a new password') }).waitFor();
        await expectAccessible(page, `reset password (${locale})`);
        await byLabel(page, tr(locale, 'New password')).fill(newPassword);
        await byLabel(page, tr(locale, 'Confirm the new password')).fill(newPassword);
        await page.getByRole('button', { name: tr(locale, 'Reset my password') }).click();
        // product.md#screens: / after a successful reset, with the #messages message.
        await page.getByText(tr(locale, 'Your password has been reset, you can now login!')).waitFor();
        await page.waitForURL((url) => url.pathname === '/');

        // The same link again: the server says it was used.
        await page.goto(`${link}&lang=${locale}`);
        await byLabel(page, tr(locale, 'New password')).fill(`${newPassword}2`);
        await byLabel(page, tr(locale, 'Confirm the new password')).fill(`${newPassword}2`);
        await page.getByRole('button', { name: tr(locale, 'Reset my password') }).click();
        await page.getByRole('heading', { name: tr(locale, 'This link cannot be used') }).waitFor();
        await page
          .getByText(tr(locale, 'This reset link has already been used. Each link works once: ask for a new one.'))
          .waitFor();
        await expectAccessible(page, `used reset link (${locale})`);

        // Sign in with the new password.
        await page.goto(`${BASE_URL}/login?lang=${locale}`);
        await byLabel(page, tr(locale, 'E-mail')).fill(email);
        await byLabel(page, tr(locale, 'Password')).fill(newPassword);
        await page.getByRole('button', { name: tr(locale, 'Sign in') }).click();
        await page.waitForURL(/\/my-courses/);

        // The profile screen changes the name; it is still there after a reload.
        await page.goto(`${BASE_URL}/account/profile?lang=${locale}`);
        const first = byLabel(page, tr(locale, 'First name'));
        await first.waitFor();
        await expectAccessible(page, `profile (${locale})`);
        await first.fill(newName);
        await page.getByRole('button', { name: tr(locale, 'Save the profile') }).click();
        await page.getByText(tr(locale, 'Your profile is saved')).waitFor();
        await page.reload();
        await expect.poll(() => byLabel(page, tr(locale, 'First name')).inputValue()).toBe(newName);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);
