import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  apiSignIn,
  BASE_URL,
  chromiumForThisFile,
  expectAccessible,
  openPage,
  runningSessionId,
  signIn,
  tr,
} from './support.js';

/**
 * Quiz results and the gradebook in a real browser against the production build and the demo data
 * (docs/classroom.md "Quiz results and the gradebook"): the educator of the running "Data Structures
 * and Algorithms" session opens its Quiz results (a learner's score and answers, as the API answers
 * them), then its Gradebook, finds that learner's quiz score in their row, and exports the CSV (a
 * download: UTF-8 with BOM, a header, one row per learner, the learner's score in it). Once in
 * English at 1280 px, once in Arabic (right-to-left) at 360 px, where the tables become cards;
 * axe-clean and no sideways scrolling.
 */
const browser = chromiumForThisFile();
const COURSE = 'Data Structures and Algorithms';
const EDUCATOR = 'educator@halaqa.test';

interface Attempt {
  learner: { id: number; name: string };
  lessonName: string;
  score: number;
  maxScore: number;
}
interface Book {
  items: { lessonId: number; name: string; kind: string; points: number }[];
  rows: { learner: { id: number; name: string }; cells: { status: string; score: number | null }[]; total: number }[];
}

/** What the API answers the educator: the latest quiz attempt and the gradebook. */
async function apiFigures(sessionId: number): Promise<{ attempt: Attempt; total: number; book: Book }> {
  const { token } = await apiSignIn(EDUCATOR);
  const headers = { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' };
  const attempts = (await (await fetch(`${BASE_URL}/api/sessions/${sessionId}/quiz-attempts`, { headers })).json())
    .data as { items: Attempt[]; total: number };
  const book = (await (await fetch(`${BASE_URL}/api/sessions/${sessionId}/gradebook`, { headers })).json())
    .data as Book;
  return { attempt: attempts.items[0]!, total: attempts.total, book };
}

/** With `E2E_SCREENSHOTS=<dir>`, a full-page screenshot of each step: <dir>/gradebook-<locale>-<step>.png. */
async function shot(page: import('playwright-core').Page, locale: string, step: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/gradebook-${locale}-${step}.png`, fullPage: true });
}

const number = (locale: 'en' | 'ar', n: number) =>
  new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US', { maximumFractionDigits: 2 }).format(n);

describe.each([
  { locale: 'en' as const, viewport: { width: 1280, height: 900 } },
  { locale: 'ar' as const, viewport: { width: 360, height: 800 } },
])('quiz results and gradebook ($locale, $viewport.width px)', ({ locale, viewport }) => {
  it("the educator sees a learner's quiz score in the quiz results and the gradebook, and exports the gradebook", async () => {
    const sessionId = await runningSessionId('learner@halaqa.test', COURSE);
    const { attempt, total, book } = await apiFigures(sessionId);
    expect(total).toBeGreaterThan(0);
    const quizIndex = book.items.findIndex((i) => i.kind === 'QUIZ' && i.name === attempt.lessonName);
    expect(quizIndex).toBeGreaterThanOrEqual(0);
    const row = book.rows.find((r) => r.learner.id === attempt.learner.id)!;
    const best = row.cells[quizIndex]!.score!;
    expect(best).toBeGreaterThanOrEqual(attempt.score);

    const { context, page, errors } = await openPage(browser(), locale, viewport);
    try {
      await signIn(page, locale, EDUCATOR);
      await page.goto(`${BASE_URL}/dashboard/sessions/${sessionId}/quizzes`);

      // Quiz results: the newest attempt first, with its learner, score and answers.
      const attemptRows = page.getByTestId('quiz-attempt-row');
      await expect.poll(() => attemptRows.count()).toBe(Math.min(total, 20));
      const first = attemptRows.first();
      expect(await first.getByRole('rowheader').innerText()).toBe(attempt.learner.name);
      expect(await first.innerText()).toContain(
        `${number(locale, attempt.score)} / ${number(locale, attempt.maxScore)}`,
      );
      await first.locator('summary').click();
      // Each answer is marked Right or Wrong (the newest attempt may be another journey's, all right).
      const marks = async () =>
        (await first.getByText(tr(locale, 'Right'), { exact: true }).count()) +
        (await first.getByText(tr(locale, 'Wrong'), { exact: true }).count());
      await expect.poll(marks).toBeGreaterThan(0);
      await expectAccessible(page, `quiz results (${locale})`);
      await shot(page, locale, '1-quiz-results');

      // The gradebook: that learner's row shows the quiz score (their best attempt) and a total.
      await page.getByRole('link', { name: tr(locale, 'Gradebook'), exact: true }).click();
      await page.waitForURL(new RegExp(`/dashboard/sessions/${sessionId}/gradebook`));
      const rows = page.getByTestId('gradebook-row');
      await expect.poll(() => rows.count()).toBe(book.rows.length);
      const learnerRow = rows.filter({ has: page.getByRole('rowheader', { name: attempt.learner.name, exact: true }) });
      const points = book.items[quizIndex]!.points;
      await expect.poll(() => learnerRow.innerText()).toContain(`${number(locale, best)} / ${number(locale, points)}`);
      expect(await learnerRow.innerText()).toContain(`${number(locale, row.total)} %`);
      await expectAccessible(page, `gradebook (${locale})`);
      await shot(page, locale, '2-gradebook');

      // The CSV: a download, UTF-8 with BOM, a header and one line per learner; the learner's score in it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: tr(locale, 'Export CSV') }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`gradebook-session-${sessionId}.csv`);
      const csv = readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(1 + book.rows.length);
      expect(lines[0]).toContain(book.items[quizIndex]!.name);
      expect(lines[0]!.startsWith(locale === 'ar' ? 'المتعلّم,' : 'Learner,')).toBe(true);
      const line = lines.find((l) => l.startsWith(`${attempt.learner.name},`))!;
      expect(line.split(',')[2 + quizIndex]).toBe(String(best));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
