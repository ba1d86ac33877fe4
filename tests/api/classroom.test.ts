import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { enroll, insertCourse, lessonOutside } from './course-fixtures.js';
import type { LessonTypeCode } from '../../server/db/types.js';
import { weekly } from '../fixtures.js';

/**
 * The classroom calls (openapi tag Classroom; docs/classroom.md): getClassroom, getClassroomLesson,
 * markLessonProgress, joinMeeting, getSessionCalendar, listSessionAttendance.
 *
 * Fixture: an NCAI course of educator@halaqa.test and one ACTIVE session in America/Denver (MDT,
 * UTC−6) from Monday 2031-05-05 to Sunday 2031-06-01, Mondays and Thursdays 18:00–19:30. Week 1
 * has a liveSession on the schedule (Mon 05-05 and Thu 05-08 at 00:00Z the next day) and a meeting
 * of its own on Wednesday 05-07 12:00 MDT (18:00Z, 45 minutes). The app's clock is `now`.
 */

let now = new Date('2031-05-01T12:00:00Z');
let t: TestApp;

const EDUCATOR = 'educator@halaqa.test';
const LEARNER = 'learner@halaqa.test'; // Lina Kassem, enrolled
const LEARNER1 = 'learner1@halaqa.test'; // Maya Chen, enrolled
const OUTSIDER = 'learner2@halaqa.test'; // not enrolled
const CANCELLED = 'learner3@halaqa.test'; // enrollment cancelled
const PARTNER = 'partner@ncai.halaqa.test';
const OTHER_PARTNER = 'partner@morocco.halaqa.test';

const schedule = weekly({ monday: { start: '18:00', end: '19:30' }, thursday: { start: '18:00', end: '19:30' } });

let sessionId: number;
let otherCourseLessonId: number;
const L: Record<string, number> = {};

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function call(method: 'GET' | 'POST', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : null;
  return { status: res.statusCode, body: json, text: res.body, headers: res.headers };
}

async function fixture() {
  const ncai = (
    await t.db.selectFrom('users').select('company_id').where('email', '=', PARTNER).executeTakeFirstOrThrow()
  ).company_id;
  const course = await insertCourse(t.db, {
    educatorId: await idOf(EDUCATOR),
    title: 'JavaScript, live',
    companyId: ncai,
  });
  const courseId = course.courseId;
  const section = course.section;
  const learn = await section(1, 'Learn', 0);
  const practice = await section(1, 'Practice', 1);
  const week2 = await section(2, 'Review', 0);
  const lesson = async (
    key: string,
    sectionId: number,
    order: number,
    code: LessonTypeCode,
    extra: Record<string, unknown> = {},
  ) => {
    L[key] = await course.lesson(sectionId, order, key, code, extra);
  };
  await lesson('reading', learn, 0, 'reading', { content_html: '<p>Closures</p>' });
  await lesson('video', learn, 1, 'video', {
    video_url: 'https://videos.halaqa.test/a.mp4',
    captions_url: '/uploads/captions/a.vtt',
  });
  await lesson('path', learn, 2, 'learningObjective');
  await lesson('live', learn, 3, 'liveSession', { link: 'https://meet.halaqa.test/live', duration_minutes: 90 });
  await lesson('meeting', learn, 4, 'meeting', {
    link: 'https://meet.halaqa.test/m1',
    day: 'wednesday',
    start_time: '12:00',
    duration_minutes: 45,
  });
  await lesson('quiz', practice, 0, 'quiz', { time_limit_minutes: 10 });
  await lesson('assignment', practice, 1, 'assignment', { points: 20 });
  await lesson('code', practice, 2, 'programmingAssignment', {
    programming: JSON.stringify({
      functionName: 'add',
      starterCode: 'function add(a, b) {}',
      tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
    }),
  });
  await lesson('nolink', week2, 0, 'meeting', { day: 'tuesday', start_time: '09:00', duration_minutes: 60 });
  await t.db
    .insertInto('quiz_questions')
    .values([
      {
        lesson_id: L.quiz!,
        sort_order: 0,
        kind: 'TRUE_FALSE',
        prompt: 'typeof null is object',
        picture_url: null,
        explanation: null,
        options: '[]',
        answer: 'true',
      },
      {
        lesson_id: L.quiz!,
        sort_order: 1,
        kind: 'SHORT_ANSWER',
        prompt: 'Keyword for a constant?',
        picture_url: null,
        explanation: null,
        options: '[]',
        answer: '["const"]',
      },
    ])
    .execute();

  sessionId = await course.session(schedule);
  for (const [email, status] of [
    [LEARNER, 'ACTIVE'],
    [LEARNER1, 'ACTIVE'],
    [CANCELLED, 'CANCELLED'],
  ] as const) {
    await enroll(t.db, sessionId, await idOf(email), status);
  }
  // A lesson of another course (404 in this session).
  otherCourseLessonId = await lessonOutside(t.db, courseId);
}

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  await fixture();
});
afterAll(() => t.close());

