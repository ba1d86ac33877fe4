import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { escapeRe, launchChromium, openPage as openContext, tr, runningSessionId } from './support.js';

/**
 * The live classroom, in a real browser against the production build, on the demo
 * classroom (server/db/seed/classroom-demo.ts): learner@halaqa.test goes from My courses to the
 * running "Data Structures and Algorithms" session, joins the meeting the server made live at its
 * start, finishes a reading, takes the week-3 quiz (reloading the page half-way resumes it at the
 * same question; every answer right: full score and per-question feedback), solves the twoSum
 * programming assignment in the code editor (5 of 5 tests) and hands in a PDF; the educator finds
 * the work on the session's Submissions page, grades the document and sees the learner's
 * attendance; the learner then sees the grade and the comment. Once in English at desktop width, once
 * in Arabic (right-to-left) at 360 px — both as learner@halaqa.test, so the Arabic run starts a new
 * quiz attempt after the English one; axe checks each page. A learner of another session is refused.
 * With `E2E_SCREENSHOTS=<dir>`, a screenshot of each step goes to <dir>/classroom-<locale>-<step>.png.
 */
let browser: Browser;
/**
 * Launches Chromium before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useBrowser() {
  beforeAll(async () => {
    browser = await launchChromium();
    if (SCREENS) mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
}

type Locale = 'en' | 'ar';

/**
 * Where the journey keeps a full-page screenshot of each step (`E2E_SCREENSHOTS=<dir>`, as the other
 * journeys): none by default. The 30 full-page captures took a share of the CI run's browser time
 * and were compared with nothing.
 */
const SCREENS = process.env.E2E_SCREENSHOTS ?? process.env.E2E_SCREENS_DIR ?? '';
/** The demo course whose session is running, and its learner. */
export const COURSE = 'Data Structures and Algorithms';
export const LEARNER = { email: 'learner@halaqa.test', name: 'Lina Kassem' };
/** Week 3 of the demo course ("Hashing" and "Problem solving"), as demo-courses.ts names its lessons. */
export const LESSONS = {
  reading: 'How hash maps work inside',
  notes: 'Hashing cheat sheet',
  quiz: 'Hashing quiz',
  path: 'Learning path: when to reach for a hash map',
  programming: 'Two sum in one pass',
  python: 'First unique character (Python)',
  document: 'Design a URL shortener',
};

/** A one-pass twoSum with a Map: passes the five tests of HASHING_PROGRAMMING. */
export const TWO_SUM = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const j = seen.get(target - nums[i]);
    if (j !== undefined) return [j, i];
    seen.set(nums[i], i);
  }
  return null;
}
`;

/** first_unique with a dict of counts: passes the five tests (two hidden) of HASHING_PYTHON_PROGRAMMING. */
export const FIRST_UNIQUE = `def first_unique(s):
    counts = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    for i, ch in enumerate(s):
        if counts[ch] == 1:
            return i
    return -1
