import { afterAll, beforeAll, expect } from 'vitest';
import { multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';

/**
 * Saving a course (POST /courses?id=) reconciles its syllabus by position instead of replacing it
 * (server/modules/authoring/service.ts `writeSkillsAndSyllabus`): sections matched by (week,
 * position), lessons by (week, section position, lesson position). Matched rows keep their ids, and
 * with them the lesson content and the learners' work hanging off them (migration 0005, `on delete
 * cascade`); only lessons that left the syllabus are deleted. All in the save's one transaction.
 */

export let t: TestApp;
let typeIds: Map<string, number>;
/**
 * Starts the app before the tests of the file that calls it and closes it after. Each test file
 * calls it: vitest runs the files without isolation, so hooks at this module's top level would
 * reach only the first file that imports it.
 */
export function useTestApp() {
  beforeAll(async () => {
    t = await startTestApp();
    typeIds = new Map(
      (await t.db.selectFrom('lesson_types').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
    );
  }, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
  afterAll(() => t.close());
}

/** The educator who owns the courses. */
export const EDUCATOR = 'educator@halaqa.test';
const LEARNER = 'learner2@halaqa.test';

/** A lesson of the compact syllabus: [type code, name, duration minutes, link?]. */
type L = [string, string, number, string?];
/** week → sections → [section name, lessons]. */
export type Syllabus = [string, L[]][][];

async function uploadPicture(): Promise<number> {
  const form = multipart({}, { picture: { filename: 'cover.png', contentType: 'image/png', content: PNG_1PX } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courses/picture',
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(EDUCATOR)) },
  });
  return res.json().data.id;
}

/** The product.md#entities multipart fields of a course with `syllabus`; each lesson's `order` field is `orderOf(position)`. */
export function fields(
  syllabus: Syllabus,
  extra: Record<string, string> = {},
  orderOf = (i: number) => i,
): Record<string, string> {
  const out: Record<string, string> = {
    action: 'save',
    title: 'Distributed Systems, live',
    about: 'Eight weeks.',
    description: 'Consensus, replication and failure.',
    courseCategoryId: '1',
    languageId: '1',
    price: '0',
    numHours: '10',
    difficultyLevel: 'ADVANCED',
    startDate: '2031-03-03',
    endDate: '2031-04-27',
    timezone: 'America/Chicago',
    maxSeats: '20',
    weeks: JSON.stringify(MONDAY_EVENINGS),
    'gainedSkills[0]': '2',
    ...extra,
  };
  syllabus.forEach((sections, wi) =>
    sections.forEach(([name, lessons], si) => {
      out[`sections[${wi + 1}][${si}][name]`] = name;
      out[`sections[${wi + 1}][${si}][order]`] = String(orderOf(si));
      lessons.forEach(([code, lname, duration, link], li) => {
        const k = `lessons[${wi + 1}][${si}][${li}]`;
        out[`${k}[lessonTypeId]`] = String(typeIds.get(code));
        out[`${k}[name]`] = lname;
        out[`${k}[order]`] = String(orderOf(li));
        out[`${k}[duration]`] = String(duration);
        out[`${k}[link]`] = link ?? '';
      });
    }),
  );
  return out;
}

/** Saves a course from multipart fields `f` (a new one without `id`); answers status and body. */
export async function save(f: Record<string, string>, id?: number) {
  const form = multipart(f);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses${id ? `?id=${id}` : ''}`,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(EDUCATOR)) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The stored syllabus: one row per lesson in position order, with what the classroom keeps on it. */
export async function stored(courseId: number) {
  return t.db
    .selectFrom('lessons as l')
    .innerJoin('sections as s', 's.id', 'l.section_id')
    .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
    .select([
      's.id as sectionId',
      's.week',
      's.name as section',
      's.sort_order as sectionOrder',
      'l.id',
      'l.name',
      'lt.code',
      'l.sort_order as order',
      'l.duration_minutes as duration',
      'l.link',
      'l.day',
      'l.start_time as startTime',
      'l.content_html as contentHtml',
      'l.points',
      'l.programming',
    ])
    .where('s.course_id', '=', courseId)
    .orderBy('s.week')
    .orderBy('s.sort_order')
    .orderBy('l.sort_order')
    .execute();
}

/** The syllabus the tests start from. */
export const BASE: Syllabus = [
  [
    [
      'Foundations',
      [
        ['meeting', 'Kick-off', 90, 'https://meet.halaqa.test/ds-w1'],
        ['reading', 'Time, clocks and ordering', 30],
        ['quiz', 'Clocks quiz', 15],
      ],
    ],
    [
      'Practice',
      [
        ['assignment', 'Failure stories essay', 60],
        ['programmingAssignment', 'Lamport clock', 45],
      ],
    ],
  ],
  [
    [
      'Replication',
      [
        ['video', 'Primary-backup replication', 20, 'https://videos.halaqa.test/ds/replication'],
        ['notes', 'Replication cheat sheet', 5],
      ],
    ],
  ],
];

/** A course saved from BASE, with learner work and authoring on its lessons (ids by lesson name). */
export async function courseWithWork() {
  const pictureId = await uploadPicture();
  const created = await save(fields(BASE, { pictureId: String(pictureId) }));
  expect(created.status).toBe(201);
  const courseId: number = created.body.data.course.id;
  const sessionId: number = created.body.data.session.id;
  const ids = Object.fromEntries((await stored(courseId)).map((l) => [l.name, l.id]));
  const learnerId = (await t.db.selectFrom('users').select('id').where('email', '=', LEARNER).executeTakeFirstOrThrow())
    .id;

  await t.db
    .updateTable('lessons')
    .set({ day: 'monday', start_time: '18:00' })
    .where('id', '=', ids['Kick-off']!)
    .execute();
  await t.db
    .updateTable('lessons')
    .set({ content_html: '<p>Happened-before</p>' })
    .where('id', '=', ids['Time, clocks and ordering']!)
    .execute();
  await t.db
    .updateTable('lessons')
    .set({ points: 20, time_limit_minutes: 10 })
    .where('id', '=', ids['Clocks quiz']!)
    .execute();
  const programming = {
    functionName: 'tick',
    starterCode: 'function tick(t) {}',
    tests: [{ name: 'ticks', args: [1], expected: 2 }],
  };
  await t.db
    .updateTable('lessons')
    .set({ programming: JSON.stringify(programming) })
    .where('id', '=', ids['Lamport clock']!)
    .execute();
  await t.db
    .insertInto('quiz_questions')
    .values({
      lesson_id: ids['Clocks quiz']!,
      sort_order: 0,
      kind: 'TRUE_FALSE',
      prompt: 'Lamport clocks capture causality',
      picture_url: null,
      explanation: null,
      options: '[]',
      answer: 'false',
    })
    .execute();
  await t.db
    .insertInto('quiz_attempts')
    .values({ lesson_id: ids['Clocks quiz']!, session_id: sessionId, user_id: learnerId })
    .execute();
  await t.db
    .insertInto('submissions')
    .values({
      lesson_id: ids['Failure stories essay']!,
      session_id: sessionId,
      user_id: learnerId,
      kind: 'DOCUMENT',
      document_url: '/uploads/lesson/essay.pdf',
      document_name: 'essay.pdf',
      code: null,
      status: 'SUBMITTED',
      grade: null,
      comment: null,
      graded_by: null,
    })
    .execute();
  await t.db
    .insertInto('lesson_progress')
    .values({ session_id: sessionId, lesson_id: ids['Time, clocks and ordering']!, user_id: learnerId, status: 'DONE' })
    .execute();
  await t.db
    .insertInto('attendance')
    .values({ session_id: sessionId, lesson_id: ids['Kick-off']!, user_id: learnerId, occurrence_date: '2031-03-03' })
    .execute();
  return { courseId, sessionId, ids, pictureId, programming };
}

/** How many rows of learner work and questions hang off each lesson id. */
export async function workOn(lessonIds: number[]) {
  const count = async (table: 'quiz_questions' | 'quiz_attempts' | 'submissions' | 'lesson_progress' | 'attendance') =>
    Object.fromEntries(
      (
        await t.db
          .selectFrom(table)
          .select(['lesson_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('lesson_id', 'in', lessonIds)
          .groupBy('lesson_id')
          .execute()
      ).map((r) => [r.lesson_id, Number(r.n)]),
    );
  return {
    questions: await count('quiz_questions'),
    attempts: await count('quiz_attempts'),
    submissions: await count('submissions'),
    progress: await count('lesson_progress'),
    attendance: await count('attendance'),
  };
}
