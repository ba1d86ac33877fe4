import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, DEMO_PASSWORD, chromiumForThisFile, openPage, seriousViolations, tr } from './support.js';

/**
 * MA / QA single sign-on in Debian's Chromium against the production build and the built-in
 * identity provider: `/login?sign-in-with-redirect=QA` goes straight to the QA
 * directory's sign-in page; signing in as qa.learner@qa.halaqa.test lands in Halaqa with the QAD
 * theme; an access token that stops working is refreshed without the user noticing; signing out
 * passes through the directory back to the partner login. English at 1280 px, Arabic at 360 px;
 * axe on the Halaqa pages. `E2E_SCREENSHOTS=<dir>` keeps a screenshot of each step.
 */
const browser = chromiumForThisFile();

const shots = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

const QAD_PRIMARY = '#8A1538';

describe.each([
  { locale: 'en' as const, viewport: { width: 1280, height: 900 } },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 } },
])('federated sign-in with QA ($locale, $viewport.width px)', ({ locale, viewport }) => {
  it('signs in at the directory, lands themed, survives a dead access token and signs out through the directory', async () => {
    const { context, page, errors } = await openPage(browser(), locale, viewport);
    try {
      // The login page first: SSO buttons are there and accessible.
      await page.goto(`${BASE_URL}/login?lang=${locale}`);
      await page.getByRole('link', { name: tr(locale, 'Sign in with QA') }).waitFor();
      await page.getByRole('link', { name: tr(locale, 'Sign in with MA') }).waitFor();
      expect(await seriousViolations(page), `axe on login (${locale})`).toEqual([]);
      await shot(page, `${locale}-1-login`);

      // ?sign-in-with-redirect=QA starts the flow at once: the directory's own page.
      await page.goto(`${BASE_URL}/login?lang=${locale}&sign-in-with-redirect=QA`);
      await page.waitForURL(/\/idp\/qa\/interaction\//);
      expect(await seriousViolations(page), 'axe on the provider page').toEqual([]);
      await shot(page, `${locale}-2-provider`);
      // The directory's page speaks the language of the page the user came from (ui_locales).
      const idp =
        locale === 'ar'
          ? { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول' }
          : { email: 'E-mail', password: 'Password', submit: 'Sign in' };
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByLabel(idp.email).fill('qa.learner@qa.halaqa.test');
      await page.getByLabel(idp.password).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: idp.submit, exact: true }).click();

      // Back in Halaqa, signed in, in the QAD theme, with a federated login record.
      await page.waitForURL(
        (url) => !url.pathname.startsWith('/sso/') && !url.pathname.startsWith('/idp/') && url.pathname !== '/login',
        { timeout: 30_000 },
      );
      await expect
        .poll(() =>
          page.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--colors-primary').trim().toUpperCase(),
          ),
        )
        .toBe(QAD_PRIMARY);
      const record = JSON.parse(
        decodeURIComponent((await context.cookies()).find((c) => c.name === 'halaqa.auth')!.value),
      );
      expect(record).toMatchObject({
        federationAuth: true,
        user: { email: 'qa.learner@qa.halaqa.test', role: 'LEARNER' },
        company: { acronym: 'QAD' },
      });
      const refreshCookie = (await context.cookies()).find((c) => c.name === 'halaqa.refresh');
      expect(refreshCookie?.httpOnly).toBe(true);
      const account = page.getByRole('button', { name: /Mariam Al-Mannai/ });
      await account.waitFor();
      await page.locator('main h1').first().waitFor();
      expect(await seriousViolations(page), `axe on the landing page (${locale})`).toEqual([]);
      await shot(page, `${locale}-3-landed`);
      const landing = new URL(page.url()).pathname;

      // The access token stops working (as an expired one does): the next calls get 401, the app
      // refreshes with the directory and retries them; the page loads as if nothing happened.
      const spoiled = { ...record, token: `${record.token}x` };
      await context.addCookies([
        { name: 'halaqa.auth', value: encodeURIComponent(JSON.stringify(spoiled)), url: BASE_URL },
      ]);
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
      const legacyFlags: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/') && r.headers()['authorization'])
          legacyFlags.push(r.headers()['x-auth-legacy'] ?? '');
      });
      await page.reload();
      await refreshed;
      await account.waitFor();
      await page.locator('main h1').first().waitFor();
      expect(new URL(page.url()).pathname).toBe(landing);
      const after = JSON.parse(
        decodeURIComponent((await context.cookies()).find((c) => c.name === 'halaqa.auth')!.value),
      );
      expect(after.token).not.toBe(spoiled.token);
      expect(legacyFlags.length).toBeGreaterThan(0);
      expect(new Set(legacyFlags)).toEqual(new Set(['0']));

      // A login record whose token has expired (the tab slept): on the next load it is refreshed,
      // not thrown away.
      const stale = { ...after, expiresAt: new Date(Date.now() - 60_000).toISOString() };
      await context.addCookies([
        { name: 'halaqa.auth', value: encodeURIComponent(JSON.stringify(stale)), url: BASE_URL },
      ]);
      const refreshedAgain = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
      await page.reload();
      await refreshedAgain;
      await account.waitFor();
      expect(new URL(page.url()).pathname).toBe(landing);
      await expect
        .poll(async () =>
          Date.parse(
            JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'halaqa.auth')!.value))
              .expiresAt,
          ),
        )
        .toBeGreaterThan(Date.now() + 30 * 60_000);

      // Sign out: through the directory's end-session page, back to the partner login (product.md#screens).
      await account.click();
      const passed: string[] = [];
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) passed.push(new URL(f.url()).pathname);
      });
      await page.getByRole('menuitem', { name: tr(locale, 'Log out') }).click();
      await page.waitForURL(/\/idp\/qa\/interaction\//, { timeout: 30_000 });
      expect(passed.some((p) => p.startsWith('/idp/qa/session/end'))).toBe(true);
      expect(passed).toContain('/login');
      expect((await context.cookies()).some((c) => c.name === 'halaqa.auth')).toBe(false);
      expect((await context.cookies()).some((c) => c.name === 'halaqa.refresh')).toBe(false);
      await shot(page, `${locale}-4-after-logout`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
