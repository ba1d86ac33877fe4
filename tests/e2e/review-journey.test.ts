import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_URL,
  byLabel,
  escapeRe,
  expectAccessible,
  launchChromium,
  openPage,
  signIn,
  tr,
  trPattern,
  apiSignIn,
} from './support.js';

/**
 * Course reviews in a real browser against the production build: learner@halaqa.test, who attends
 * the running Data Structures and Algorithms session (a course no demo learner has reviewed), writes
 * a review on the course page (star radio group, valibot rules first), sees it in the list with the
 * course's new rating, edits it; an admin then removes it from the list (audited), leaving the demo
 * data as found. Once in English at 1280 px, once in Arabic (right to left) at 360 px; axe checks
 * each screen.
 */
const LEARNER = 'learner@halaqa.test';
const ADMIN = 'admin@halaqa.test';

let browser: Browser;
let courseId: number;

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) Object.assign(headers, { authorization: `Bearer ${init.token}`, 'x-auth-legacy': '1' });
  const res = await fetch(`${BASE_URL}/api${path}`, { ...init, headers });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}
const tokenOf = async (email: string) => (await apiSignIn(email)).token;

/** Removes the learner's review of the course through the admin call, if one is left (a failed run). */
async function removeLeftover() {
  const mine = await api<{ review: { id: number } | null }>(`/courses/${courseId}/reviews/mine`, {
    token: await tokenOf(LEARNER),
  });
  if (mine.data.review)
    await api(`/courses/${courseId}/reviews/${mine.data.review.id}`, { method: 'DELETE', token: await tokenOf(ADMIN) });
}

beforeAll(async () => {
  browser = await launchChromium();
  const explore = await api<{ items: Array<{ id: number; title: string }> }>(
    `/courses/explore?query=${encodeURIComponent('Data Structures')}&pageSize=20`,
  );
  courseId = explore.data.items.find((c) => c.title === 'Data Structures and Algorithms')!.id;
  await removeLeftover();
});
afterAll(async () => {
  await browser?.close();
});

const journeys = [
  {
    locale: 'en' as const,
    viewport: { width: 1280, height: 900 },
    text: 'Clear lessons, and the lab grades you at once.',
    edited: 'Clear lessons; the weekly lab is the best part.',
  },
  {
    locale: 'ar' as const,
    viewport: { width: 360, height: 780 },
    text: 'دروس واضحة، والمختبر يصحح فورًا.',
    edited: 'دروس واضحة، والمختبر الأسبوعي أفضل ما فيها.',
  },
];

describe.each(journeys)(
  'a learner reviews a course ($locale, $viewport.width px)',
  ({ locale, viewport, text, edited }) => {
    it('writes a review, sees it with the new rating, edits it; an admin removes it', async () => {
      const { context, page, errors } = await openPage(browser, locale, viewport);
      let done = false;
      const ok = () => done;
      try {
        await signIn(page, locale, LEARNER);
        await page.goto(`${BASE_URL}/courses/${courseId}?lang=${locale}`);
        await page.getByRole('heading', { name: tr(locale, 'Write a review') }).waitFor();
        await page.getByText(tr(locale, 'No reviews yet')).first().waitFor();
        // The Reviews section says it once (its empty state), not again beside its title.
        expect(
          await page
            .locator('section[aria-labelledby="reviews-title"]')
            .getByText(tr(locale, 'No reviews yet'))
            .count(),
        ).toBe(1);
        await expectAccessible(page, `review form (${locale})`);

        // The rules first: no star, no text.
        await page.getByRole('button', { name: tr(locale, 'Post your review') }).click();
        await page.getByText(tr(locale, 'Choose a rating from 1 to 5 stars.')).waitFor();
        await page.getByText(tr(locale, 'Write a few words about the course.')).waitFor();
        await expectAccessible(page, `review form with errors (${locale})`);

        // A pointer user clicks the star (the label of its radio).
        await page.getByTitle(tr(locale, '4 stars'), { exact: true }).click();
        await expect.poll(() => page.getByRole('radio', { name: tr(locale, '4 stars') }).isChecked()).toBe(true);
        await byLabel(page, tr(locale, 'Your review')).fill(text);
        await page.getByRole('button', { name: tr(locale, 'Post your review') }).click();
        await page.getByText(tr(locale, 'New Review Created Successfully')).waitFor();
        // The saved review, in the panel and in the list, and the course's rating from it.
        await page.getByRole('heading', { name: tr(locale, 'Your review'), exact: true }).waitFor();
        await expect.poll(() => page.getByText(text).count()).toBe(2);
        await expect
          .poll(() => page.getByRole('img', { name: trPattern(locale, 'Rated {shown} out of 5') }).count())
          .toBeGreaterThan(1);
        expect(
          (await api<{ rating: { average: number; count: number } }>(`/courses/${courseId}/info`)).data.rating,
        ).toEqual({ average: 4, count: 1 });
        await expectAccessible(page, `review saved (${locale})`);

        // Edit it: five stars, new text.
        await page.getByRole('button', { name: tr(locale, 'Edit your review') }).click();
        await page.getByRole('heading', { name: tr(locale, 'Edit your review') }).waitFor();
        // A pointer user clicks the star (the label of its radio).
        await page.getByTitle(tr(locale, '5 stars'), { exact: true }).click();
        await expect.poll(() => page.getByRole('radio', { name: tr(locale, '5 stars') }).isChecked()).toBe(true);
        await byLabel(page, tr(locale, 'Your review')).fill(edited);
        await page.getByRole('button', { name: tr(locale, 'Save your review') }).click();
        await page.getByText(tr(locale, 'Your review was updated.')).waitFor();
        await expect.poll(() => page.getByText(edited).count()).toBe(2);
        await page
          .getByText(new RegExp(`· ${escapeRe(tr(locale, 'edited'))}$`))
          .first()
          .waitFor();
        expect(
          (await api<{ rating: { average: number; count: number } }>(`/courses/${courseId}/info`)).data.rating,
        ).toEqual({ average: 5, count: 1 });
        expect(errors).toEqual([]);
        done = true;
      } finally {
        await context.close();
        if (!ok()) await removeLeftover();
      }

      // An admin removes the review from the list: the demo data is as it was.
      const admin = await openPage(browser, locale, viewport);
      try {
        await signIn(admin.page, locale, ADMIN);
        await admin.page.goto(`${BASE_URL}/courses/${courseId}?lang=${locale}`);
        await admin.page.getByText(edited).waitFor();
        await admin.page.getByRole('button', { name: trPattern(locale, 'Remove the review by {author}') }).click();
        await admin.page.getByRole('alertdialog').waitFor();
        await expectAccessible(admin.page, `remove review dialog (${locale})`);
        await admin.page.getByRole('button', { name: tr(locale, 'Remove the review'), exact: true }).click();
        await admin.page.getByText(tr(locale, 'The review was removed.')).waitFor();
        await expect.poll(() => admin.page.getByText(edited).count()).toBe(0);
        expect(
          (await api<{ rating: { average: number; count: number } }>(`/courses/${courseId}/info`)).data.rating,
        ).toEqual({ average: 0, count: 0 });
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.context.close();
        await removeLeftover();
      }
    }, 300_000);
  },
);
