import { afterAll, beforeAll, expect, vi } from 'vitest';
import { multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { courseEditData } from './course-form.js';

/**
 * Lesson authoring (openapi getLessonAuthoring / updateLessonAuthoring; docs/classroom.md
 * "Data"). Fixture: a course of educator@halaqa.test created through the course editor
 * (POST /courses) with one lesson of each authored type; its lesson ids come from GET /courses/{id}/edit.
 */

export let t: TestApp;
export const EDUCATOR = 'educator@halaqa.test';
export const OTHER_EDUCATOR = 'educator2@halaqa.test';
export const ADMIN = 'admin@halaqa.test';
export const SUPER_ADMIN = 'superadmin@halaqa.test';
export const LEARNER = 'learner@halaqa.test';
export const PARTNER = 'partner@ncai.halaqa.test';

export let courseId: number;
export let sessionId: number;
export const L: Record<'reading' | 'video' | 'quiz' | 'path' | 'code' | 'meeting', number> = {
  reading: 0,
  video: 0,
  quiz: 0,
  path: 0,
  code: 0,
  meeting: 0,
};
export let questionPicture: string;
export let coursePicture: string;

async function call(method: 'GET' | 'PUT', lessonId: number, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({
    method,
    url: `/api/lessons/${lessonId}/authoring`,
    headers,
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() };
}
export const get = (lessonId: number, email: string | null = EDUCATOR) => call('GET', lessonId, email);
export const put = (lessonId: number, payload: unknown, email: string | null = EDUCATOR) =>
  call('PUT', lessonId, email, payload);
export const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

async function upload(url: string, email: string): Promise<{ id: number; url: string }> {
  const form = multipart({}, { picture: { filename: 'p.png', contentType: 'image/png', content: PNG_1PX } });
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Registers the file's setup: generous time limits, and the fixture course (above) built before its tests, closed after them. */
export function useLessonAuthoringFixture(): void {
  // Many calls per test on a shared, busy machine: generous time limits.
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(async () => {
    t = await startTestApp();
    const typeIds = new Map<string, number>(
      (await t.db.selectFrom('lesson_types').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
    );
    const cover = await upload('/api/courses/picture', EDUCATOR);
    coursePicture = cover.url;
    questionPicture = (await upload('/api/v2/questions/upload/picture', EDUCATOR)).url;
    const lessons: [keyof typeof L, string][] = [
      ['reading', 'reading'],
      ['video', 'video'],
      ['quiz', 'quiz'],
      ['path', 'learningObjective'],
      ['code', 'programmingAssignment'],
      ['meeting', 'meeting'],
    ];
    const fields: Record<string, string> = {
      action: 'save',
      title: 'Lesson authoring course',
      about: 'About.',
      description: 'Description.',
      courseCategoryId: '1',
      languageId: '1',
      pictureId: String(cover.id),
      price: '0',
      numHours: '10',
      maxSeats: '20',
      difficultyLevel: 'BEGINNER',
      startDate: '2031-03-03',
      endDate: '2031-04-11',
      timezone: 'America/Chicago',
      recurring: 'true',
      weeks: JSON.stringify(MONDAY_EVENINGS),
      'sections[1][0][name]': 'Everything',
      'sections[1][0][order]': '0',
    };
    lessons.forEach(([key, code], i) => {
      const at = `lessons[1][0][${i}]`;
      Object.assign(fields, {
        [`${at}[lessonTypeId]`]: String(typeIds.get(code)),
        [`${at}[name]`]: `The ${key}`,
        [`${at}[order]`]: String(i),
        [`${at}[duration]`]: '30',
        [`${at}[link]`]: '',
      });
    });
    const form = multipart(fields);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      payload: form.payload,
      headers: { ...form.headers, ...t.auth(await t.tokenFor(EDUCATOR)) },
    });
    expect(res.statusCode, res.body).toBe(201);
    courseId = res.json().data.course.id;
    sessionId = res.json().data.session.id;
    const edit = await courseEditData(t, EDUCATOR, courseId);
    edit.syllabus[0].sections[0].lessons.forEach((l: { id: number }, i: number) => (L[lessons[i][0]] = l.id));
  }, 120_000);
  afterAll(() => t.close());
}

export const tf = (prompt: string, answer: unknown = true, extra: Record<string, unknown> = {}) => ({
  kind: 'TRUE_FALSE',
  prompt,
  points: 1,
  explanation: null,
  options: [],
  answer,
  ...extra,
});
export const single = (extra: Record<string, unknown> = {}) => ({
  kind: 'SINGLE',
  prompt: 'Which keyword declares a constant?',
  pictureUrl: null,
  points: 2,
  explanation: 'const cannot be reassigned.',
  options: [
    { id: 'a', text: 'let' },
    { id: 'b', text: 'const' },
    { id: 'c', text: 'var' },
  ],
  answer: ['b'],
  ...extra,
});
export const multiple = (extra: Record<string, unknown> = {}) => ({
  kind: 'MULTIPLE',
  prompt: 'Which are primitive types?',
  points: 3,
  explanation: null,
  options: [
    { id: 'a', text: 'string' },
    { id: 'b', text: 'object' },
    { id: 'c', text: 'number' },
  ],
  answer: ['a', 'c'],
  ...extra,
});
export const short = (extra: Record<string, unknown> = {}) => ({
  kind: 'SHORT_ANSWER',
  prompt: 'typeof 1?',
  points: 1,
  explanation: null,
  options: [],
  answer: ['number', ' Number '],
  ...extra,
});
export const step = (prompt: string, extra: Record<string, unknown> = {}) => ({
  kind: 'STEP',
  prompt,
  points: 0,
  explanation: null,
  options: [],
  answer: null,
  ...extra,
});
