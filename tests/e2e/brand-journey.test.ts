import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, byLabel, expectAccessible, launchChromium, openPage, signIn, tr, apiSignIn } from './support.js';

/**
 * In a real browser against the production build: the QAD partner
 * opens the brand settings, tries an unreadable yellow (the warning shows, the save is refused),
 * saves a readable colour and uploads a logo; a QAD learner then signs in and sees the colour and
 * the logo in the header, and the company's links in the footer. Once in English at 1280 px, once
 * in Arabic (right-to-left) at 360 px; axe checks the settings page and the member's page.
 */
let browser: Browser;
/** QAD's settings before the journey: put back afterwards, so later journeys see the demo theme. */
let restore: (() => Promise<void>) | null = null;
beforeAll(async () => {
  browser = await launchChromium();
  const { token } = await apiSignIn('partner@qad.halaqa.test');
  const headers = { authorization: `Bearer ${token}`, 'x-auth-legacy': '1', 'content-type': 'application/json' };
  const company = (await (await fetch(`${BASE_URL}/api/users/me/company`, { headers })).json()).data as { id: number };
  const before = (await (await fetch(`${BASE_URL}/api/companies/${company.id}/settings`, { headers })).json()).data as {
    style: unknown;
    links: unknown;
  };
  restore = async () => {
    const res = await fetch(`${BASE_URL}/api/companies/${company.id}/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ style: before.style, links: before.links }),
    });
    expect(res.status).toBe(200);
  };
});
afterAll(async () => {
  await restore?.();
  await browser?.close();
});

/** A valid 16×9 PNG, as the logo. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAIAAAC0SDtlAAAANUlEQVR4nJXCoREAIQADwRSROl+j0ejXp9FoaqOG29n0Q00HajpR04Wa/qgpqOlGTQ9qelEfcLG5octvNgsAAAAASUVORK5CYII=',
  'base64',
);

const journeys = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 }, colour: '#0F4C81' },
  { locale: 'ar' as const, viewport: { width: 360, height: 800 }, colour: '#1B5E20' },
];

describe.each(journeys)('brand journey ($locale, $viewport.width px)', ({ locale, viewport, colour }) => {
  const l = (source: string) => tr(locale, source);
  let logoUrl = '';

  it('the QAD partner is warned about an unreadable colour, then saves a readable one and uploads a logo', async () => {
    const { context, page, errors } = await openPage(browser, locale, viewport);
    try {
      await signIn(page, locale, 'partner@qad.halaqa.test');
      await page.goto(`${BASE_URL}/dashboard/company/settings?lang=${locale}`);
      const primary = byLabel(page, l('Primary colour'));
      await primary.waitFor();
      await expectAccessible(page, `brand settings (${locale})`);

      // An unreadable yellow: the warning shows at once, the preview follows, the save is refused.
      await primary.fill('#FFFF00');
      await page.getByText(l('This theme is not readable'), { exact: true }).waitFor();
      const header = page.getByTestId('preview-header');
      await expect
        .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
        .toMatch(/^(color\(srgb|rgb)/);
      const yellowBg = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      await page.getByRole('button', { name: l('Save theme') }).click();
      await page.getByText(l('The theme was not saved'), { exact: true }).waitFor();

      // A readable colour: the preview changes and the save goes through.
      await primary.fill(colour);
      await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(yellowBg);
      await expect.poll(() => page.getByText(l('This theme is not readable'), { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: l('Save theme') }).click();
      await page.getByText(l('Brand settings saved'), { exact: true }).waitFor();

      // The logo: uploaded with a progress bar, then shown in the preview and in the partner's header.
      const headerLogo = page.getByTestId('company-logo');
      const before = (await headerLogo.count()) ? await headerLogo.getAttribute('src') : null;
      await byLabel(page, l('Company logo')).setInputFiles({
        name: `logo-${locale}.png`,
        mimeType: 'image/png',
        buffer: LOGO_PNG,
      });
      await expect
        .poll(async () => (await headerLogo.getAttribute('src')) ?? '', { timeout: 30_000 })
        .not.toBe(before ?? '');
      expect(await headerLogo.getAttribute('src')).toMatch(/\/uploads\/.+\.png$/);
      expect(await page.getByTestId('theme-preview').locator('img').getAttribute('src')).toBe(
        await headerLogo.getAttribute('src'),
      );
      logoUrl = (await headerLogo.getAttribute('src'))!;
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--colors-primary')))
        .toBe(colour);
      await expectAccessible(page, `brand settings after saving (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a QAD learner sees the colour and the logo after signing in, and the links in the footer', async () => {
    expect(logoUrl).not.toBe('');
    const { context, page, errors } = await openPage(browser, locale, viewport);
    try {
      await signIn(page, locale, 'learner@qad.halaqa.test');
      const logo = page.getByTestId('company-logo');
      await expect.poll(async () => (await logo.getAttribute('src')) ?? '').toBe(logoUrl);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
      expect(await logo.getAttribute('alt')).toBe('Qatar Academy of Digital');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--colors-primary')))
        .toBe(colour);
      const links = page.getByTestId('company-links');
      await links.getByRole('link', { name: l('Website') }).waitFor();
      expect(await links.getByRole('link', { name: l('Website') }).getAttribute('href')).toBe(
        'https://qad.halaqa.test',
      );
      await page.goto(`${BASE_URL}/courses?lang=${locale}`);
      await page.getByTestId('company-logo').waitFor();
      await expectAccessible(page, `a member's catalog (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
