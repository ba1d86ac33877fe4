import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';

/**
 * Saving a course (POST /courses?id=) reconciles its syllabus by position instead of replacing it
 * (server/modules/authoring/service.ts `writeSkillsAndSyllabus`): sections matched by (week,
 * position), lessons by (week, section position, lesson position). Matched rows keep their ids, and
 * with them the lesson content and the learners' work hanging off them (migration 0005, `on delete
 * cascade`); only lessons that left the syllabus are deleted. All in the save's one transaction.
 */

let t: TestApp;
let typeIds: Map<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  typeIds = new Map(
    (await t.db.selectFrom('lesson_types').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
}, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
afterAll(() => t.close());

const EDUCATOR = 'educator@halaqa.test';
const LEARNER = 'learner2@halaqa.test';

/** A lesson of the compact syllabus: [type code, name, duration minutes, link?]. */
type L = [string, string, number, string?];
/** week → sections → [section name, lessons]. */
type Syllabus = [string, L[]][][];

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
function fields(
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

async function save(f: Record<string, string>, id?: number) {
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
async function stored(courseId: number) {
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

const BASE: Syllabus = [
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
async function courseWithWork() {
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
async function workOn(lessonIds: number[]) {
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

describe('saving a course reconciles its syllabus by position', () => {
  it('renames and renumbers lessons and sections in place: ids, content and learners’ work survive, the payload is unchanged', async () => {
    const { courseId, ids, programming } = await courseWithWork();
    const before = await stored(courseId);
    const lessonIds = before.map((l) => l.id);
    const workBefore = await workOn(lessonIds);
    expect(workBefore.submissions).toEqual({ [ids['Failure stories essay']!]: 1 });

    const renamed: Syllabus = [
      [
        [
          'Foundations of time',
          [
            ['meeting', 'Welcome class', 60, 'https://meet.halaqa.test/ds-welcome'],
            ['reading', 'Logical clocks', 35],
            ['quiz', 'Logical clocks quiz', 20],
          ],
        ],
        [
          'Practice',
          [
            ['assignment', 'Outage post-mortem', 90],
            ['programmingAssignment', 'Implement a Lamport clock', 50],
          ],
        ],
      ],
      [
        [
          'Replication and quorums',
          [
            ['video', 'Primary-backup', 22, 'https://videos.halaqa.test/ds/pb'],
            ['notes', 'Quorum cheat sheet', 5],
          ],
        ],
      ],
    ];
    // The `order` fields are ignored (order comes from position, product.md#entities): send them reversed.
    const res = await save(
      fields(renamed, {}, (i) => 10 - i),
      courseId,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['course', 'session']);
    expect(res.body.data).toMatchObject({ course: { id: courseId } });

    const after = await stored(courseId);
    expect(after.map((l) => l.id)).toEqual(lessonIds);
    expect(after.map((l) => l.sectionId)).toEqual(before.map((l) => l.sectionId));
    expect(after.map((l) => [l.week, l.section, l.sectionOrder, l.order, l.code, l.name, l.duration, l.link])).toEqual([
      [1, 'Foundations of time', 0, 0, 'meeting', 'Welcome class', 60, 'https://meet.halaqa.test/ds-welcome'],
      [1, 'Foundations of time', 0, 1, 'reading', 'Logical clocks', 35, null],
      [1, 'Foundations of time', 0, 2, 'quiz', 'Logical clocks quiz', 20, null],
      [1, 'Practice', 1, 0, 'assignment', 'Outage post-mortem', 90, null],
      [1, 'Practice', 1, 1, 'programmingAssignment', 'Implement a Lamport clock', 50, null],
      [2, 'Replication and quorums', 0, 0, 'video', 'Primary-backup', 22, 'https://videos.halaqa.test/ds/pb'],
      [2, 'Replication and quorums', 0, 1, 'notes', 'Quorum cheat sheet', 5, null],
    ]);
    // What the form does not carry is kept: the meeting's slot, content, points, programming tests.
    const byId = new Map(after.map((l) => [l.id, l]));
    expect(byId.get(ids['Kick-off']!)).toMatchObject({ day: 'monday', startTime: '18:00' });
    expect(byId.get(ids['Time, clocks and ordering']!)!.contentHtml).toBe('<p>Happened-before</p>');
    expect(byId.get(ids['Clocks quiz']!)!.points).toBe(20);
    expect(byId.get(ids['Lamport clock']!)!.programming).toEqual(programming);
    expect(await workOn(lessonIds)).toEqual(workBefore);

    // The editor shows the same ids.
    const edit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/edit`,
        headers: t.auth(await t.tokenFor(EDUCATOR)),
      })
    ).json().data;
    expect(edit.syllabus.flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons.map((l: any) => l.id)))).toEqual(
      lessonIds,
    );
  });

  it('removing a lesson deletes only it (and its work); adding one inserts it; a removed week takes its sections', async () => {
    const { courseId, ids } = await courseWithWork();
    const before = await stored(courseId);
    const keptIds = before.filter((l) => l.name !== 'Clocks quiz' && l.week === 1).map((l) => l.id);
    const workBefore = await workOn(keptIds);
    const questions = await countRows(t.db, 'quiz_questions');
    const attempts = await countRows(t.db, 'quiz_attempts');

    const edited: Syllabus = [
      [
        [
          'Foundations',
          [
            ['meeting', 'Kick-off', 90, 'https://meet.halaqa.test/ds-w1'],
            ['reading', 'Time, clocks and ordering', 30],
          ],
        ],
        [
          'Practice',
          [
            ['assignment', 'Failure stories essay', 60],
            ['programmingAssignment', 'Lamport clock', 45],
            ['learningObjective', 'Vector clocks path', 25],
          ],
        ],
        [
          'Extra',
          [
            ['video', 'Spanner and TrueTime', 18, 'https://videos.halaqa.test/ds/truetime'],
            ['notes', 'Reading list', 5],
          ],
        ],
      ],
    ];
    const res = await save(fields(edited), courseId);
    expect(res.status).toBe(200);

    const after = await stored(courseId);
    expect(after.map((l) => l.name)).toEqual([
      'Kick-off',
      'Time, clocks and ordering',
      'Failure stories essay',
      'Lamport clock',
      'Vector clocks path',
      'Spanner and TrueTime',
      'Reading list',
    ]);
    // Kept lessons keep their ids and work; the quiz is gone with its question and attempt.
    expect(after.slice(0, 4).map((l) => l.id)).toEqual(keptIds);
    expect(await workOn(keptIds)).toEqual(workBefore);
    expect(
      await t.db.selectFrom('lessons').select('id').where('id', '=', ids['Clocks quiz']!).executeTakeFirst(),
    ).toBeUndefined();
    expect(await countRows(t.db, 'quiz_questions')).toBe(questions - 1);
    expect(await countRows(t.db, 'quiz_attempts')).toBe(attempts - 1);
    // Added lessons and the added section are new rows with default authoring.
    const maxBefore = Math.max(...before.map((l) => l.id));
    for (const l of after.slice(4)) {
      expect(l.id).toBeGreaterThan(maxBefore);
      expect(l).toMatchObject({ day: null, startTime: null, contentHtml: null, points: 100, programming: null });
    }
    expect(after[4]!.sectionId).toBe(after[2]!.sectionId);
    // Week 2 left the syllabus: its section and lessons are deleted.
    expect(after.some((l) => l.week === 2)).toBe(false);
    expect(
      await t.db.selectFrom('sections').select('id').where('course_id', '=', courseId).where('week', '=', 2).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('lessons')
        .select('id')
        .where('id', 'in', [ids['Primary-backup replication']!, ids['Replication cheat sheet']!])
        .execute(),
    ).toEqual([]);
  });

  it('keeps a lesson’s row and its type-specific data when its type changes', async () => {
    const { courseId, ids } = await courseWithWork();
    const edited = structuredClone(BASE);
    edited[0]![0]![1][2] = ['reading', 'Clocks, read instead', 15];
    const res = await save(fields(edited), courseId);
    expect(res.status).toBe(200);
    const quiz = (await stored(courseId)).find((l) => l.id === ids['Clocks quiz'])!;
    expect(quiz).toMatchObject({ code: 'reading', name: 'Clocks, read instead', points: 20 });
    expect(await workOn([quiz.id])).toMatchObject({ questions: { [quiz.id]: 1 }, attempts: { [quiz.id]: 1 } });
  });

  it('writes nothing when the save fails part-way (one transaction)', async () => {
    const { courseId } = await courseWithWork();
    const before = await stored(courseId);
    const course = await t.db
      .selectFrom('courses')
      .select(['title', 'updated_at'])
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    const counts = async () =>
      Promise.all(
        (
          [
            'sections',
            'lessons',
            'quiz_questions',
            'quiz_attempts',
            'submissions',
            'lesson_progress',
            'attendance',
            'course_skills',
          ] as const
        ).map((n) => countRows(t.db, n)),
      );
    const countsBefore = await counts();

    // A database failure on the last statement of the syllabus (inserting the lesson "Boom"), after
    // the renames, deletions and the course update already ran inside the transaction.
    await sql`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'refused by test'; end if; return new; end $$`.execute(t.db);
    await sql`create trigger refuse_boom before insert on lessons for each row execute function refuse_boom()`.execute(
      t.db,
    );
    try {
      const edited: Syllabus = [
        [
          ['Renamed', [['meeting', 'Renamed kick-off', 90, 'https://meet.halaqa.test/ds-w1']]],
          [
            'Practice',
            [
              ['assignment', 'Failure stories essay', 60],
              ['programmingAssignment', 'Lamport clock', 45],
              ['notes', 'Boom', 5],
            ],
          ],
        ],
      ];
      const res = await save(fields(edited, { title: 'Should not stick', 'gainedSkills[0]': '3' }), courseId);
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_boom on lessons`.execute(t.db);
      await sql`drop function refuse_boom()`.execute(t.db);
    }
    expect(await stored(courseId)).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
    expect(
      await t.db
        .selectFrom('courses')
        .select(['title', 'updated_at'])
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow(),
    ).toEqual(course);
  });
});
