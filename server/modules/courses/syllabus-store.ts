import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { type ParsedCourseForm, type ParsedWeek } from './course-form.js';

/**
 * Writing a course's gained and required skills and its syllabus (weeks, sections, lessons), the
 * stored rows reconciled with the form's so that ids of kept items survive an edit.
 */

/**
 * Replaces a course's skills and reconciles its syllabus with the form, by position, so that
 * learners' work and lesson authoring survive an edit (docs/classroom.md):
 * - sections are matched by (week, position in the week) and lessons by (week, section position,
 *   lesson position), positions counted in stored order (`sort_order`, then id);
 * - a matched row is updated in place and keeps its id: a section's name and order; a lesson's type,
 *   name, order, duration and link. Everything else on the lesson is kept: `day`/`start_time`,
 *   content, video, captions, points, late-work policy, time limit, programming tests, and the rows
 *   hanging off it (quiz questions, attempts, submissions, attendance, progress);
 * - a lesson whose type changes keeps its row and all of the above: type-specific data of the old
 *   type (e.g. a quiz's questions after becoming a reading) stays stored, unused by the classroom,
 *   and is back if the type is changed back;
 * - form rows without a counterpart are inserted (new lessons without a day or start time);
 * - stored rows without a counterpart are deleted — and with them, by `on delete cascade`, their
 *   lessons and those lessons' learner work (intended: the lesson is gone).
 * Runs inside the caller's transaction; order of statements: deletions, updates, insertions.
 */
export async function writeSkillsAndSyllabus(trx: Transaction<Database>, courseId: number, form: ParsedCourseForm) {
  await trx.deleteFrom('course_skills').where('course_id', '=', courseId).execute();
  const skills = [
    ...form.requiredSkillIds.map((skill_id) => ({ course_id: courseId, skill_id, type: 'REQUIRED' as const })),
    ...form.gainedSkillIds.map((skill_id) => ({ course_id: courseId, skill_id, type: 'GAINED' as const })),
  ];
  if (skills.length) await trx.insertInto('course_skills').values(skills).execute();
  await reconcileSyllabus(trx, courseId, form.syllabus);
}

/** Section ids of a course by week, in position order. */
async function storedSections(trx: Transaction<Database>, courseId: number): Promise<Map<number, number[]>> {
  const rows = await trx
    .selectFrom('sections')
    .select(['id', 'week'])
    .where('course_id', '=', courseId)
    .orderBy('week')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const byWeek = new Map<number, number[]>();
  for (const r of rows) byWeek.set(r.week, [...(byWeek.get(r.week) ?? []), r.id]);
  return byWeek;
}

/** Lesson ids by section id, in position order, for the given sections. */
async function storedLessons(trx: Transaction<Database>, sectionIds: number[]): Promise<Map<number, number[]>> {
  const bySection = new Map<number, number[]>(sectionIds.map((id) => [id, []]));
  if (!sectionIds.length) return bySection;
  const rows = await trx
    .selectFrom('lessons')
    .select(['id', 'section_id'])
    .where('section_id', 'in', sectionIds)
    .orderBy('section_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  for (const r of rows) bySection.get(r.section_id)!.push(r.id);
  return bySection;
}

/**
 * Reconciles a course's sections and lessons with `syllabus` by position (see
 * {@link writeSkillsAndSyllabus}); stored `sort_order`s become the form's 0-based positions.
 */
async function reconcileSyllabus(trx: Transaction<Database>, courseId: number, syllabus: ParsedWeek[]) {
  const sectionsByWeek = await storedSections(trx, courseId);
  const lessonsBySection = await storedLessons(trx, [...sectionsByWeek.values()].flat());

  // Pair form sections with stored ones; what is left over on the stored side goes.
  const formWeeks = new Map(syllabus.map((w) => [w.week, w]));
  const goneSections: number[] = [];
  const goneLessons: number[] = [];
  for (const [week, ids] of sectionsByWeek) {
    const kept = formWeeks.get(week)?.sections.length ?? 0;
    goneSections.push(...ids.slice(kept));
    ids.slice(0, kept).forEach((sectionId, si) => {
      const keptLessons = formWeeks.get(week)!.sections[si]!.lessons.length;
      goneLessons.push(...lessonsBySection.get(sectionId)!.slice(keptLessons));
    });
  }
  if (goneSections.length) await trx.deleteFrom('sections').where('id', 'in', goneSections).execute();
  if (goneLessons.length) await trx.deleteFrom('lessons').where('id', 'in', goneLessons).execute();

  for (const week of syllabus) {
    const storedIds = sectionsByWeek.get(week.week) ?? [];
    for (const [si, section] of week.sections.entries()) {
      let sectionId = storedIds[si];
      if (sectionId !== undefined) {
        await trx
          .updateTable('sections')
          .set({ name: section.name, sort_order: si })
          .where('id', '=', sectionId)
          .execute();
      } else {
        sectionId = (
          await trx
            .insertInto('sections')
            .values({ course_id: courseId, week: week.week, name: section.name, sort_order: si })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const lessonIds = lessonsBySection.get(sectionId) ?? [];
      const inserts = [];
      for (const [li, l] of section.lessons.entries()) {
        const syllabusFields = {
          lesson_type_id: l.lessonTypeId,
          name: l.name,
          sort_order: li,
          duration_minutes: l.duration,
          link: l.link,
        };
        const lessonId = lessonIds[li];
        if (lessonId !== undefined)
          await trx.updateTable('lessons').set(syllabusFields).where('id', '=', lessonId).execute();
        else inserts.push({ ...syllabusFields, section_id: sectionId, day: null, start_time: null });
      }
      if (inserts.length) await trx.insertInto('lessons').values(inserts).execute();
    }
  }
}
