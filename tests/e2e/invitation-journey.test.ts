import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../server/db/seed/demo-users.js';
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
 * Invitations in a real browser against the production build: the NCAI partner invites
 * three people from a CSV file (semicolons, BOM, an Arabic name column) and sees the per-row
 * report; an invitee who already has an account opens the link from the mail the server wrote
 * (DATA_DIR/outbox), signs in, accepts, and is then in NCAI's theme. Once in English at 1280 px,
 * once in Arabic (right-to-left) at 360 px; axe checks the invitations page and the link page.
 */
const browser = chromiumForThisFile();

const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const NCAI_PRIMARY = DEMO_COMPANIES.find((c) => c.acronym === 'NCAI')!.style.primaryColor;

/** The invitation link of the newest .eml mailed to `email` (quoted-printable decoded). */
function invitationLinkTo(email: string): string | null {
  const dir = join(DATA_DIR, 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const f of files) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (!new RegExp(`^To: .*${email.replace(/[.@]/g, '\\$&')}`, 'mi').test(raw)) continue;
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const m = /(https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]+)/.exec(text);
    if (m) return m[1];
  }
  return null;
}

const RUNS = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 }, invitee: 'learner5@halaqa.test' },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 }, invitee: 'learner7@halaqa.test' },
];

describe.each(RUNS)('invitations ($locale)', ({ locale, viewport, invitee }) => {
  it('bulk-invites from a CSV, shows the report, and the invitee accepts from the mailed link into the company theme', async () => {
    expect(DATA_DIR, 'scripts/e2e.mjs passes E2E_DATA_DIR').not.toBe('');
    const partner = await openPage(browser(), locale, viewport);
    await signIn(partner.page, locale, 'partner@ncai.halaqa.test');
    await partner.page.goto(`${BASE_URL}/dashboard/company/invitations`);
    await partner.page.getByRole('heading', { level: 1, name: tr(locale, 'Invitations') }).waitFor();

    const fresh = `new.${locale}.${Date.now()}@example.org`;
    const csv = `\uFEFFname;email;role\nليلى;${invitee};LEARNER\nعمر;${fresh};EDUCATOR\nBad;not-an-email;LEARNER\n`;
    await partner.page
      .getByTestId('bulk-file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const report = partner.page.getByTestId('bulk-report');
    await report.waitFor();
    await expect.poll(() => report.locator('tbody tr').count()).toBe(3);
    const rows = report.locator('tbody tr');
    await expect.poll(() => rows.nth(0).innerText()).toContain(tr(locale, 'Invited'));
    await expect.poll(() => rows.nth(2).innerText()).toContain(tr(locale, 'Invalid e-mail'));
    // The role is named in full (not cut), and the report fits the screen (cards on a phone).
    await expect.poll(() => rows.nth(1).innerText()).toContain(tr(locale, 'Educator'));
    expect(
      await partner.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    // The list shows the new invitations.
    await expect.poll(() => partner.page.getByTestId('invitations-table').innerText()).toContain(invitee);
    await expectAccessible(partner.page, `invitations page (${locale})`);
    expect(partner.errors).toEqual([]);
    await partner.context.close();

    // The invitee opens the link from the mail, signs in, accepts.
    let link: string | null = null;
    await expect.poll(() => (link = invitationLinkTo(invitee))).not.toBeNull();
    const path = new URL(link!).pathname;
    const guest = await openPage(browser(), locale, viewport);
    await guest.page.goto(`${BASE_URL}${path}?lang=${locale}`);
    await guest.page.getByRole('heading', { level: 1 }).filter({ hasText: 'National Center for AI' }).waitFor();
    await expectAccessible(guest.page, `invitation link page (${locale})`);
    await guest.page.getByRole('link', { name: tr(locale, 'Sign in to accept') }).click();
    await guest.page.waitForURL((url) => url.pathname === '/login');
    await byLabel(guest.page, tr(locale, 'E-mail')).fill(invitee);
    await byLabel(guest.page, tr(locale, 'Password')).fill(DEMO_PASSWORD);
    await guest.page.getByRole('button', { name: tr(locale, 'Sign in') }).click();
    await guest.page.waitForURL((url) => url.pathname === path);
    const accept = guest.page.getByRole('button', { name: new RegExp('National Center for AI') });
    await accept.click();
    await guest.page.waitForURL((url) => url.pathname !== path);
    // The company's theme now applies.
    await expect
      .poll(() =>
        guest.page.evaluate(() =>
          document.documentElement.style.getPropertyValue('--colors-primary').trim().toLowerCase(),
        ),
      )
      .toBe(NCAI_PRIMARY.toLowerCase());
    // The link is used up.
    await guest.page.goto(`${BASE_URL}${path}`);
    await guest.page
      .getByRole('heading', { level: 1, name: tr(locale, 'This invitation has already been used') })
      .waitFor();
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });
});
