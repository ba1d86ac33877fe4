import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, expectAccessible, launchChromium, openPage, signIn, tr, apiSignIn } from './support.js';
import { MONDAY_EVENINGS } from '../fixtures';

/**
 * The waitlist in a real browser against the production build: a learner opens a full session
 * and joins its course's waitlist ('You are now on the waitlist!'). The full session is made for
 * the test through the API (an admin requests and approves a free one-seat session, a filler
 * learner takes the seat) and deleted afterwards, so the demo state is left as found but for the
 * two joiners' waitlist entries (learners no other journey uses). English at 1280 px, Arabic
 * (right-to-left) at 360 px; axe on the full session's page and after joining.
 */
let browser: Browser;
let sessionId = 0;
let adminToken = '';

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}`, 'x-auth-legacy': '1' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Record<string, unknown>; message?: string };
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json.data as Record<string, unknown>;
}
const tokenOf = async (email: string) => (await apiSignIn(email)).token;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchChromium();
  adminToken = await tokenOf('admin@halaqa.test');
  const explore = (await api('GET', '/courses/explore?pageSize=1', null)) as { items?: Array<{ id: number }> };
  const courseId = explore.items![0]!.id;
  const schedule = MONDAY_EVENINGS;
  sessionId = (
    await api('POST', '/sessions', adminToken, {
      courseId,
      startDate: day(40),
      endDate: day(80),
      timezone: 'America/New_York',
      schedule,
      maxSeats: 1,
      price: 0,
    })
  ).id as number;
  await api('POST', `/sessions/${sessionId}/approve`, adminToken, {});
  await api('POST', `/sessions/${sessionId}/enroll`, await tokenOf('learner13@halaqa.test'));
});
afterAll(async () => {
  if (sessionId)
    await api('POST', `/sessions/${sessionId}/delete`, adminToken, { message: 'End of the waitlist journey' }).catch(
      () => undefined,
    );
  await browser?.close();
});

const RUNS = [
  { locale: 'en' as const, viewport: { width: 1280, height: 900 }, learner: 'learner14@halaqa.test' },
  { locale: 'ar' as const, viewport: { width: 360, height: 780 }, learner: 'learner15@halaqa.test' },
];

describe.each(RUNS)('waitlist ($locale)', ({ locale, viewport, learner }) => {
  it("a learner joins a full session's waitlist", async () => {
    const { page, context, errors } = await openPage(browser, locale, viewport);
    try {
      await signIn(page, locale, learner);
      await page.goto(`${BASE_URL}/sessions/${sessionId}`);
      await page.getByText(tr(locale, 'This session is full.')).first().waitFor();
      await expectAccessible(page, `the full session (${locale})`);
      await page.getByRole('button', { name: tr(locale, 'Join the waitlist') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: tr(locale, 'You are now on the waitlist!') })
        .first()
        .waitFor();
      await expectAccessible(page, `the session after joining (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
