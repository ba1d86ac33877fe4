import { describe, expect, it } from 'vitest';
import { BASE_URL, escapeRe, expectAccessible, signIn, tr } from './support.js';
import {
  answerCorrectly,
  backToClassroom,
  COURSE,
  demoSessionId,
  DESIGN_PDF,
  journeys,
  LEARNER,
  lessonRow,
  LESSONS,
  lessonsDone,
  oneOf,
  openLesson,
  openPage,
  shot,
  trf,
  TWO_SUM,
  FIRST_UNIQUE,
  submitLab,
  useBrowser,
  writeInLab,
} from './classroom-journey-shared.js';

useBrowser();

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
        // No link was pasted for the demo's meetings: the tab opens the session's own room
        // (MEETING_BASE_URL, set to this server by scripts/e2e.mjs).
        await meetingTab.waitForURL(
          new RegExp(`^${escapeRe(BASE_URL)}/meeting-rooms/Halaqa-${sessionId}-[0-9a-f]{20}$`),
        );
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
        await expect.poll(() => lessonRow(page, LESSONS.quiz).innerText()).toContain('100 / 100');

        // 4. The programming assignment (JavaScript): back to the starter code, write, submit after confirming.
        await openLesson(page, sessionId, LESSONS.programming);
        const editor = page.getByRole('textbox', { name: l('Your code'), exact: true });
        await writeInLab(page, locale, '// Your code here', TWO_SUM);
        await expect.poll(() => editor.innerText()).toContain('seen.set(nums[i], i);');
        expect(await editor.innerText()).not.toContain('// Your code here');
        await submitLab(page, locale);
        const passed = trf(locale, '{passed} of {total} tests passed', { passed: 5, total: 5 });
        await page.getByRole('status').filter({ hasText: passed }).waitFor({ timeout: 30_000 });
        const results = page.getByTestId('test-result');
        await expect.poll(() => results.count()).toBe(5);
        expect(await page.locator('[data-testid="test-result"][data-passed="true"]').count()).toBe(5);
        // The new submission tops the learner's history.
        await page.getByTestId('submission').first().getByText(passed).waitFor();
        await expectAccessible(page, `programming assignment (${locale})`);
        await shot(page, locale, '7-programming');

        // 4a. The Python lab: write, Run (visible tests only, nothing submitted), reload (the draft is
        //     still there), Submit after confirming and see the score.
        await backToClassroom(page, locale, sessionId);
        await openLesson(page, sessionId, LESSONS.python);
        await writeInLab(page, locale, '# Your code here', FIRST_UNIQUE);
        await expect.poll(() => editor.innerText()).toContain('counts[ch] = counts.get(ch, 0) + 1');
        const history = page.getByTestId('submission');
        const submittedBefore = await history.count();
        await page.getByRole('button', { name: l('Run'), exact: true }).click();
        const ran = page.getByRole('region', { name: l('Run results (not submitted)'), exact: true });
        await ran
          .getByText(trf(locale, '{passed} of {total} tests passed', { passed: 3, total: 3 }))
          .waitFor({ timeout: 120_000 }); // the first Python run loads Pyodide
        expect(await history.count(), 'a run submits nothing').toBe(submittedBefore);
        await page
          .getByTestId('draft-status')
          .filter({ hasText: l('Saved') })
          .waitFor({ timeout: 30_000 });
        await shot(page, locale, '7a-python-run');
        await page.reload();
        await expect
          .poll(() => editor.innerText(), { timeout: 30_000 })
          .toContain('counts[ch] = counts.get(ch, 0) + 1');
        await submitLab(page, locale);
        const graded = page.getByRole('region', { name: l('Submission results'), exact: true });
        await graded
          .getByText(trf(locale, '{passed} of {total} tests passed', { passed: 5, total: 5 }))
          .waitFor({ timeout: 120_000 });
        await graded.getByText(trf(locale, 'Grade: {0} / {1}', { 0: 100, 1: 100 })).waitFor();
        await history.first().getByText(l('View code (Python)'), { exact: true }).click();
        await history.first().getByText('counts.get(ch, 0)').waitFor();
        await expectAccessible(page, `python lab (${locale})`);
        await shot(page, locale, '7b-python-submitted');

        // 4b. The document assignment: the chosen PDF is shown, and Submit hands it in (the Arabic
        //     run hands in again: it confirms the new version, and the earlier one stays in the history).
        await backToClassroom(page, locale, sessionId);
        await openLesson(page, sessionId, LESSONS.document);
        await page
          .getByLabel(l('Your document'), { exact: true })
          .setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: DESIGN_PDF });
        const chosen = page.getByRole('region', { name: l('Chosen file'), exact: true });
        await chosen.getByText(pdfName, { exact: true }).waitFor();
        await shot(page, locale, '8-document-chosen');
        await chosen.getByRole('button', { name: l('Submit'), exact: true }).click();
        if (locale === 'ar') {
          const resubmit = page.getByRole('alertdialog', { name: l('Hand in a new version?'), exact: true });
          await resubmit.getByRole('button', { name: l('Submit the new version'), exact: true }).click();
        }
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
    }, 300_000); // two labs, the first Python run loading Pyodide on a shared machine

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

        // The Python submission: its code, as the learner submitted it.
        const python = rows.filter({ hasText: LESSONS.python }).first();
        await python.waitFor();
        await python
          .locator('summary')
          .filter({ hasText: l('Code (Python)') })
          .click();
        await python.getByText('counts[ch] = counts.get(ch, 0) + 1').waitFor();

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
        await expect.poll(() => lessonRow(page, LESSONS.document).innerText()).toContain(`${grade} / 100`);
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
