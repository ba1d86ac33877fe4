import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Origin of the server started by scripts/e2e.mjs. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'Halaqa-demo-1';

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Reads a Lingui .po catalog into msgid → msgstr (plural forms and context ignored). */
function readCatalog(locale: 'en' | 'ar'): Map<string, string> {
  const text = readFileSync(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const map = new Map<string, string>();
  const unquote = (block: string) => [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
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

/** Runs axe on the page and returns the serious and critical violations (WCAG 2.1 AA rules). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

interface ExploredSession {
  id: number;
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