type Lesson = {
  id: number;
  name: string;
  status: string | null;
  grade: number | null;
  deadline: string | null;
  points: number | null;
  nextOccurrence: Record<string, unknown> | null;
};
const lessonsOf = (classroom: { weeks: { sections: { lessons: Lesson[] }[] }[] }) =>
  new Map(classroom.weeks.flatMap((w) => w.sections.flatMap((s) => s.lessons)).map((l) => [l.name, l]));

describe('GET /sessions/{id}/classroom', () => {
  it('answers the syllabus by week and section, deadlines, the next meeting and progress for an enrolled learner', async () => {
    now = new Date('2031-05-01T12:00:00Z');
    const res = await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      sessionId,
      courseTitle: 'JavaScript, live',
      startDate: '2031-05-05',
      endDate: '2031-06-01',
      timezone: 'America/Denver',
      status: 'ACTIVE',
      viewerRole: 'LEARNER',
      educator: { name: 'Amina Haddad' },
      progress: { done: 0, total: 9 },
    });
    expect(
      c.weeks.map((w: { week: number; startsOn: string; deadline: string }) => [w.week, w.startsOn, w.deadline]),
    ).toEqual([
      [1, '2031-05-05', '2031-05-12T06:00:00.000Z'], // 00:00 MDT
      [2, '2031-05-12', '2031-05-19T06:00:00.000Z'],
    ]);
    expect(
      c.weeks[0].sections.map((s: { name: string; lessons: Lesson[] }) => [s.name, s.lessons.map((l) => l.name)]),
    ).toEqual([
      ['Learn', ['reading', 'video', 'path', 'live', 'meeting']],
      ['Practice', ['quiz', 'assignment', 'code']],
    ]);
    const lessons = lessonsOf(c);
    expect(lessons.get('quiz')).toMatchObject({
      type: { code: 'quiz', name: 'Quiz' },
      status: null,
      grade: null,
      points: 100,
      deadline: '2031-05-12T06:00:00.000Z',
    });
    expect(lessons.get('assignment')).toMatchObject({ points: 20 });
    expect(lessons.get('reading')).toMatchObject({ points: null, deadline: null, nextOccurrence: null });
    expect(lessons.get('meeting')).toMatchObject({
      day: 'wednesday',
      startTime: '12:00',
      nextOccurrence: {
        occurrenceDate: '2031-05-07',
        startsAt: '2031-05-07T18:00:00.000Z',
        endsAt: '2031-05-07T18:45:00.000Z',
        opensAt: '2031-05-07T17:50:00.000Z',
        attended: false,
      },
    });
    // The schedule's first slot (Monday 18:00 MDT) comes before the Wednesday meeting.
    expect(c.nextMeeting).toEqual({
      lessonId: L.live,
      lessonName: 'live',
      occurrence: {
        occurrenceDate: '2031-05-05',
        startsAt: '2031-05-06T00:00:00.000Z',
        endsAt: '2031-05-06T01:30:00.000Z',
        opensAt: '2031-05-05T23:50:00.000Z',
        attended: false,
      },
    });
  });

  it('shows the next meeting still running, then none after the last one', async () => {
    now = new Date('2031-05-06T01:00:00Z'); // during Monday's live session
    expect((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data.nextMeeting).toMatchObject({
      lessonId: L.live,
      occurrence: { occurrenceDate: '2031-05-05' },
    });
    now = new Date('2031-06-10T00:00:00Z');
    const c = (await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data;
    expect(c.nextMeeting).toBeNull();
    expect(lessonsOf(c).get('live')!.nextOccurrence).toBeNull();
  });

  it("derives each lesson's status and grade from attempts, submissions, attendance and progress", async () => {
    now = new Date('2031-05-09T12:00:00Z');
    const uid = await idOf(LEARNER1);
    const base = { session_id: sessionId, user_id: uid };
    await t.db
      .insertInto('quiz_attempts')
      .values({
        ...base,
        lesson_id: L.quiz!,
        status: 'AUTOGRADED',
        score: 8,
        max_score: 10,
        submitted_at: '2031-05-06T10:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('quiz_attempts')
      .values({ ...base, lesson_id: L.path!, status: 'IN_PROGRESS' })
      .execute();
    await t.db
      .insertInto('submissions')
      .values([
        {
          ...base,
          lesson_id: L.assignment!,
          kind: 'DOCUMENT',
          document_url: '/uploads/a.pdf',
          document_name: 'a.pdf',
          code: null,
          status: 'DONE',
          grade: 14,
          comment: null,
          submitted_at: '2031-05-06T10:00:00Z',
          graded_by: null,
        },
        {
          ...base,
          lesson_id: L.assignment!,
          kind: 'DOCUMENT',
          document_url: '/uploads/b.pdf',
          document_name: 'b.pdf',
          code: null,
          status: 'SUBMITTED',
          grade: null,
          comment: null,
          submitted_at: '2031-05-07T10:00:00Z',
          graded_by: null,
        },
        {
          ...base,
          lesson_id: L.code!,
          kind: 'CODE',
          document_url: null,
          document_name: null,
          code: 'x',
          status: 'AUTOGRADED',
          grade: 50,
          comment: null,
          submitted_at: '2031-05-07T10:00:00Z',
          graded_by: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('lesson_progress')
      .values([
        { ...base, lesson_id: L.reading!, status: 'DONE', updated_at: '2031-05-06T10:00:00Z' },
        { ...base, lesson_id: L.video!, status: 'IN_PROGRESS', updated_at: '2031-05-06T10:00:00Z' },
      ])
      .execute();
    await t.db
      .insertInto('attendance')
      .values({ ...base, lesson_id: L.live!, occurrence_date: '2031-05-05', joined_at: '2031-05-06T00:01:00Z' })
      .execute();

    const c = (await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER1)).body.data;
    const status = Object.fromEntries([...lessonsOf(c)].map(([name, l]) => [name, [l.status, l.grade]]));
    expect(status).toEqual({
      reading: ['DONE', null],
      video: ['IN_PROGRESS', null],
      path: ['IN_PROGRESS', null],
      live: ['DONE', null], // attended Monday's occurrence, which has ended
      meeting: [null, null],
      quiz: ['AUTOGRADED', 80], // 8 / 10 of 100 points
      assignment: ['SUBMITTED', 14], // the latest submission waits for grading; best grade kept
      code: ['AUTOGRADED', 50],
      nolink: [null, null],
    });
    expect(c.progress).toEqual({ done: 5, total: 9 });

    // A learner only sees their own work; staff see no status.
    const mine = lessonsOf((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data);
    expect(mine.get('quiz')).toMatchObject({ status: null, grade: null });
    const staff = (await call('GET', `/api/sessions/${sessionId}/classroom`, EDUCATOR)).body.data;
    expect(staff.viewerRole).toBe('EDUCATOR');
    expect([...lessonsOf(staff).values()].every((l) => l.status === null && l.grade === null)).toBe(true);
    expect(staff.progress).toEqual({ done: 0, total: 9 });
    expect((await call('GET', `/api/sessions/${sessionId}/classroom`, 'admin@halaqa.test')).body.data.viewerRole).toBe(
      'ADMIN',
    );
  });

  it('refuses anonymous (401), learners not enrolled or cancelled, other educators and partners (403), unknown sessions (404), bad ids (400)', async () => {
    const url = `/api/sessions/${sessionId}/classroom`;
    expect((await call('GET', url, null)).status).toBe(401);
    for (const who of [OUTSIDER, CANCELLED, 'educator2@halaqa.test', PARTNER])
      expect((await call('GET', url, who)).status, who).toBe(403);
    expect((await call('GET', '/api/sessions/999999/classroom', LEARNER)).status).toBe(404);
    expect((await call('GET', '/api/sessions/abc/classroom', LEARNER)).status).toBe(400);
    expect((await call('GET', '/api/sessions/0/classroom', LEARNER)).status).toBe(400);
  });
});

describe('GET /sessions/{id}/lessons/{lessonId}', () => {
  it('answers the content, the question count and the programming tests without their expected values', async () => {
    now = new Date('2031-05-01T12:00:00Z');
    const reading = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.reading}`, LEARNER)).body.data;
    expect(reading).toMatchObject({
      sessionId,
      lesson: { id: L.reading, name: 'reading', type: { code: 'reading' } },
      contentHtml: '<p>Closures</p>',
      questionCount: 0,
      programming: null,
      occurrences: [],
    });
    const video = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.video}`, LEARNER)).body.data;
    expect(video).toMatchObject({
      videoUrl: 'https://videos.halaqa.test/a.mp4',
      captionsUrl: '/uploads/captions/a.vtt',
    });
    const quiz = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.quiz}`, LEARNER)).body.data;
    expect(quiz).toMatchObject({
      questionCount: 2,
      timeLimitMinutes: 10,
      allowLate: false,
      lesson: { deadline: '2031-05-12T06:00:00.000Z', points: 100 },
    });
    const res = await call('GET', `/api/sessions/${sessionId}/lessons/${L.code}`, EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.body.data.programming).toEqual({
      functionName: 'add',
      starterCode: 'function add(a, b) {}',
      tests: [{ name: 'adds', args: [1, 2] }],
    });
    expect(res.text).not.toContain('expected');
  });

  it("lists a meeting's occurrences with the caller's attendance", async () => {
    now = new Date('2031-05-09T12:00:00Z');
    const live = (await call('GET', `/api/sessions/${sessionId}/lessons/${L.live}`, LEARNER1)).body.data;
    expect(live.occurrences).toEqual([
      {
        occurrenceDate: '2031-05-05',
        startsAt: '2031-05-06T00:00:00.000Z',
        endsAt: '2031-05-06T01:30:00.000Z',
        opensAt: '2031-05-05T23:50:00.000Z',
        attended: true,
      },
      {
        occurrenceDate: '2031-05-08',
        startsAt: '2031-05-09T00:00:00.000Z',
        endsAt: '2031-05-09T01:30:00.000Z',
        opensAt: '2031-05-08T23:50:00.000Z',
        attended: false,
      },
    ]);
    expect(live.lesson).toMatchObject({ status: 'DONE', nextOccurrence: null });
  });

  it('refuses 401/403, answers 404 for unknown lessons and lessons of another course, 400 for bad ids', async () => {
    const url = `/api/sessions/${sessionId}/lessons/${L.reading}`;
    expect((await call('GET', url, null)).status).toBe(401);
    expect((await call('GET', url, OUTSIDER)).status).toBe(403);
    expect((await call('GET', url, OTHER_PARTNER)).status).toBe(403);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/999999`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/999999/lessons/${L.reading}`, LEARNER)).status).toBe(404);
    expect((await call('GET', `/api/sessions/${sessionId}/lessons/x1`, LEARNER)).status).toBe(400);
  });
});

describe('POST /sessions/{id}/lessons/{lessonId}/progress', () => {
  const url = (lesson: string) => `/api/sessions/${sessionId}/lessons/${L[lesson]}/progress`;

  it('records IN_PROGRESS then DONE, and never lowers DONE', async () => {
    now = new Date('2031-05-06T12:00:00Z');
    expect((await call('POST', url('video'), LEARNER, { status: 'IN_PROGRESS' })).body.data).toEqual({
      lessonId: L.video,
      sessionId,
      status: 'IN_PROGRESS',
    });
    expect(
      lessonsOf((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data).get('video')!.status,
    ).toBe('IN_PROGRESS');
    expect((await call('POST', url('video'), LEARNER, { status: 'DONE' })).body.data.status).toBe('DONE');
    const again = await call('POST', url('video'), LEARNER, { status: 'IN_PROGRESS' });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('DONE');
    expect(
      lessonsOf((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data).get('video')!.status,
    ).toBe('DONE');
  });

  it('refuses bad bodies (400), graded and meeting lessons (409), staff and outsiders (403), unknown lessons (404), writing nothing', async () => {
    const before = await countRows(t.db, 'lesson_progress');
    for (const body of [{ status: 'FINISHED' }, {}, { status: 'DONE', extra: 1 }]) {
      const res = await call('POST', url('reading'), LEARNER, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', url('reading'), LEARNER, { status: 'DONE' })).status).toBe(200); // the valid body passes
    const afterValid = await countRows(t.db, 'lesson_progress');
    expect(afterValid).toBe(before + 1);
    const quiz = await call('POST', url('quiz'), LEARNER, { status: 'DONE' });
    expect(quiz.status).toBe(409);
    expect(quiz.body.message).toBe('This lesson gets its status from its submissions and attempts');
    expect((await call('POST', url('meeting'), LEARNER, { status: 'DONE' })).status).toBe(409);
    expect((await call('POST', url('reading'), null, { status: 'DONE' })).status).toBe(401);
    expect((await call('POST', url('path'), OUTSIDER, { status: 'DONE' })).status).toBe(403);
    expect((await call('POST', url('path'), EDUCATOR, { status: 'DONE' })).status).toBe(403);
    expect(
      (
        await call('POST', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}/progress`, LEARNER, {
          status: 'DONE',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/sessions/${sessionId}/lessons/0/progress`, LEARNER, { status: 'DONE' })).status,
    ).toBe(400);
    expect(await countRows(t.db, 'lesson_progress')).toBe(afterValid);
  });
});

describe('POST /sessions/{id}/lessons/{lessonId}/join (join window)', () => {
  const url = (lesson: string) => `/api/sessions/${sessionId}/lessons/${L[lesson]}/join`;
  const attendanceOf = async (email: string, lesson: string) =>
    t.db
      .selectFrom('attendance')
      .select(['occurrence_date', 'joined_at'])
      .where('session_id', '=', sessionId)
      .where('user_id', '=', await idOf(email))
      .where('lesson_id', '=', L[lesson]!)
      .execute();

  it('answers 409 with the opening time before the window, recording nothing', async () => {
    now = new Date('2031-05-07T17:49:59Z');
    const before = await countRows(t.db, 'attendance');
    const res = await call('POST', url('meeting'), LEARNER);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This meeting opens at 2031-05-07 11:50 (America/Denver), 2031-05-07T17:50:00.000Z');
    expect(await countRows(t.db, 'attendance')).toBe(before);
  });

  it('inside the window answers the link and records the first join of the occurrence once', async () => {
    now = new Date('2031-05-07T17:50:00Z'); // opens 10 minutes before 18:00Z
    const first = await call('POST', url('meeting'), LEARNER);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      url: 'https://meet.halaqa.test/m1',
      occurrence: {
        occurrenceDate: '2031-05-07',
        startsAt: '2031-05-07T18:00:00.000Z',
        endsAt: '2031-05-07T18:45:00.000Z',
        opensAt: '2031-05-07T17:50:00.000Z',
        attended: true,
      },
      recorded: true,
    });
    expect(
      lessonsOf((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data).get('meeting'),
    ).toMatchObject({
      status: 'IN_PROGRESS',
      nextOccurrence: { attended: true },
    });
    now = new Date('2031-05-07T18:30:00Z');
    const second = await call('POST', url('meeting'), LEARNER);
    expect(second.status).toBe(200);
    expect(second.body.data.recorded).toBe(false);
    const rows = await attendanceOf(LEARNER, 'meeting');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.occurrence_date).toBe('2031-05-07');
    expect(new Date(rows[0]!.joined_at).toISOString()).toBe('2031-05-07T17:50:00.000Z'); // the first join is kept
  });

  it('staff join without a record; after the end it answers 409', async () => {
    now = new Date('2031-05-07T18:10:00Z');
    const before = await countRows(t.db, 'attendance');
    const res = await call('POST', url('meeting'), EDUCATOR);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      url: 'https://meet.halaqa.test/m1',
      recorded: false,
      occurrence: { attended: false },
    });
    expect((await call('POST', url('meeting'), 'admin@halaqa.test')).body.data.recorded).toBe(false);
    expect(await countRows(t.db, 'attendance')).toBe(before);
    now = new Date('2031-05-07T18:45:00Z'); // the window closes at the end
    const late = await call('POST', url('meeting'), LEARNER1);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This meeting has ended');
    expect(await countRows(t.db, 'attendance')).toBe(before);
    expect(
      lessonsOf((await call('GET', `/api/sessions/${sessionId}/classroom`, LEARNER)).body.data).get('meeting')!.status,
    ).toBe('DONE');
  });

  it('records each occurrence of a scheduled meeting separately', async () => {
    now = new Date('2031-05-06T00:20:00Z'); // Monday's slot
    expect((await call('POST', url('live'), LEARNER)).body.data).toMatchObject({
      recorded: true,
      occurrence: { occurrenceDate: '2031-05-05' },
    });
    now = new Date('2031-05-06T01:30:00Z'); // Monday's slot has ended: the message gives Thursday's opening
    const between = await call('POST', url('live'), LEARNER);
    expect(between.status).toBe(409);
    expect(between.body.message).toContain('2031-05-08 17:50 (America/Denver)');
    now = new Date('2031-05-08T23:55:00Z'); // Thursday's window
    expect((await call('POST', url('live'), LEARNER)).body.data).toMatchObject({
      recorded: true,
      url: 'https://meet.halaqa.test/live',
      occurrence: { occurrenceDate: '2031-05-08' },
    });
    expect((await attendanceOf(LEARNER, 'live')).map((r) => r.occurrence_date).sort()).toEqual([
      '2031-05-05',
      '2031-05-08',
    ]);
  });

  it('refuses non-meeting lessons, a meeting without link, outsiders and unknown lessons, recording nothing', async () => {
    now = new Date('2031-05-13T15:00:00Z'); // Tuesday 09:00 MDT of week 2: the link-less meeting runs
    const before = await countRows(t.db, 'attendance');
    const nolink = await call('POST', url('nolink'), LEARNER);
    expect(nolink.status).toBe(409);
    expect(nolink.body.message).toBe('The educator has not set the meeting link yet');
    const reading = await call('POST', url('reading'), LEARNER);
    expect(reading.status).toBe(409);
    expect(reading.body.message).toBe('This lesson is not a meeting');
    expect((await call('POST', url('nolink'), null)).status).toBe(401);
    expect((await call('POST', url('nolink'), OUTSIDER)).status).toBe(403);
    expect((await call('POST', url('nolink'), CANCELLED)).status).toBe(403);
    expect((await call('POST', url('nolink'), PARTNER)).status).toBe(403);
    expect((await call('POST', `/api/sessions/${sessionId}/lessons/${otherCourseLessonId}/join`, LEARNER)).status).toBe(
      404,
    );
    expect((await call('POST', `/api/sessions/999999/lessons/${L.live}/join`, LEARNER)).status).toBe(404);
    expect((await call('POST', `/api/sessions/${sessionId}/lessons/abc/join`, LEARNER)).status).toBe(400);
    expect(await countRows(t.db, 'attendance')).toBe(before);
  });
});

describe('GET /sessions/{id}/calendar.ics', () => {
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

  it('answers text/calendar with weekly RRULEs in the session zone and stable UIDs', async () => {
    const res = await call('GET', `/api/sessions/${sessionId}/calendar.ics`, LEARNER);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="session-${sessionId}.ics"`);
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const cal = parse(res.text);
    expect(cal.getAllSubcomponents('vtimezone').map((c) => c.getFirstPropertyValue('tzid'))).toEqual([
      'America/Denver',
    ]);
    const events = cal.getAllSubcomponents('vevent');
    const recurring = events.filter((c) => c.getFirstProperty('rrule'));
    expect(recurring.map((c) => c.getFirstPropertyValue('uid'))).toEqual([
      `session-${sessionId}-monday@halaqa`,
      `session-${sessionId}-thursday@halaqa`,
    ]);
    const occurrences: string[] = [];
    for (const vevent of recurring) {
      expect((vevent.getFirstPropertyValue('rrule') as ICAL.Recur).freq).toBe('WEEKLY');
      expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Denver');
      const event = new ICAL.Event(vevent);
      expect(event.summary).toBe('JavaScript, live');
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        expect(next.toString()).toMatch(/T18:00:00$/);
        occurrences.push(next.toJSDate().toISOString());
      }
    }
    occurrences.sort();
    expect(occurrences).toHaveLength(8); // 4 Mondays + 4 Thursdays
    expect(occurrences[0]).toBe('2031-05-06T00:00:00.000Z');
    expect(occurrences[7]).toBe('2031-05-30T00:00:00.000Z');
    // The meetings with their own time: one event each.
    const single = events.filter((c) => !c.getFirstProperty('rrule')).map((c) => new ICAL.Event(c));
    expect(single.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      [`session-${sessionId}-lesson-${L.meeting}@halaqa`, '2031-05-07T18:00:00.000Z'],
      [`session-${sessionId}-lesson-${L.nolink}@halaqa`, '2031-05-13T15:00:00.000Z'],
    ]);

    const again = parse((await call('GET', `/api/sessions/${sessionId}/calendar.ics`, EDUCATOR)).text);
    expect(again.getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('uid'))).toEqual(
      events.map((c) => c.getFirstPropertyValue('uid')),
    );
  });

  it('refuses anonymous (401), outsiders and partners (403), unknown sessions (404)', async () => {
    const url = `/api/sessions/${sessionId}/calendar.ics`;
    expect((await call('GET', url, null)).status).toBe(401);
    const refused = await call('GET', url, OUTSIDER);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBeTruthy();
    expect((await call('GET', url, PARTNER)).status).toBe(403);
    expect((await call('GET', '/api/sessions/999999/calendar.ics', LEARNER)).status).toBe(404);
  });
});

