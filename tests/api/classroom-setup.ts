import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import {
  companyIdOfUser,
  enrollByEmail,
  insertCourse,
  lessonOutside,
  settableClock,
  userIdOf,
} from './course-fixtures.js';
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

/** The app's clock; tests move it with `setNow(date)`. */
const { now, set: setNow } = settableClock(new Date('2031-05-01T12:00:00Z'));
export { setNow };
export let t: TestApp;

export const EDUCATOR = 'educator@halaqa.test';
export const LEARNER = 'learner@halaqa.test'; // Lina Kassem, enrolled
export const LEARNER1 = 'learner1@halaqa.test'; // Maya Chen, enrolled
export const OUTSIDER = 'learner2@halaqa.test'; // not enrolled
export const CANCELLED = 'learner3@halaqa.test'; // enrollment cancelled
export const PARTNER = 'partner@ncai.halaqa.test';
export const OTHER_PARTNER = 'partner@morocco.halaqa.test';

const schedule = weekly({ monday: { start: '18:00', end: '19:30' }, thursday: { start: '18:00', end: '19:30' } });

export let sessionId: number;
export let otherCourseLessonId: number;
/** Another ACTIVE session of the fixture's course (same schedule, nobody enrolled); answers its id. */
export let addSession: () => Promise<number>;
/** Lesson ids by their name in the fixture. */
export const L: Record<string, number> = {};

/** The id of the user with this e-mail. */
export const idOf = (email: string) => userIdOf(t.db, email);

/** Calls the API as `email` (anonymous when null): the status, the JSON body (null if not JSON), the text and the headers. */
export async function call(method: 'GET' | 'POST', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : null;
  return { status: res.statusCode, body: json, text: res.body, headers: res.headers };
}

async function fixture() {
  const course = await insertCourse(t.db, {
    educatorId: await idOf(EDUCATOR),
    title: 'JavaScript, live',
    companyId: await companyIdOfUser(t.db, PARTNER),
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
  addSession = () => course.session(schedule);
  await enrollByEmail(t.db, sessionId, [LEARNER, LEARNER1]);
  await enrollByEmail(t.db, sessionId, [CANCELLED], 'CANCELLED');
  // A lesson of another course (404 in this session).
  otherCourseLessonId = await lessonOutside(t.db, courseId);
}

/**
 * Registers the file's hooks: a test app on the clock `now` with the fixture (above), closed after
 * the tests; `env` adds configuration variables (e.g. `MEETING_BASE_URL: 'none'`).
 */
export function useClassroomFixture(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    t = await startTestApp({ now, env });
    await fixture();
  });
  afterAll(() => t.close());
}

/** A lesson of the classroom answer, as the tests read it. */
export type Lesson = {
  id: number;
  name: string;
  status: string | null;
  grade: number | null;
  deadline: string | null;
  points: number | null;
  nextOccurrence: Record<string, unknown> | null;
};
/** The classroom's lessons by name. */
export const lessonsOf = (classroom: { weeks: { sections: { lessons: Lesson[] }[] }[] }) =>
  new Map(classroom.weeks.flatMap((w) => w.sections.flatMap((s) => s.lessons)).map((l) => [l.name, l]));

/** `email`'s classroom (the data of getClassroom for the fixture session). */
export const classroomOf = async (email: string) =>
  (await call('GET', `/api/sessions/${sessionId}/classroom`, email)).body.data;

/** Records that `email` joined Monday 2031-05-05's live session (`live`) at 00:01Z the next day. */
export async function recordMondayAttendance(email: string): Promise<void> {
  await t.db
    .insertInto('attendance')
    .values({
      session_id: sessionId,
      user_id: await idOf(email),
      lesson_id: L.live!,
      occurrence_date: '2031-05-05',
      joined_at: '2031-05-06T00:01:00Z',
    })
    .execute();
}
