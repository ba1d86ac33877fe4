import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  escapeRe,
  expectAccessible,
  launchChromium,
  openPage as openContext,
  signIn,
  tr,
  runningSessionId,
} from './support.js';

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
beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENS) mkdirSync(SCREENS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

type Locale = 'en' | 'ar';

/**
 * Where the journey keeps a full-page screenshot of each step (`E2E_SCREENSHOTS=<dir>`, as the other
 * journeys): none by default. The 30 full-page captures took a share of the CI run's browser time
 * and were compared with nothing.
 */
const SCREENS = process.env.E2E_SCREENSHOTS ?? process.env.E2E_SCREENS_DIR ?? '';
const COURSE = 'Data Structures and Algorithms';
const LEARNER = { email: 'learner@halaqa.test', name: 'Lina Kassem' };
/** Week 3 of the demo course ("Hashing" and "Problem solving"), as demo-courses.ts names its lessons. */
const LESSONS = {
  reading: 'How hash maps work inside',
  notes: 'Hashing cheat sheet',
  quiz: 'Hashing quiz',
  path: 'Learning path: when to reach for a hash map',
  programming: 'Two sum in one pass',
  document: 'Design a URL shortener',
};

/** A one-pass twoSum with a Map: passes the five tests of HASHING_PROGRAMMING. */
const TWO_SUM = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const j = seen.get(target - nums[i]);
    if (j !== undefined) return [j, i];
    seen.set(nums[i], i);
  }
  return null;
}
`;

/** A small but well-formed one-page PDF (the server checks the file's signature). */
const DESIGN_PDF = Buffer.from(
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

const journeys = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 }, textLesson: LESSONS.reading, grade: 88 },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 }, textLesson: LESSONS.notes, grade: 91 },
];

/** A translated message with its `{placeholders}` filled in. */
function trf(locale: Locale, source: string, values: Record<string, string | number>): string {
  return tr(locale, source).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Exactly one of these translated messages (a button whose label depends on earlier attempts). */
function oneOf(locale: Locale, sources: string[]): RegExp {
  return new RegExp(`^(?:${sources.map((s) => escapeRe(tr(locale, s))).join('|')})$`);
}

/** A full-page screenshot for a human to look at (not compared). */
async function shot(page: Page, locale: Locale, step: string) {
  if (!SCREENS) return;
  // From the top, so the sticky header is where a reader expects it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENS}/classroom-${locale}-${step}.png`, fullPage: true });
}

/** A new browser context in the journey's language, size and a fixed time zone; page errors are collected. */
function openPage(locale: Locale, viewport: { width: number; height: number }) {
  return openContext(browser, locale, viewport);
}

/**
 * The demo classroom's session: the running DSA session learner@halaqa.test is enrolled in, read
 * through the API (other tests may enrol the learner in more sessions, even of the same course).
 */
const demoSessionId = () => runningSessionId(LEARNER.email, COURSE);