describe('GET /sessions/{id}/attendance', () => {
  it('lists the occurrences held so far with attendees, and each learner attended / held', async () => {
    now = new Date('2031-05-09T12:00:00Z');
    const res = await call('GET', `/api/sessions/${sessionId}/attendance`, EDUCATOR);
    expect(res.status).toBe(200);
    const [lina, maya] = [await idOf(LEARNER), await idOf(LEARNER1)];
    expect(res.body.data).toEqual({
      sessionId,
      meetings: [
        {
          lessonId: L.live,
          lessonName: 'live',
          occurrenceDate: '2031-05-05',
          startsAt: '2031-05-06T00:00:00.000Z',
          attendees: 2,
          attendeeIds: [lina, maya].sort((a, b) => a - b),
        },
        {
          lessonId: L.meeting,
          lessonName: 'meeting',
          occurrenceDate: '2031-05-07',
          startsAt: '2031-05-07T18:00:00.000Z',
          attendees: 1,
          attendeeIds: [lina],
        },
        {
          lessonId: L.live,
          lessonName: 'live',
          occurrenceDate: '2031-05-08',
          startsAt: '2031-05-09T00:00:00.000Z',
          attendees: 1,
          attendeeIds: [lina],
        },
      ],
      learners: [
        { learner: { id: await idOf(LEARNER), name: 'Lina Kassem', pictureUrl: null }, attended: 3, held: 3, rate: 1 },
        {
          learner: { id: await idOf(LEARNER1), name: 'Maya Chen', pictureUrl: null },
          attended: 1,
          held: 3,
          rate: 0.3333,
        },
      ],
    });
  });

  it("is open to admins and the course company's partners only", async () => {
    const url = `/api/sessions/${sessionId}/attendance`;
    expect((await call('GET', url, PARTNER)).status).toBe(200);
    expect((await call('GET', url, 'admin@halaqa.test')).status).toBe(200);
    expect((await call('GET', url, null)).status).toBe(401);
    for (const who of [OTHER_PARTNER, 'educator2@halaqa.test', LEARNER])
      expect((await call('GET', url, who)).status, who).toBe(403);
    expect((await call('GET', '/api/sessions/999999/attendance', EDUCATOR)).status).toBe(404);
    expect((await call('GET', '/api/sessions/-1/attendance', EDUCATOR)).status).toBe(400);
  });
});
