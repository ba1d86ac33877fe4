import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countRows, multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';

/**
 * Lesson authoring (openapi getLessonAuthoring / updateLessonAuthoring; docs/classroom.md
 * "Data"). Fixture: a course of educator@halaqa.test created through the course editor
 * (POST /courses) with one lesson of each authored type; its lesson ids come from GET /courses/{id}/edit.
 */

// Many calls per test on a shared, busy machine: generous time limits.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
const EDUCATOR = 'educator@halaqa.test';
const OTHER_EDUCATOR = 'educator2@halaqa.test';
const ADMIN = 'admin@halaqa.test';
const SUPER_ADMIN = 'superadmin@halaqa.test';
const LEARNER = 'learner@halaqa.test';
const PARTNER = 'partner@ncai.halaqa.test';

let courseId: number;
let sessionId: number;
const L: Record<'reading' | 'video' | 'quiz' | 'path' | 'code' | 'meeting', number> = {
  reading: 0,
  video: 0,
  quiz: 0,
  path: 0,
  code: 0,
  meeting: 0,
};
let questionPicture: string;
let coursePicture: string;

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
const get = (lessonId: number, email: string | null = EDUCATOR) => call('GET', lessonId, email);
const put = (lessonId: number, payload: unknown, email: string | null = EDUCATOR) =>
  call('PUT', lessonId, email, payload);
