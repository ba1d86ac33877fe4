import { multipart, PNG_1PX, type TestApp } from './harness.js';

/**
 * The course editor's two calls as the API tests make them: the picture upload and the multipart
 * course form (product.md#calls POST /courses/picture, POST /courses).
 */

/** Uploads a 1-px PNG as a course picture for `email`; the raw response (201 with `data.id`). */
export async function uploadCoursePicture(t: TestApp, email: string) {
  const form = multipart({}, { picture: { filename: 'cover.png', contentType: 'image/png', content: PNG_1PX } });
  return t.app.inject({
    method: 'POST',
    url: '/api/courses/picture',
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
}

/** POSTs the course form `fields` as `email` (a new course, or course `id` when given): the status and JSON body. */
export async function postCourseForm(t: TestApp, email: string, fields: Record<string, string>, id?: number) {
  const form = multipart(fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses${id ? `?id=${id}` : ''}`,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * The fields of a free 4-hour BEGINNER course titled `title` with picture `pictureId`, saved as a draft
 * with its first session (2031-05-05 to 2031-06-01, Denver time, 10 seats); `extra` adds or replaces fields.
 */
export const draftWithSession = (title: string, pictureId: number, extra: Record<string, string> = {}) => ({
  action: 'save',
  title,
  description: 'd',
  courseCategoryId: '1',
  price: '0',
  numHours: '4',
  difficultyLevel: 'BEGINNER',
  pictureId: String(pictureId),
  startDate: '2031-05-05',
  endDate: '2031-06-01',
  timezone: 'America/Denver',
  maxSeats: '10',
  ...extra,
});

/** What the course editor loads for course `courseId` as `email` (GET /courses/{id}/edit): the `data` of the answer. */
export async function courseEditData(t: TestApp, email: string, courseId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/edit`,
    headers: t.auth(await t.tokenFor(email)),
  });
  return res.json().data;
}
