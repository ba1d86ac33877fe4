import type { LessonDraft, SectionDraft, WeekDraft } from '@machines/course-editor.form';

/**
 * Immutable edits of the syllabus being built (weeks → sections → lessons). Positions are 0-based
 * indexes; every function returns a new array and leaves its input untouched. Out-of-range
 * positions leave the syllabus unchanged.
 */

let counter = 0;
/** A new unique key for a week, section or lesson (client only, never sent). */
export function newKey(prefix = 'k'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

export function emptyLesson(lessonTypeId = ''): LessonDraft {
  return { key: newKey('l'), lessonTypeId, name: '', duration: '', link: '' };
}

export function emptySection(): SectionDraft {
  return { key: newKey('s'), name: '', lessons: [] };
}

export function addWeek(syllabus: WeekDraft[]): WeekDraft[] {
  return [...syllabus, { key: newKey('w'), sections: [] }];
}

export function removeWeek(syllabus: WeekDraft[], week: number): WeekDraft[] {
  if (!syllabus[week]) return syllabus;
  return syllabus.filter((_, i) => i !== week);
}

function updateWeek(syllabus: WeekDraft[], week: number, fn: (w: WeekDraft) => WeekDraft): WeekDraft[] {
  if (!syllabus[week]) return syllabus;
  return syllabus.map((w, i) => (i === week ? fn(w) : w));
}

function updateSectionAt(
  syllabus: WeekDraft[],
  week: number,
  section: number,
  fn: (s: SectionDraft) => SectionDraft,
): WeekDraft[] {
  if (!syllabus[week]?.sections[section]) return syllabus;
  return updateWeek(syllabus, week, (w) => ({ ...w, sections: w.sections.map((s, i) => (i === section ? fn(s) : s)) }));
}

export function addSection(syllabus: WeekDraft[], week: number, section: SectionDraft = emptySection()): WeekDraft[] {
  return updateWeek(syllabus, week, (w) => ({ ...w, sections: [...w.sections, section] }));
}

export function removeSection(syllabus: WeekDraft[], week: number, section: number): WeekDraft[] {
  if (!syllabus[week]?.sections[section]) return syllabus;
  return updateWeek(syllabus, week, (w) => ({ ...w, sections: w.sections.filter((_, i) => i !== section) }));
}

export function updateSection(
  syllabus: WeekDraft[],
  week: number,
  section: number,
  patch: Partial<Omit<SectionDraft, 'key' | 'lessons'>>,
): WeekDraft[] {
  return updateSectionAt(syllabus, week, section, (s) => ({ ...s, ...patch }));
}

export function addLesson(
  syllabus: WeekDraft[],
  week: number,
  section: number,
  lesson: LessonDraft = emptyLesson(),
): WeekDraft[] {
  return updateSectionAt(syllabus, week, section, (s) => ({ ...s, lessons: [...s.lessons, lesson] }));
}

export function removeLesson(syllabus: WeekDraft[], week: number, section: number, lesson: number): WeekDraft[] {
  if (!syllabus[week]?.sections[section]?.lessons[lesson]) return syllabus;
  return updateSectionAt(syllabus, week, section, (s) => ({ ...s, lessons: s.lessons.filter((_, i) => i !== lesson) }));
}

export function updateLesson(
  syllabus: WeekDraft[],
  week: number,
  section: number,
  lesson: number,
  patch: Partial<Omit<LessonDraft, 'key'>>,
): WeekDraft[] {
  if (!syllabus[week]?.sections[section]?.lessons[lesson]) return syllabus;
  return updateSectionAt(syllabus, week, section, (s) => ({
    ...s,
    lessons: s.lessons.map((l, i) => (i === lesson ? { ...l, ...patch } : l)),
  }));
}

/** Where a section is: its week and its index in that week. */
export interface SectionPosition {
  week: number;
  index: number;
}

/** Where a lesson is: its week, section and index in that section. */
export interface LessonPosition {
  week: number;
  section: number;
  index: number;
}

/**
 * Moves a section to `to` (the index it will have in its target week, after the move; clamped
 * to the end of that week). Moving within a week or to another week.
 */
export function moveSection(syllabus: WeekDraft[], from: SectionPosition, to: SectionPosition): WeekDraft[] {
  const moving = syllabus[from.week]?.sections[from.index];
  if (!moving || !syllabus[to.week]) return syllabus;
  const without = syllabus.map((w, i) =>
    i === from.week ? { ...w, sections: w.sections.filter((_, s) => s !== from.index) } : w,
  );
  return without.map((w, i) => {
    if (i !== to.week) return w;
    const sections = [...w.sections];
    sections.splice(Math.max(0, Math.min(to.index, sections.length)), 0, moving);
    return { ...w, sections };
  });
}

/**
 * Moves a lesson to `to` (the index it will have in its target section, after the move; clamped
 * to the end of that section). Within a section, or to another section of any week.
 */
export function moveLesson(syllabus: WeekDraft[], from: LessonPosition, to: LessonPosition): WeekDraft[] {
  const moving = syllabus[from.week]?.sections[from.section]?.lessons[from.index];
  if (!moving || !syllabus[to.week]?.sections[to.section]) return syllabus;
  const without = updateSectionAt(syllabus, from.week, from.section, (s) => ({
    ...s,
    lessons: s.lessons.filter((_, l) => l !== from.index),
  }));
  return updateSectionAt(without, to.week, to.section, (s) => {
    const lessons = [...s.lessons];
    lessons.splice(Math.max(0, Math.min(to.index, lessons.length)), 0, moving);
    return { ...s, lessons };
  });
}
