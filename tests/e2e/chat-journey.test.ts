import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  byLabel,
  expectAccessible,
  chromiumForThisFile,
  openPage,
  signIn,
  tr,
  runningSessionId,
} from './support.js';

/**
 * The session chat in two browser windows: learner@halaqa.test and the educator
 * open the classroom of the running "Data Structures and Algorithms" session, each in their own
 * browser context; each message one of them sends is seen by the other within a second without
 * reloading, and is announced politely to the other (aria-live). The educator then deletes both
 * messages, which disappear from the learner's window too (the demo chat is left as it was found).
 * English at 1280 px, Arabic (right-to-left) at 360 px; axe checks both windows.
 */
const browser = chromiumForThisFile();

type Locale = 'en' | 'ar';
const COURSE = 'Data Structures and Algorithms';

const demoSessionId = () => runningSessionId('learner@halaqa.test', COURSE);

/** Sends `text` from `from` (Enter in the message box) and returns how long `to` took to show it (ms). */
async function sendAndTime(locale: Locale, from: Page, to: Page, text: string): Promise<number> {
  const box = byLabel(from, tr(locale, 'Your message'));
  await box.fill(text);
  const started = Date.now();
  await box.press('Enter');
  await to.getByTestId('chat-message').filter({ hasText: text }).waitFor({ timeout: 5000 });
  const elapsed = Date.now() - started;
  // The sender sees it too, and the box is empty again.
  await from.getByTestId('chat-message').filter({ hasText: text }).waitFor({ timeout: 5000 });
  expect(await box.inputValue()).toBe('');
  return elapsed;
}

describe.each([
  ['en', { width: 1280, height: 900 }],
  ['ar', { width: 360, height: 800 }],
] as const)('session chat in two windows (%s)', (locale, viewport) => {
  it('a learner and the educator see each other’s messages within a second, and the educator deletes them', async () => {
    const sessionId = await demoSessionId();
    const learner = await openPage(browser(), locale, viewport);
    const educator = await openPage(browser(), locale, viewport);
    try {
      await signIn(learner.page, locale, 'learner@halaqa.test');
      await signIn(educator.page, locale, 'educator@halaqa.test');
      for (const { page } of [learner, educator]) {
        await page.goto(`${BASE_URL}/classroom/${sessionId}?lang=${locale}`);
        await expect
          .poll(() => page.getByTestId('chat-status').textContent(), { timeout: 15_000 })
          .toBe(tr(locale, 'Connected'));
        // The demo conversation is there (history over REST).
        await page.getByTestId('chat-message').filter({ hasText: 'Thanks! See you at the live class.' }).waitFor();
      }
      await expectAccessible(learner.page, `classroom chat, learner (${locale})`);
      await expectAccessible(educator.page, `classroom chat, educator (${locale})`);

      const stamp = Date.now().toString(36);
      const question = locale === 'ar' ? `هل الاختبار يوم الأحد؟ ${stamp}` : `Is the quiz due on Sunday? ${stamp}`;
      const answer = locale === 'ar' ? `نعم، قبل منتصف الليل ${stamp}` : `Yes, before midnight ${stamp}`;
      const toEducator = await sendAndTime(locale, learner.page, educator.page, question);
      const toLearner = await sendAndTime(locale, educator.page, learner.page, answer);
      console.log(`chat (${locale}): learner → educator ${toEducator} ms, educator → learner ${toLearner} ms`);
      expect(toEducator).toBeLessThanOrEqual(1000);
      expect(toLearner).toBeLessThanOrEqual(1000);
      // Announced politely to the one who did not write it.
      await expect.poll(() => learner.page.getByTestId('chat-announcer').textContent()).toContain(answer);
      expect(await learner.page.getByTestId('chat-announcer').getAttribute('aria-live')).toBe('polite');
      await expectAccessible(learner.page, `classroom chat with new messages (${locale})`);

      // The learner may delete only their own message; the educator deletes both.
      const learnerName = 'Lina Kassem';
      expect(
        await learner.page.getByTestId('chat-message').filter({ hasText: answer }).getByRole('button').count(),
      ).toBe(0);
      expect(
        await learner.page
          .getByTestId('chat-message')
          .filter({ hasText: question })
          .getByRole('button', { name: tr(locale, 'Delete your message') })
          .count(),
      ).toBe(1);
      const questionRow = educator.page.getByTestId('chat-message').filter({ hasText: question });
      await questionRow
        .getByRole('button', { name: tr(locale, 'Delete the message from {name}').replace('{name}', learnerName) })
        .click();
      await learner.page
        .getByTestId('chat-message')
        .filter({ hasText: question })
        .waitFor({ state: 'detached', timeout: 5000 });
      const answerRow = educator.page.getByTestId('chat-message').filter({ hasText: answer });
      await answerRow.getByRole('button', { name: tr(locale, 'Delete your message') }).click();
      await learner.page
        .getByTestId('chat-message')
        .filter({ hasText: answer })
        .waitFor({ state: 'detached', timeout: 5000 });
      await educator.page
        .getByTestId('chat-message')
        .filter({ hasText: answer })
        .waitFor({ state: 'detached', timeout: 5000 });

      expect(learner.errors).toEqual([]);
      expect(educator.errors).toEqual([]);
    } finally {
      await learner.context.close();
      await educator.context.close();
    }
  }, 180_000);
});