const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

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
  const edit = (
    await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/edit`,
      headers: t.auth(await t.tokenFor(EDUCATOR)),
    })
  ).json().data;
  edit.syllabus[0].sections[0].lessons.forEach((l: { id: number }, i: number) => (L[lessons[i][0]] = l.id));
}, 120_000);
afterAll(() => t.close());

const tf = (prompt: string, answer: unknown = true, extra: Record<string, unknown> = {}) => ({
  kind: 'TRUE_FALSE',
  prompt,
  points: 1,
  explanation: null,
  options: [],
  answer,
  ...extra,
});
const single = (extra: Record<string, unknown> = {}) => ({
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
const multiple = (extra: Record<string, unknown> = {}) => ({
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
const short = (extra: Record<string, unknown> = {}) => ({
  kind: 'SHORT_ANSWER',
  prompt: 'typeof 1?',
  points: 1,
  explanation: null,
  options: [],
  answer: ['number', ' Number '],
  ...extra,
});
const step = (prompt: string, extra: Record<string, unknown> = {}) => ({
  kind: 'STEP',
  prompt,
  points: 0,
  explanation: null,
  options: [],
  answer: null,
  ...extra,
});

describe('GET /lessons/{id}/authoring', () => {
  it("answers the course's educator, admins and super admins with the lesson's defaults", async () => {
    for (const email of [EDUCATOR, ADMIN, SUPER_ADMIN]) {
      const res = await get(L.quiz, email);
      expect(res.status, email).toBe(200);
      expect(res.body.data).toEqual({
        lessonId: L.quiz,
        courseId,
        courseTitle: 'Lesson authoring course',
        type: 'quiz',
        name: 'The quiz',
        contentHtml: null,
        videoUrl: null,
        captionsUrl: null,
        link: null,
        day: null,
        startTime: null,
        points: 100,
        allowLate: false,
        timeLimitMinutes: null,
        programming: null,
        questions: [],
      });
    }
  });

  it('refuses another educator, a learner and a partner (403), an anonymous caller (401), and an unknown lesson (404)', async () => {
    expect((await get(L.quiz, OTHER_EDUCATOR)).status).toBe(403);
    expect((await get(L.quiz, LEARNER)).status).toBe(403);
    expect((await get(L.quiz, PARTNER)).status).toBe(403);
    expect((await get(L.quiz, null)).status).toBe(401);
    expect((await get(999999)).status).toBe(404);
    expect((await put(L.quiz, { points: 5 }, OTHER_EDUCATOR)).status).toBe(403);
    expect((await put(L.quiz, { points: 5 }, LEARNER)).status).toBe(403);
    expect((await put(999999, { points: 5 })).status).toBe(404);
    expect((await get(L.quiz)).body.data.points).toBe(100);
  });
});

describe('PUT /lessons/{id}/authoring: lesson fields', () => {
  it('saves only the fields given; the others keep their value', async () => {
    let res = await put(L.quiz, { points: 40, allowLate: true, timeLimitMinutes: 15 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      courseId,
      courseTitle: 'Lesson authoring course',
      points: 40,
      allowLate: true,
      timeLimitMinutes: 15,
      contentHtml: null,
    });
    res = await put(L.quiz, { contentHtml: '<p>Read the chapter first.</p>' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      points: 40,
      allowLate: true,
      timeLimitMinutes: 15,
      contentHtml: '<p>Read the chapter first.</p>',
    });
    res = await put(L.quiz, { timeLimitMinutes: null }, ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      points: 40,
      allowLate: true,
      timeLimitMinutes: null,
      contentHtml: '<p>Read the chapter first.</p>',
    });
    // The change is audited against the course.
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'course')
      .where('entity_id', '=', courseId)
      .where('action', '=', 'course.lesson_updated')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.map((e) => e.message)).toContain(`Lesson ${L.quiz} (The quiz): points, allowLate, timeLimitMinutes`);
  });

  it('sanitises the HTML: no script, event handler or javascript: URL survives', async () => {
    const html =
      '<h2>Closures</h2><script>alert(1)</script><p onclick="steal()">Text <img src="/uploads/lesson/x.png" onerror="alert(2)" alt="x"></p>' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://developer.mozilla.org">MDN</a><img src="javascript:alert(4)"><iframe src="https://evil.test"></iframe>';
    const res = await put(L.reading, { contentHtml: html });
    expect(res.status).toBe(200);
    const saved: string = res.body.data.contentHtml;
    expect(saved).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(saved).toContain('<h2>Closures</h2>');
    // A lesson file is private: the answer signs its link, the database keeps it bare (docs/storage.md "Private files").
    expect(saved).toMatch(/<img src="\/uploads\/lesson\/x\.png\?exp=\d+&sig=[\w-]+" alt="x" \/>/);
    expect(saved).toContain(
      '<a href="https://developer.mozilla.org" rel="noopener noreferrer" target="_blank">MDN</a>',
    );
    const stored = (
      await t.db.selectFrom('lessons').select('content_html').where('id', '=', L.reading).executeTakeFirstOrThrow()
    ).content_html;
    expect(stored).toBe(saved.replace(/\?exp=\d+&sig=[\w-]+/, ''));
    // HTML that is nothing once sanitised is stored as null.
    expect((await put(L.reading, { contentHtml: '<script>alert(1)</script>' })).body.data.contentHtml).toBeNull();
  });

  it('takes a video and captions as an uploaded file or an https link, and refuses anything else', async () => {
    let res = await put(L.video, {
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    for (const bad of [
      'javascript:alert(1)',
      'http://videos.test/a.mp4',
      '/etc/passwd',
      '/uploads/../secret',
      'https://',
      'ftp://x.test/a.mp4',
    ]) {
      res = await put(L.video, { videoUrl: bad, captionsUrl: bad });
      expect(res.status, bad).toBe(400);
      expect(paths(res.body).sort(), bad).toEqual(['captionsUrl', 'videoUrl']);
    }
    expect((await get(L.video)).body.data).toMatchObject({
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    res = await put(L.video, { videoUrl: null });
    expect(res.body.data).toMatchObject({ videoUrl: null, captionsUrl: 'https://cdn.halaqa.test/intro.vtt' });
  });

  it('sets a meeting link (https only), day and start time', async () => {
    let res = await put(L.meeting, { link: 'https://meet.halaqa.test/w1', day: 'tuesday', startTime: '17:30' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ link: 'https://meet.halaqa.test/w1', day: 'tuesday', startTime: '17:30' });
    res = await put(L.meeting, { link: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['link']);
    res = await put(L.meeting, { startTime: '25:00' });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['startTime']);
  });

  it('keeps the time limit within null or 1 … 600 minutes and points within 1 … 1000', async () => {
    for (const ok of [1, 600, null]) {
      const res = await put(L.quiz, { timeLimitMinutes: ok });
      expect(res.status, String(ok)).toBe(200);
      expect(res.body.data.timeLimitMinutes).toBe(ok);
    }
    await put(L.quiz, { timeLimitMinutes: 30 });
    for (const bad of [0, 601, -5, 1.5, 'ten']) {
      const res = await put(L.quiz, { timeLimitMinutes: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(paths(res.body), String(bad)).toContain('timeLimitMinutes');
    }
    for (const bad of [0, 1001, 2.5]) {
      const res = await put(L.quiz, { points: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(paths(res.body)).toContain('points');
    }
    expect((await get(L.quiz)).body.data).toMatchObject({ timeLimitMinutes: 30, points: 40 });
  });

  it('refuses fields the contract does not know', async () => {
    const res = await put(L.quiz, { points: 10, grade: 5 });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['grade']);
  });
});

describe('PUT /lessons/{id}/authoring: programming tests', () => {
  const spec = {
    functionName: 'sum',
    starterCode: 'function sum(a, b) {\n  // your code\n}\n',
    tests: [
      { name: 'adds two numbers', args: [1, 2], expected: 3 },
      { name: 'works with objects', args: [{ a: [1, { b: null }] }, 'x'], expected: { ok: true, list: [1, 2] } },
    ],
  };

  it('stores the spec in the shape the sandbox reads ({functionName, starterCode, tests: [{name, args, expected}]})', async () => {
    const res = await put(L.code, { programming: spec, points: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.programming).toEqual(spec);
    const row = await t.db
      .selectFrom('lessons')
      .select(['programming', 'points'])
      .where('id', '=', L.code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ programming: spec, points: 20 });
  });

  it('refuses a bad spec with field errors and keeps the stored one', async () => {
    const cases: [unknown, string][] = [
      [{ ...spec, tests: [] }, 'programming.tests'],
      [{ ...spec, functionName: '1sum' }, 'programming.functionName'],
      [{ ...spec, functionName: 'return' }, 'programming.functionName'],
      [{ ...spec, functionName: 'my-sum' }, 'programming.functionName'],
      [{ ...spec, tests: [{ name: '  ', args: [], expected: 1 }] }, 'programming.tests[0].name'],
      [
        { ...spec, tests: [spec.tests[0], { name: 'big', args: ['x'.repeat(10_001)], expected: 1 }] },
        'programming.tests[1].args',
      ],
      [{ ...spec, tests: [{ name: 'big', args: [], expected: 'x'.repeat(10_001) }] }, 'programming.tests[0].expected'],
      [
        { ...spec, tests: [{ name: 'deep', args: [JSON.parse('['.repeat(25) + ']'.repeat(25))], expected: 1 }] },
        'programming.tests[0].args',
      ],
      [{ ...spec, tests: [{ name: 'no expected', args: [] }] }, 'programming.tests.0.expected'],
      [{ ...spec, tests: [{ name: 'not a list', args: { a: 1 }, expected: 1 }] }, 'programming.tests.0.args'],
    ];
    for (const [programming, path] of cases) {
      const res = await put(L.code, { programming, points: 99 });
      expect(res.status, path).toBe(400);
      expect(paths(res.body), JSON.stringify(res.body)).toContain(path);
    }
    expect((await get(L.code)).body.data).toMatchObject({ programming: spec, points: 20 });
  });

  it('takes a spec only on a programming assignment (null clears it on any lesson)', async () => {
    const res = await put(L.quiz, { programming: spec });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['programming']);
    expect((await put(L.quiz, { programming: null })).status).toBe(200);
  });
});

describe('PUT /lessons/{id}/authoring: the question bank', () => {
  it('replaces the bank whole, in order, with the answer key; ids given keep their question', async () => {
    let res = await put(L.quiz, {
      questions: [
        single({ pictureUrl: questionPicture }),
        tf('typeof null is "object".', true, { explanation: 'A quirk.' }),
        multiple(),
        short(),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = res.body.data.questions;
    expect(first.map((q: { kind: string }) => q.kind)).toEqual(['SINGLE', 'TRUE_FALSE', 'MULTIPLE', 'SHORT_ANSWER']);
    expect(first[0]).toMatchObject({
      prompt: 'Which keyword declares a constant?',
      pictureUrl: questionPicture,
      points: 2,
      answer: ['b'],
      explanation: 'const cannot be reassigned.',
    });
    expect(first[1]).toMatchObject({ answer: true, explanation: 'A quirk.', options: [], pictureUrl: null });
    expect(first[3].answer).toEqual(['number', 'Number']); // accepted answers stored trimmed
    expect((await get(L.quiz)).body.data.questions).toEqual(first);

    // Reorder two kept questions, drop one, add one.
    res = await put(L.quiz, {
      questions: [
        { ...short(), id: first[3].id },
        tf('NaN === NaN', false),
        { ...single({ pictureUrl: questionPicture }), id: first[0].id },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = res.body.data.questions;
    expect(second.map((q: { prompt: string }) => q.prompt)).toEqual([
      'typeof 1?',
      'NaN === NaN',
      'Which keyword declares a constant?',
    ]);
    expect(second[0].id).toBe(first[3].id);
    expect(second[2].id).toBe(first[0].id);
    expect([first[1].id, first[2].id]).not.toContain(second[1].id);
    expect(second[1].answer).toBe(false);
    const rows = await t.db
      .selectFrom('quiz_questions')
      .select(['id', 'sort_order'])
      .where('lesson_id', '=', L.quiz)
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual(second.map((q: { id: number }, i: number) => ({ id: q.id, sort_order: i })));
  });

  it('refuses every broken question with its field path, and writes nothing (bank and lesson fields unchanged)', async () => {
    const before = (await get(L.quiz)).body.data;
    const count = await countRows(t.db, 'quiz_questions');
    const ok = tf('fine');
    const cases: [unknown, string][] = [
      // SINGLE: 2 … 10 options with distinct ids and texts; exactly one correct among them.
      [single({ options: [{ id: 'a', text: 'only' }], answer: ['a'] }), 'questions[1].options'],
      [
        single({
          options: Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `option ${i}` })),
          answer: ['o1'],
        }),
        'questions.1.options',
      ], // the contract's maxItems
      [
        single({
          options: [
            { id: 'a', text: 'x' },
            { id: 'a', text: 'y' },
          ],
          answer: ['a'],
        }),
        'questions[1].options[1].id',
      ],
      [
        single({
          options: [
            { id: 'a', text: 'x' },
            { id: 'b', text: '   ' },
          ],
        }),
        'questions[1].options[1].text',
      ],
      [single({ answer: ['a', 'b'] }), 'questions[1].answer'],
      [single({ answer: [] }), 'questions[1].answer'],
      [single({ answer: ['z'] }), 'questions[1].answer'],
      [single({ answer: true }), 'questions[1].answer'],
      // MULTIPLE: at least one correct id, all among its options.
      [multiple({ answer: [] }), 'questions[1].answer'],
      [multiple({ answer: ['a', 'zz'] }), 'questions[1].answer'],
      [multiple({ answer: ['a', 'a'] }), 'questions[1].answer'],
      // TRUE_FALSE: a boolean, no options.
      [tf('x', ['true']), 'questions[1].answer'],
      [tf('x', null), 'questions[1].answer'],
      [tf('x', true, { options: [{ id: 'a', text: 'x' }] }), 'questions[1].options'],
      // SHORT_ANSWER: at least one non-empty accepted answer.
      [short({ answer: [] }), 'questions[1].answer'],
      [short({ answer: null }), 'questions[1].answer'],
      [short({ answer: ['ok', '   '] }), 'questions[1].answer[1]'],
      // Common rules.
      [tf('   '), 'questions[1].prompt'],
      [tf(''), 'questions.1.prompt'],
      [tf('x'.repeat(5001)), 'questions.1.prompt'],
      [tf('x', true, { points: -1 }), 'questions.1.points'],
      [tf('x', true, { points: 1.5 }), 'questions.1.points'],
      [tf('x', true, { pictureUrl: 'https://evil.test/p.png' }), 'questions[1].pictureUrl'],
      [tf('x', true, { pictureUrl: coursePicture }), 'questions[1].pictureUrl'],
      [tf('x', true, { pictureUrl: '/uploads/questionpicture/never-uploaded.png' }), 'questions[1].pictureUrl'],
      [tf('x', true, { id: 999999 }), 'questions[1].id'],
      [{ ...ok, id: before.questions[0].id }, 'questions[1].id'], // used twice
      [{ ...ok, kind: 'ESSAY' }, 'questions.1.kind'],
      // A quiz takes no learning-path step.
      [step('Read this'), 'questions[1].kind'],
    ];
    for (const [broken, path] of cases) {
      const first =
        path === 'questions[1].id' && (broken as { id: number }).id !== 999999
          ? { ...ok, id: before.questions[0].id }
          : ok;
      const res = await put(L.quiz, { points: 77, contentHtml: '<p>changed</p>', questions: [first, broken] });
      expect(res.status, path + ' ' + JSON.stringify(broken).slice(0, 120)).toBe(400);
      expect(res.body.message).toBe('Some fields are invalid');
      expect(paths(res.body), JSON.stringify(broken).slice(0, 120)).toContain(path);
    }
    expect((await get(L.quiz)).body.data).toEqual(before);
    expect(await countRows(t.db, 'quiz_questions')).toBe(count);
  });

  it('refuses more than 10 options by the contract (AuthoringQuestion.options maxItems), whatever the kind, and writes nothing', async () => {
    const before = (await get(L.quiz)).body.data;
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `option ${i}` }));
    for (const q of [multiple({ options: eleven, answer: ['o1', 'o2'] }), tf('x', true, { options: eleven })]) {
      const res = await put(L.quiz, { points: 77, questions: [tf('fine'), q] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Some fields are invalid',
        errors: [{ path: 'questions.1.options', message: 'must NOT have more than 10 items' }],
      });
    }
    expect((await get(L.quiz)).body.data).toEqual(before);
    expect(
      (await put(L.quiz, { questions: [tf('fine'), multiple({ options: eleven.slice(0, 10), answer: ['o1'] })] }))
        .status,
    ).toBe(200);
  });

  it('reports every broken question of a bank at once', async () => {
    const res = await put(L.quiz, { questions: [tf('x', null), single({ answer: [] }), short({ answer: [] })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].answer', 'questions[1].answer', 'questions[2].answer']);
  });

  it('takes STEPs (no answer, 0 points) and check questions on a learning path', async () => {
    let res = await put(L.path, {
      questions: [
        step('Read the MDN page on closures.'),
        tf('A closure keeps its scope alive.'),
        step('Now write one.'),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.questions.map((q: { kind: string; answer: unknown; points: number }) => [
        q.kind,
        q.answer,
        q.points,
      ]),
    ).toEqual([
      ['STEP', null, 0],
      ['TRUE_FALSE', true, 1],
      ['STEP', null, 0],
    ]);
    res = await put(L.path, { questions: [step('x', { points: 5 })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].points']);
    res = await put(L.path, { questions: [step('x', { answer: ['a'] })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].answer']);
    expect((await get(L.path)).body.data.questions).toHaveLength(3);
  });

  it('refuses questions on a lesson that is neither a quiz nor a learning path (an empty bank is fine)', async () => {
    for (const lesson of [L.reading, L.code, L.video]) {
      const res = await put(lesson, { questions: [tf('x')] });
      expect(res.status).toBe(400);
      expect(paths(res.body)).toEqual(['questions']);
    }
    const res = await put(L.reading, { questions: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.questions).toEqual([]);
  });

  it('two saves of one lesson at once leave one of the two banks, never both', async () => {
    const [a, b] = await Promise.all([
      put(L.quiz, { questions: [tf('a1'), tf('a2')] }),
      put(L.quiz, { questions: [tf('b1'), tf('b2')] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const prompts = (await get(L.quiz)).body.data.questions.map((q: { prompt: string }) => q.prompt);
    expect([
      ['a1', 'a2'],
      ['b1', 'b2'],
    ]).toContainEqual(prompts);
  });

  it("leaves learners' attempts as they are: submitted feedback is kept, answers stay keyed by question id", async () => {
    const bank = (await put(L.quiz, { questions: [tf('one'), tf('two', false)] })).body.data.questions;
    const learnerId = (
      await t.db.selectFrom('users').select('id').where('email', '=', LEARNER).executeTakeFirstOrThrow()
    ).id;
    const feedback = bank.map((q: { id: number; answer: boolean }) => ({
      questionId: q.id,
      correct: true,
      pointsAwarded: 1,
      points: 1,
      correctAnswer: q.answer,
      explanation: null,
    }));
    const { id: attemptId } = await t.db
      .insertInto('quiz_attempts')
      .values({
        lesson_id: L.quiz,
        session_id: sessionId,
        user_id: learnerId,
        status: 'AUTOGRADED',
        answers: JSON.stringify({ [bank[0].id]: true, [bank[1].id]: false }),
        started_at: new Date('2031-03-04T10:00:00Z'),
        submitted_at: new Date('2031-03-04T10:05:00Z'),
        score: 2,
        max_score: 2,
        feedback: JSON.stringify(feedback),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await put(L.quiz, { questions: [{ ...tf('one, reworded'), id: bank[0].id }, short()] });
    expect(res.status).toBe(200);
    expect(res.body.data.questions[0].id).toBe(bank[0].id);
    const attempt = await t.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      status: 'AUTOGRADED',
      answers: { [bank[0].id]: true, [bank[1].id]: false },
      feedback,
    });
    expect(Number(attempt.score)).toBe(2);
  });
});
