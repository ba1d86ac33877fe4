import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { weekly } from '../fixtures.js';
import { userIdOf, publicCourseOf } from './course-fixtures.js';
export let t: TestApp;
/** Registers the file's hooks: a test app (PGlite, demo seed) for its tests, closed after them. */
export function useTestApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
}

/** Calls the API as `email` (anonymous when null): the status and the JSON body. */
export async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}
/** The id of the user signed up with `email`. */
export const idOf = (email: string) => userIdOf(t.db, email);
/** A public course of the educator `email`. */
export const courseOf = (email: string) => publicCourseOf(t.db, email);

/** The weekly schedule of `request`: Mondays and Thursdays, 18:00–19:30. */
export const schedule = weekly({
  monday: { start: '18:00', end: '19:30' },
  thursday: { start: '18:00', end: '19:30' },
});
/** A valid session request for `courseId`: Mondays and Thursdays, May to June 2031, 25 seats at 99. */
export const request = (courseId: number, extra: Record<string, unknown> = {}) => ({
  courseId,
  startDate: '2031-05-05',
  endDate: '2031-06-27',
  timezone: 'America/Denver',
  schedule,
  maxSeats: 25,
  price: 99,
  ...extra,
});
