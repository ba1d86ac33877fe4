import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import {
  apiSignIn,
  BASE_URL,
  byLabel,
  chromiumForThisFile,
  expectAccessible,
  openPage,
  runningSessionId,
  signIn,
  tr,
} from './support.js';

/**
 * A reading lesson written in the rich-text editor, in a real browser against the production build:
 * educator@halaqa.test opens the reading of the demo classroom's running week (in English at 1280 px,
 * in Arabic at 360 px), adds at its end, with the keyboard only, a heading, a
 * bulleted list and a link (an unsafe address refused first), saves, and learner@halaqa.test sees them
 * rendered in the lesson. axe checks the editor, the link dialog and the learner's page; nothing is
 * wider than the screen. With `E2E_SCREENSHOTS=<dir>`, a screenshot of each step goes to
 * <dir>/rich-text-<locale>-<step>.png.
 */
const browser = chromiumForThisFile();
const SCREENS = process.env.E2E_SCREENSHOTS ?? '';
const COURSE = 'Data Structures and Algorithms';
const LEARNER = 'learner@halaqa.test';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const journeys = [
  {
    locale: 'en' as const,
    viewport: { width: 1280, height: 900 },
    lesson: 'How hash maps work inside',
    label: 'Reading text',
    heading: `Further reading ${run}`,
    items: ['Open addressing', 'Separate chaining'],
    linkText: 'the hash table article',
  },
  {
    locale: 'ar' as const,
    viewport: { width: 360, height: 780 },
    lesson: 'How hash maps work inside',
    label: 'Reading text',
    heading: `للاستزادة ${run}`,
    items: ['العنونة المفتوحة', 'السلاسل المنفصلة'],
    linkText: 'مقالة جداول التجزئة',
  },
];

const LINK = 'https://en.wikipedia.org/wiki/Hash_table';

