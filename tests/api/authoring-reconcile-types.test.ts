import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  BASE,
  courseWithWork,
  fields,
  save,
  stored,
  type Syllabus,
  t,
  useTestApp,
  workOn,
} from './authoring-reconcile-shared.js';

useTestApp();

describe('saving a course reconciles its syllabus by position', () => {
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
