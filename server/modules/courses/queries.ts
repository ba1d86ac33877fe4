import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Query fragments of the courses module that other modules build on (sessions, classroom): each
 * returns a Kysely builder the caller narrows and selects from, so the joins and orders that say
 * what a syllabus or a session's course is are written once.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Orders rows of sections (`sec`) and their lessons (`l`) as the syllabus reads: week, section
 * order, section, lesson order, lesson (ties broken by id, so the order is total).
 */
export function inSyllabusOrder<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) {
  return qb
    .orderBy(sql.ref('sec.week'))
    .orderBy(sql.ref('sec.sort_order'))
    .orderBy(sql.ref('sec.id'))
    .orderBy(sql.ref('l.sort_order'))
    .orderBy(sql.ref('l.id'));
}

/**
 * The syllabus of a course: its sections (`sec`), each with its lessons (`l`, left-joined: an empty
 * section gives one row of nulls), in syllabus order ({@link inSyllabusOrder}). Selects the section's
 * id, week, name and order and the lesson's id; the caller adds the lesson columns it needs.
 */
export function syllabusRows(db: Db, courseId: number) {
  return inSyllabusOrder(
    db
      .selectFrom('sections as sec')
      .leftJoin('lessons as l', 'l.section_id', 'sec.id')
      .select([
        'sec.id as section_id',
        'sec.week',
        'sec.name as section_name',
        'sec.sort_order as section_order',
        'l.id as lesson_id',
      ])
      .where('sec.course_id', '=', courseId),
  );
}

/** The live (not deleted) session `id` (`s`) joined to its course (`c`); no row when there is none. */
export function liveSessionWithCourse(db: Db, id: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .where('s.id', '=', id)
    .where('s.deleted_at', 'is', null);
}

/** Lessons (`l`) joined to their section (`sec`) and their type (`t`); the caller filters and selects. */
export function lessonsWithTypes(db: Db) {
  return db
    .selectFrom('lessons as l')
    .innerJoin('sections as sec', 'sec.id', 'l.section_id')
    .innerJoin('lesson_types as t', 't.id', 'l.lesson_type_id');
}