async function shot(page: Page, locale: string, step: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/rich-text-${locale}-${step}.png`, fullPage: true });
}

/** The id of the lesson named `name` in the classroom of `sessionId`, read as the learner through the API. */
async function lessonIdOf(sessionId: number, name: string): Promise<number> {
  const { token } = await apiSignIn(LEARNER);
  const res = await fetch(`${BASE_URL}/api/sessions/${sessionId}/classroom`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const classroom = (await res.json()).data as {
    weeks: Array<{ sections: Array<{ lessons: Array<{ id: number; name: string }> }> }>;
  };
  const lesson = classroom.weeks
    .flatMap((w) => w.sections)
    .flatMap((s) => s.lessons)
    .find((l) => l.name === name);
  if (!lesson) throw new Error(`no lesson "${name}"`);
  return lesson.id;
}

/** The accessible name of the focused element. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** From the text, Shift+Tab to the toolbar, arrows to the button named `name`, Enter: back in the text. */
async function toolbarPress(page: Page, name: string) {
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=toolbar]') !== null)).toBe(true);
  const rtl = await page.evaluate(() => document.documentElement.dir === 'rtl');
  for (let i = 0; i < 13 && (await focusedName(page)) !== name; i++)
    await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
  expect(await focusedName(page)).toBe(name);
  await page.keyboard.press('Enter');
  // The editor takes the focus back at the next animation frame (TipTap's focus command): typing
  // before that would land on the button, and a space would press it again.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[contenteditable=true]') !== null))
    .toBe(true);
}

describe.each(journeys)('rich-text lesson ($locale, $viewport.width px)', (journey) => {
  const { locale, viewport } = journey;
  const l = (source: string) => tr(locale, source);

  it('the educator writes a heading, a list and a link with the keyboard; the learner reads them', async () => {
    const sessionId = await runningSessionId(LEARNER, COURSE);
    const lessonId = await lessonIdOf(sessionId, journey.lesson);

    const educator = await openPage(browser(), locale, viewport);
    try {
      const page = educator.page;
      await signIn(page, locale, 'educator@halaqa.test');
      await page.goto(`${BASE_URL}/courses/live/edit/lessons/${lessonId}`);
      const text = page.getByRole('textbox', { name: l(journey.label), exact: true });
      await text.waitFor();
      const toolbar = page.getByRole('toolbar', { name: l('Formatting') });
      await shot(page, locale, '0-editor');
      await expectAccessible(page, `lesson editor (${locale})`);

      // At the end of the lesson, a new paragraph made a heading.
      await text.focus();
      await page.keyboard.press('Control+End');
      // The editor reads the caret the browser moved on its next selectionchange event: Enter
      // before that would split the lesson's first line (TipTap keeps the editor on its element).
      await expect
        .poll(() =>
          text.evaluate((e) => {
            const { state } = (e as unknown as { editor: { state: EditorState } }).editor;
            return state.selection.head === state.doc.content.size - 1;
          }),
        )
        .toBe(true);
      await page.keyboard.press('Enter');
      await toolbarPress(page, l('Heading 2'));
      await page.keyboard.type(journey.heading);
      await expect
        .poll(() => toolbar.getByRole('button', { name: l('Heading 2') }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.keyboard.press('Enter');

      // A bulleted list of two items, then out of the list (Enter on an empty item).
      await toolbarPress(page, l('Bulleted list'));
      await page.keyboard.type(journey.items[0]!);
      await page.keyboard.press('Enter');
      await page.keyboard.type(journey.items[1]!);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');

      // A link with Ctrl+K: javascript: is refused, an https address is taken.
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: l('Add link') });
      await dialog.waitFor();
      const address = byLabel(dialog, l('Link address'));
      await expect.poll(() => address.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.type('javascript:alert(1)');
      await page.keyboard.press('Tab');
      await page.keyboard.type(journey.linkText);
      await page.keyboard.press('Enter');
      await dialog.getByText(l('Only links starting with https://, http:// or mailto: are allowed.')).waitFor();
      await expectAccessible(page, `link dialog (${locale})`);
      await shot(page, locale, '1-link-refused');
      await expect.poll(() => address.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(LINK);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      await text.getByRole('heading', { level: 2, name: journey.heading }).waitFor();
      expect(await text.getByRole('link', { name: journey.linkText }).getAttribute('href')).toBe(LINK);
      await expectAccessible(page, `lesson editor with the new content (${locale})`);
      await shot(page, locale, '2-editor');

      await page.getByRole('button', { name: l('Save the lesson') }).click();
      await page.getByText(l('Lesson saved'), { exact: true }).first().waitFor();
      expect(educator.errors).toEqual([]);
    } finally {
      await educator.context.close();
    }

    const learner = await openPage(browser(), locale, viewport);
    try {
      const page = learner.page;
      await signIn(page, locale, LEARNER);
      await page.goto(`${BASE_URL}/classroom/${sessionId}/lessons/${lessonId}`);
      await page.getByRole('heading', { level: 1, name: journey.lesson }).waitFor();
      const heading = page.getByRole('heading', { level: 2, name: journey.heading });
      await heading.waitFor();
      expect(await heading.getAttribute('dir')).toBe('auto');
      const list = page.getByRole('list').filter({ hasText: journey.items[0]! });
      expect((await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim())).toEqual(journey.items);
      const link = page.getByRole('link', { name: journey.linkText });
      expect(await link.getAttribute('href')).toBe(LINK);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');
      // Arabic headings and items read right to left, the code block left to right.
      const direction = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((e) => getComputedStyle(e).direction);
      if (locale === 'ar') expect(await heading.evaluate((e) => getComputedStyle(e).direction)).toBe('rtl');
      if (locale === 'en') expect(await direction('pre')).toBe('ltr');
      await expectAccessible(page, `the lesson as the learner reads it (${locale})`);
      await shot(page, locale, '3-learner');
      expect(learner.errors).toEqual([]);
    } finally {
      await learner.context.close();
    }
  });
});
