import { describe, expect, it } from 'vitest';
import { BASE_URL, signIn } from './support.js';
import { demoSessionId, openPage, shot, useBrowser } from './classroom-journey-shared.js';

useBrowser();

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
