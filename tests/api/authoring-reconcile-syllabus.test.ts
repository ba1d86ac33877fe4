import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  courseWithWork,
  EDUCATOR,
  fields,
  save,
  stored,
  type Syllabus,
  t,
  useTestApp,
  workOn,
} from './authoring-reconcile-shared.js';
import { courseEditData } from './course-form.js';

useTestApp();

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
    const edit = await courseEditData(t, EDUCATOR, courseId);
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
});