/** A lesson's row of the classroom's syllabus, by the lesson's name. */
function lessonRow(page: Page, name: string): Locator {
  return page.getByTestId('classroom-lesson').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The learner's progress bar of the classroom page: how many lessons are done. */
async function lessonsDone(page: Page, locale: Locale): Promise<number> {
  const bar = page.getByRole('progressbar', { name: tr(locale, 'Your progress'), exact: true });
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** Opens a lesson from the classroom's syllabus and waits for its page. */
async function openLesson(page: Page, sessionId: number, name: string) {
  await lessonRow(page, name).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(new RegExp(`/classroom/${sessionId}/lessons/\\d+`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Back to the classroom from a lesson page, and waits for the syllabus. */
async function backToClassroom(page: Page, locale: Locale, sessionId: number) {
  await page.getByRole('link', { name: tr(locale, 'Back to the classroom'), exact: true }).click();
  await page.waitForURL(new RegExp(`/classroom/${sessionId}(?:[?#]|$)`));
  await page.getByRole('heading', { level: 2, name: tr(locale, 'Syllabus'), exact: true }).waitFor();
}

/** Answers the quiz question on screen correctly (the answer key of HASHING_QUIZ), by its prompt. */
async function answerCorrectly(question: Locator, locale: Locale) {
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

describe.each(journeys)(
  'classroom journey ($locale, $viewport.width px)',
  ({ locale, viewport, textLesson, grade }) => {
    const l = (source: string) => tr(locale, source);
    /** Each run hands in its own file, so the educator grades the right one. */
    const pdfName = `url-shortener-${locale}.pdf`;
    let workHandedIn = false;
    let graded = false;

    it('a learner opens the classroom, finishes a lesson, takes the quiz and solves the programming assignment', async () => {
      const sessionId = await demoSessionId();
      const { context, page, errors } = await openPage(locale, viewport);
      try {
        // 1. Sign in → My courses → "Go to classroom" on the DSA session.
        await signIn(page, locale, LEARNER.email);
        await page.waitForURL(/\/my-courses/);
        const goToClassroom = page
          .getByRole('link', { name: new RegExp(`${escapeRe(l('Go to classroom'))}.*${escapeRe(COURSE)}`) })
          .and(page.locator(`[href="/classroom/${sessionId}"], [href^="/classroom/${sessionId}?"]`));
        await goToClassroom.waitFor();
        await expectAccessible(page, `my courses (${locale})`);
        await shot(page, locale, '1-my-courses');
        await goToClassroom.click();
        await page.waitForURL(new RegExp(`/classroom/${sessionId}(?:[?#]|$)`));

        // The classroom: course header, the learner's progress, the syllabus by week and section.
        await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
        await page.getByRole('heading', { level: 2, name: l('Syllabus'), exact: true }).waitFor();
        const progress = page.getByRole('progressbar', { name: l('Your progress'), exact: true });
        await progress.waitFor();
        const total = Number(await progress.getAttribute('aria-valuemax'));
        expect(total).toBeGreaterThan(0);
        const doneBefore = await lessonsDone(page, locale);
        await page
          .getByRole('heading', { level: 3, name: trf(locale, 'Week {weekNumber}', { weekNumber: 3 }), exact: true })
          .waitFor();
        for (const section of ['Hashing', 'Problem solving'])
          await page.getByRole('region', { name: section, exact: true }).first().waitFor();
        for (const name of Object.values(LESSONS)) await lessonRow(page, name).waitFor();
        await expect.poll(() => lessonRow(page, textLesson).innerText()).toContain(l('Not started'));
        await expectAccessible(page, `classroom (${locale})`);
        await shot(page, locale, '2-classroom');

        // 1b. The live meeting (the server schedules one at its start): "Join meeting" records the
        //     learner's attendance and opens the meeting in a new tab, then offers a link back to it.
        const meeting = page.getByRole('region', { name: l('Next live meeting'), exact: true });
        const joinButton = meeting.getByRole('button', { name: new RegExp(`^${escapeRe(l('Join meeting'))}`) });
        await expect.poll(() => joinButton.isEnabled()).toBe(true);
        const [meetingTab] = await Promise.all([context.waitForEvent('page'), joinButton.click()]);
        await meetingTab.close();
        await meeting.getByRole('link', { name: l('Open the meeting in a new tab'), exact: true }).waitFor();

        // 2. A reading (notes in Arabic): "Mark as done"; back in the classroom the lesson is done.
        await openLesson(page, sessionId, textLesson);
        await page.getByRole('button', { name: l('Mark as done'), exact: true }).click();
        await page.getByText(l('You finished this lesson.'), { exact: true }).waitFor();
        await expectAccessible(page, `${textLesson} (${locale})`);
        await shot(page, locale, '3-reading-done');
        await backToClassroom(page, locale, sessionId);
        await expect.poll(() => lessonRow(page, textLesson).innerText()).toContain(l('Done'));
        await expect.poll(() => lessonsDone(page, locale)).toBe(doneBefore + 1);

        // 3. The quiz: start (or start a new attempt after the other run's), answer every question
        //    right, submit through the confirmation: full score and one "Correct" per question.
        await openLesson(page, sessionId, LESSONS.quiz);
        const start = page.getByRole('button', {
          name: oneOf(locale, ['Start the quiz', 'Start a new attempt', 'Resume the quiz']),
        });
        await start.waitFor();
        await expectAccessible(page, `quiz overview (${locale})`);
        await start.click();
        const question = page.getByTestId('quiz-question');
        const questionHeading = (n: number) =>
          page.getByRole('heading', {
            name: trf(locale, 'Question {number} of {total}', { number: n, total: 5 }),
            exact: true,
          });
        for (let n = 1; n <= 5; n++) {
          await questionHeading(n).waitFor();
          if (n === 3) {
            // Half-way, once the page says the answers are saved, it is reloaded: the open attempt
            // is resumed at the same question, and the answers given so far are kept (the
            // confirmation below counts them).
            await page
              .getByRole('status')
              .filter({ hasText: l('All answers saved') })
              .waitFor();
            await page.reload();
            await page.getByRole('button', { name: l('Resume the quiz'), exact: true }).click();
            await questionHeading(3).waitFor();
          }
          await answerCorrectly(question, locale);
          if (n === 1) {
            await expectAccessible(page, `quiz question (${locale})`);
            await shot(page, locale, '4-quiz-question');
          }
          if (n < 5) await page.getByRole('button', { name: l('Next'), exact: true }).click();
        }
        await page.getByRole('button', { name: l('Submit the quiz'), exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: l('Submit your answers?') });
        await confirm.getByText(l('All questions are answered.')).waitFor();
        await expectAccessible(page, `quiz confirmation (${locale})`);
        await shot(page, locale, '5-quiz-confirm');
        await confirm.getByRole('button', { name: l('Submit'), exact: true }).click();
        await page.getByRole('heading', { name: l('Your result'), exact: true }).waitFor({ timeout: 30_000 });
        // 6 of 6 question points (1 + 2 + 1 + 1 + 1), in the page's digits.
        const six = await page.evaluate(
          (loc) => new Intl.NumberFormat(loc, { maximumFractionDigits: 2 }).format(6),
          locale === 'ar' ? 'ar' : 'en-US',
        );
        await page
          .getByRole('status')
          .filter({ hasText: trf(locale, 'Score: {score} / {max}', { score: six, max: six }) })
          .waitFor();
        const feedback = page.getByTestId('quiz-feedback');
        await expect.poll(() => feedback.count()).toBe(5);
        for (let i = 0; i < 5; i++) {
          await feedback.nth(i).getByText(l('Correct'), { exact: true }).waitFor();
          expect(await feedback.nth(i).getByText(l('Incorrect'), { exact: true }).count()).toBe(0);
          await feedback.nth(i).getByText(l('Explanation:')).waitFor();
        }
        // The lesson's header follows: the best attempt's grade, in the lesson's points.
        await page
          .locator('header')
          .getByText(trf(locale, 'Grade: {grade} / {points}', { grade: 100, points: 100 }), { exact: true })
          .waitFor();
        await expectAccessible(page, `quiz result (${locale})`);
        await shot(page, locale, '6-quiz-result');
        // The classroom shows the quiz autograded with all its points.
        await backToClassroom(page, locale, sessionId);
        await expect.poll(() => lessonRow(page, LESSONS.quiz).innerText()).toContain(l('Autograded'));
        await expect
          .poll(() => lessonRow(page, LESSONS.quiz).innerText())
          .toContain(trf(locale, '{grade} / {points} points', { grade: 100, points: 100 }));

        // 4. The programming assignment: replace the starter code in the editor, run the tests.
        await openLesson(page, sessionId, LESSONS.programming);
        const editor = page.getByRole('textbox', { name: l('Your code'), exact: true });
        await editor.waitFor();
        await expect.poll(() => editor.innerText()).toContain('// Your code here');
        await editor.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.insertText(TWO_SUM);
        await expect.poll(() => editor.innerText()).toContain('seen.set(nums[i], i);');
        expect(await editor.innerText()).not.toContain('// Your code here');
        await page.getByRole('button', { name: l('Run tests & submit'), exact: true }).click();
        const passed = trf(locale, '{passed} of {total} tests passed', { passed: 5, total: 5 });
        await page.getByRole('status').filter({ hasText: passed }).waitFor({ timeout: 30_000 });
        const results = page.getByTestId('test-result');
        await expect.poll(() => results.count()).toBe(5);
        expect(await page.locator('[data-testid="test-result"][data-passed="true"]').count()).toBe(5);
        // The new submission tops the learner's history.
        await page.getByTestId('submission').first().getByText(passed).waitFor();
        await expectAccessible(page, `programming assignment (${locale})`);
        await shot(page, locale, '7-programming');

        // 4b. The document assignment: choosing a PDF hands it in (the Arabic run hands in again:
        //     the earlier submission stays in the history).
        await backToClassroom(page, locale, sessionId);
        await openLesson(page, sessionId, LESSONS.document);
        await page
          .getByLabel(l('Your document'), { exact: true })
          .setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: DESIGN_PDF });
        await page
          .getByText(l('Assignment submitted successfully'), { exact: true })
          .first()
          .waitFor({ timeout: 30_000 });
        const handedIn = page.getByTestId('submission').first();
        await handedIn.getByText(pdfName).waitFor();
        await handedIn.getByText(l('Not graded yet'), { exact: true }).waitFor();
        await expectAccessible(page, `document assignment (${locale})`);
        await shot(page, locale, '8-document');
        workHandedIn = true;
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it("the educator finds the learner's work on the session's Submissions page and grades the document", async () => {
      expect(workHandedIn, "the learner's code and document submissions").toBe(true);
      const sessionId = await demoSessionId();
      const { context, page, errors } = await openPage(locale, viewport);
      try {
        await signIn(page, locale, 'educator@halaqa.test');
        await page.goto(`${BASE_URL}/dashboard/sessions/${sessionId}?lang=${locale}`);
        const tabs = page.getByRole('navigation', { name: l('Session pages'), exact: true });
        await tabs.getByRole('link', { name: l('Submissions'), exact: true }).click();
        await page.waitForURL(new RegExp(`/dashboard/sessions/${sessionId}/submissions`));
        const rows = page.getByTestId('submission-row').filter({ hasText: LEARNER.name });

        // The code submission: autograded, 5 of 5 tests, full points.
        const code = rows.filter({ hasText: LESSONS.programming }).first();
        await code.waitFor();
        await code.getByText(l('Autograded'), { exact: true }).waitFor();
        await code.getByText(trf(locale, '{passed} of {total} tests passed', { passed: 5, total: 5 })).waitFor();
        await code.getByText(trf(locale, '{grade} / {points}', { grade: 100, points: 100 }), { exact: true }).waitFor();

        // The document: waiting for a grade; "Add grade" → a grade with a comment → 'Grade edited!'.
        const document = rows.filter({ hasText: pdfName });
        await document.waitFor();
        await expectAccessible(page, `submissions (${locale})`);
        await shot(page, locale, '9-submissions');
        await document.getByRole('button', { name: new RegExp(`^${escapeRe(l('Add grade'))}`) }).click();
        const dialog = page.getByRole('dialog', { name: l('Grade the submission'), exact: true });
        await dialog.waitFor();
        await dialog.getByLabel(new RegExp(`^${escapeRe(l('Grade'))}\\s*\\*?$`)).fill(String(grade));
        await dialog.getByLabel(l('Comment'), { exact: true }).fill('A clear design; say more about code collisions.');
        await expectAccessible(page, `grading dialog (${locale})`);
        await shot(page, locale, '10-grade-dialog');
        await dialog.getByRole('button', { name: l('Save grade'), exact: true }).click();
        await page.getByText(l('Grade edited!'), { exact: true }).first().waitFor({ timeout: 30_000 });
        await dialog.waitFor({ state: 'detached' });
        await document.getByText(trf(locale, '{grade} / {points}', { grade, points: 100 }), { exact: true }).waitFor();
        await document.getByRole('button', { name: new RegExp(`^${escapeRe(l('Edit grade'))}`) }).waitFor();

        // The attendance tab of the same session: the learner joined the live meeting.
        await tabs.getByRole('link', { name: l('Attendance'), exact: true }).click();
        await page.waitForURL(new RegExp(`/dashboard/sessions/${sessionId}/attendance`));
        await tabs
          .locator('[aria-current="page"]')
          .filter({ hasText: l('Attendance') })
          .waitFor();
        expect(await tabs.locator('[aria-current="page"]').count(), 'one current tab').toBe(1);
        const learnerRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: LEARNER.name }) });
        await learnerRow.getByText(l('Attended'), { exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `attendance (${locale})`);
        await shot(page, locale, '11-attendance');
        expect(errors).toEqual([]);
        graded = true;
      } finally {
        await context.close();
      }
    });

    it('the learner sees the grade and the comment in the classroom', async () => {
      expect(graded, 'the document graded by the educator').toBe(true);
      const sessionId = await demoSessionId();
      const { context, page, errors } = await openPage(locale, viewport);
      try {
        await signIn(page, locale, LEARNER.email);
        await page.goto(`${BASE_URL}/classroom/${sessionId}?lang=${locale}`);
        await page.getByRole('heading', { level: 2, name: l('Syllabus'), exact: true }).waitFor();
        await expect
          .poll(() => lessonRow(page, LESSONS.document).innerText())
          .toContain(trf(locale, '{grade} / {points} points', { grade, points: 100 }));
        await openLesson(page, sessionId, LESSONS.document);
        const handedIn = page.getByTestId('submission').first();
        await handedIn.getByText(trf(locale, 'Grade: {grade} / {points}', { grade, points: 100 })).waitFor();
        await handedIn.getByText('A clear design; say more about code collisions.').waitFor();
        await expectAccessible(page, `graded document (${locale})`);
        await shot(page, locale, '12-graded');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  },
);

describe('refusals a user sees', () => {
  it("a learner of another session opening the classroom's address sees the forbidden message, not the classroom", async () => {
    const sessionId = await demoSessionId();
    const { context, page, errors } = await openPage('en', { width: 1280, height: 900 });
    try {
      await signIn(page, 'en', 'learner1@halaqa.test');
      await page.goto(`${BASE_URL}/classroom/${sessionId}?lang=en`);
      await page.getByRole('heading', { level: 1, name: 'You do not have access to this page', exact: true }).waitFor();
      await page.getByText("Only the session's learners and educator can open its classroom").waitFor();
      expect(await page.getByRole('heading', { name: 'Syllabus', exact: true }).count()).toBe(0);
      expect(await page.getByRole('progressbar', { name: 'Your progress' }).count()).toBe(0);
      await shot(page, 'en', '13-forbidden');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