`;

/**
 * Puts `code` in the lab's editor of the open lesson: first "Reset to starter code" (confirmed; an
 * earlier run may have left its draft), then select all and type.
 */
export async function writeInLab(page: Page, locale: 'en' | 'ar', starterMark: string, code: string): Promise<void> {
  const l = (source: string) => tr(locale, source);
  const editor = page.getByRole('textbox', { name: l('Your code'), exact: true });
  await editor.waitFor();
  await page.getByRole('button', { name: l('Reset to starter code'), exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: l('Reset to the starter code?'), exact: true });
  await ask.getByRole('button', { name: l('Reset'), exact: true }).click();
  await ask.waitFor({ state: 'detached' });
  await expect.poll(() => editor.innerText()).toContain(starterMark);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

/** Submits the lab's code after its confirmation. */
export async function submitLab(page: Page, locale: 'en' | 'ar'): Promise<void> {
  const l = (source: string) => tr(locale, source);
  await page.getByRole('button', { name: l('Submit'), exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: l('Submit for grading?'), exact: true });
  await confirm.getByRole('button', { name: l('Submit'), exact: true }).click();
}

/** A small but well-formed one-page PDF (the server checks the file's signature). */
export const DESIGN_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** The two runs: English at desktop width, Arabic at 360 px. */
export const journeys = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 }, textLesson: LESSONS.reading, grade: 88 },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 }, textLesson: LESSONS.notes, grade: 91 },
];

/** A translated message with its `{placeholders}` filled in. */
export function trf(locale: Locale, source: string, values: Record<string, string | number>): string {
  return tr(locale, source).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Exactly one of these translated messages (a button whose label depends on earlier attempts). */
export function oneOf(locale: Locale, sources: string[]): RegExp {
  return new RegExp(`^(?:${sources.map((s) => escapeRe(tr(locale, s))).join('|')})$`);
}

/** A full-page screenshot for a human to look at (not compared). */
export async function shot(page: Page, locale: Locale, step: string) {
  if (!SCREENS) return;
  // From the top, so the sticky header is where a reader expects it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/classroom-${locale}-${step}.png`, fullPage: true });
}

/** A new browser context in the journey's language, size and a fixed time zone; page errors are collected. */
export function openPage(locale: Locale, viewport: { width: number; height: number }) {
  return openContext(browser, locale, viewport);
}

/**
 * The demo classroom's session: the running DSA session learner@halaqa.test is enrolled in, read
 * through the API (other tests may enrol the learner in more sessions, even of the same course).
 */
export const demoSessionId = () => runningSessionId(LEARNER.email, COURSE);

/** A lesson's row of the classroom's syllabus, by the lesson's name. */
export function lessonRow(page: Page, name: string): Locator {
  return page.getByTestId('classroom-lesson').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The learner's progress bar of the classroom page: how many lessons are done. */
export async function lessonsDone(page: Page, locale: Locale): Promise<number> {
  const bar = page.getByRole('progressbar', { name: tr(locale, 'Your progress'), exact: true });
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** Opens a lesson from the classroom's syllabus and waits for its page. */
export async function openLesson(page: Page, sessionId: number, name: string) {
  await lessonRow(page, name).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(new RegExp(`/classroom/${sessionId}/lessons/\\d+`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Back to the classroom from a lesson page, and waits for the syllabus. */
export async function backToClassroom(page: Page, locale: Locale, sessionId: number) {
  await page.getByRole('link', { name: tr(locale, 'Back to the classroom'), exact: true }).click();
  await page.waitForURL(new RegExp(`/classroom/${sessionId}(?:[?#]|$)`));
  await page.getByRole('heading', { level: 2, name: tr(locale, 'Syllabus'), exact: true }).waitFor();
}

/** Answers the quiz question on screen correctly (the answer key of HASHING_QUIZ), by its prompt. */
export async function answerCorrectly(question: Locator, locale: Locale) {
  const prompt = await question.innerText();
  const radio = (name: string) => question.getByRole('radio', { name, exact: true });
  const checkbox = (name: string) => question.getByRole('checkbox', { name, exact: true });
  if (prompt.includes('average time to look a key up')) {
    await radio('O(1)').check();
  } else if (prompt.includes('ways to resolve collisions')) {
    for (const option of ['Separate chaining', 'Linear probing', 'Double hashing']) await checkbox(option).check();
    await checkbox('Binary search').uncheck();
  } else if (prompt.includes('can never have the same hash')) {
    await radio(tr(locale, 'False')).check();
  } else if (prompt.includes('ratio of stored entries to buckets')) {
    await question.getByRole('textbox', { name: tr(locale, 'Your answer') }).fill('load factor');
  } else if (prompt.includes('amortised cost of one insertion')) {
    await radio('O(1)').check();
  } else {
    throw new Error(`an unexpected quiz question: ${prompt}`);
  }
}
