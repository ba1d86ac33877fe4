import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** Origin of the server started by scripts/e2e.mjs. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'Halaqa-demo-1';

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One Chromium for the tests of the calling file: launched before them, closed after. Answers the
 * browser (call it inside a test or hook, once it is launched).
 */
export function chromiumForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not launched yet: call the browser in a test or hook');
    return browser;
  };
}

/** Reads a Lingui .po catalog into msgid → msgstr (plural forms and context ignored). */
function readCatalog(locale: 'en' | 'ar'): Map<string, string> {
  const text = readFileSync(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const map = new Map<string, string>();
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
  for (const entry of text.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (id && str) map.set(unquote(id[1]), unquote(str[1]));
  }
  return map;
}

const catalogs = { en: null as Map<string, string> | null, ar: null as Map<string, string> | null };

/** A page's text in a language: the catalog's translation of an English source string. */
export function tr(locale: 'en' | 'ar', source: string): string {
  if (locale === 'en') return source;
  catalogs.ar ??= readCatalog('ar');
  const out = catalogs.ar.get(source);
  if (!out) throw new Error(`no Arabic translation for "${source}"`);
  return out;
}

/** A pattern matching a translated message with placeholders ({total}) standing for any text. */
export function trPattern(locale: 'en' | 'ar', source: string): RegExp {
  const escaped = tr(locale, source)
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(escaped);
}

/** `text` as a literal inside a regular expression. */
export const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its whole label, with or without the required mark (`E-mail *`). */
export function byLabel(scope: Page | Locator, text: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRe(text)}\\s*\\*?$`));
}

/**
 * A new browser context in a language (`ar` or `en-US`), viewport and time zone (IANA, default
 * Europe/Paris); uncaught page errors are collected in `errors` for the test to assert empty.
 */
export async function openPage(
  browser: Browser,
  locale: 'en' | 'ar',
  viewport: { width: number; height: number },
  timezoneId = 'Europe/Paris',
) {
  const context = await browser.newContext({ viewport, locale: locale === 'ar' ? 'ar' : 'en-US', timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * Signs in through /login in `locale` with the demo password and waits to leave the login page;
 * checks first that the page is in that language and direction (`dir` rtl for Arabic).
 */
export async function signIn(page: Page, locale: 'en' | 'ar', email: string) {
  await page.goto(`${BASE_URL}/login?lang=${locale}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
  await byLabel(page, tr(locale, 'E-mail')).fill(email);
  await byLabel(page, tr(locale, 'Password')).fill(DEMO_PASSWORD);
  // Not exact: the catalog reader above ignores msgctxt, so tr('ar', 'Sign in') answers the header
  // link's 'دخول' ("header link" context) instead of the button's 'تسجيل الدخول', which contains it.
  await page.getByRole('button', { name: tr(locale, 'Sign in') }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/**
 * Signs `email` in through the API with the demo password (to prepare or check what the browser
 * does); answers the bearer token and the user's id. Fails unless the server answers 200.
 */
export async function apiSignIn(email: string): Promise<{ token: string; userId: number }> {
  const res = await fetch(`${BASE_URL}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const { token, user } = (await res.json()).data as { token: string; user: { id: number } };
  return { token, userId: user.id };
}

/**
 * The session of `course` that `email` is enrolled in and that has started, read through the API
 * (other tests may enrol the learner in more sessions, even of the same course); throws if none.
 */
export async function runningSessionId(email: string, course: string): Promise<number> {
  const { token } = await apiSignIn(email);
  const res = await fetch(`${BASE_URL}/api/sessions/enrollments`, { headers: { authorization: `Bearer ${token}` } });
  const enrollments = (await res.json()).data as Array<{
    sessionId: number;
    status: string;
    session: { startDate: string };
    course: { title: string };
  }>;
  const today = new Date().toISOString().slice(0, 10);
  const running = enrollments.find(
    (e) => e.course.title === course && e.status === 'ACTIVE' && e.session.startDate <= today,
  );
  if (!running) throw new Error(`${email} has no running "${course}" session`);
  return running.sessionId;
}

/** No serious or critical axe violation, and nothing wider than the viewport (no sideways scrolling at 360 px). */
export async function expectAccessible(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${where}`).toEqual([]);
  const [scrollWidth, clientWidth, wide] = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The elements that stick out, named in the failure (tag, test id or class, text).
    const outside = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName} ${el.getAttribute('data-testid') ?? ''} "${(el.textContent ?? '').slice(0, 40)}"`);
    return [document.documentElement.scrollWidth, width, outside.join('; ')] as const;
  });
  expect(scrollWidth, `page width on ${where} (${wide})`).toBeLessThanOrEqual(clientWidth);
  // An e-mail address wraps after its @ or before a dot, never inside a word (a text run with an
  // @ and no space, e.g. 'learner7@', sits on one line).
  const brokenAddresses = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!/^[^\s@]*@[^\s@]*$/.test(text) || text.length > 60) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(text);
    }
    return broken;
  });
  expect(brokenAddresses, `e-mail addresses broken inside a word on ${where}`).toEqual([]);
}

/** Runs axe on the page and returns the serious and critical violations (WCAG 2.1 AA rules). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

interface ExploredSession {
  id: number;
  /** First day, 'YYYY-MM-DD' (the session's time zone). */
  startDate: string;
  price: number;
  seatsLeft: number;
  course: { id: number; title: string; isPrivate: boolean };
}

/** Finds paid public sessions with free seats through the API (what the tests will buy). */
export async function paidOpenSessions(): Promise<ExploredSession[]> {
  const res = await fetch(`${BASE_URL}/api/sessions/explore?pageSize=100`);
  const items = (await res.json()).data.items as ExploredSession[];
  return items.filter((s) => s.price > 0 && s.price < 150 && s.seatsLeft > 1 && !s.course.isPrivate);
}
