import type { Schema } from './support/contract';

/**
 * The course form's values, the defaults of a new course, the mapping from the editor's initial data and the
 * comparison that says whether it changed (course-editor.form.ts re-exports them).
 */

export type Difficulty = Schema<'Difficulty'>;
export type CourseEditorData = Schema<'CourseEditorData'>;
export type Weekday = Schema<'Weekday'>;
export type Weeks = Schema<'Weeks'>;

import { WEEKDAYS } from './support/form';

export { WEEKDAYS };

/** One weekday of the weekly schedule: a start and end time (`HH:mm`, session time zone) or none. */
export interface DaySlot {
  enabled: boolean;
  start: string;
  end: string;
}

/** A lesson being edited; every value as typed (strings). `duration` is in minutes. */
export interface LessonDraft {
  /** Stable identity for lists and drag and drop (never sent). */
  key: string;
  /**
   * The saved lesson's id (from `GET /courses/{id}/edit`), for the "Edit content" link to the
   * lesson-authoring screen; absent for a lesson added since. Never sent: the multipart payload
   * of product.md#entities is unchanged.
   */
  id?: number;
  lessonTypeId: string;
  name: string;
  duration: string;
  link: string;
}

export interface SectionDraft {
  key: string;
  name: string;
  lessons: LessonDraft[];
}

/** A syllabus week; its number is its position + 1. */
export interface WeekDraft {
  key: string;
  sections: SectionDraft[];
}

/** An uploaded file: `id` from the upload call (null for a picture that was not uploaded through the editor). */
export interface UploadRef {
  id: number | null;
  url: string;
  /** File name shown next to the preview. */
  name?: string;
}

/**
 * The values of the course form. Text and number inputs hold what was typed (strings);
 * `requiredSkills` / `gainedSkills` are skill ids joined with '|' (product.md#entities).
 */
export interface CourseFormValues {
  title: string;
  courseCategoryId: string;
  languageId: string;
  description: string;
  about: string;
  /** Decimal US dollars. */
  price: string;
  /** Whole hours. */
  numHours: string;
  difficultyLevel: Difficulty;
  hasMultiInstructors: boolean;
  /** Only offered to partners and company educators. */
  isPrivate: boolean;
  requiredSkills: string;
  gainedSkills: string;
  picture: UploadRef | null;
  video: UploadRef | null;
  /** First session: calendar dates `YYYY-MM-DD` in `timezone`. */
  startDate: string;
  endDate: string;
  /** IANA time zone from the US list. */
  timezone: string;
  maxSeats: string;
  schedule: Record<Weekday, DaySlot>;
  syllabus: WeekDraft[];
}

export const DIFFICULTY_LEVELS: readonly Difficulty[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'];

/** Limits of the server's rules (openapi `CourseForm`). */
export const LIMITS = {
  title: 200,
  description: 2000,
  about: 20000,
  price: 100000,
  numHours: 1000,
  maxSeats: 5000,
  sectionName: 200,
  lessonName: 200,
  /** Minutes in a day. */
  lessonDuration: 1440,
  link: 2048,
} as const;

function emptySchedule(): Record<Weekday, DaySlot> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, { enabled: false, start: '', end: '' }])) as Record<
    Weekday,
    DaySlot
  >;
}

/** A new course (product.md#entities): language 1, BEGINNER, price 0, one empty syllabus week. */
export function defaultCourseValues(): CourseFormValues {
  return {
    title: '',
    courseCategoryId: '',
    languageId: '1',
    description: '',
    about: '',
    price: '0',
    numHours: '',
    difficultyLevel: 'BEGINNER',
    hasMultiInstructors: false,
    isPrivate: false,
    requiredSkills: '',
    gainedSkills: '',
    picture: null,
    video: null,
    startDate: '',
    endDate: '',
    timezone: '',
    maxSeats: '',
    schedule: emptySchedule(),
    syllabus: [{ key: 'w1', sections: [] }],
  };
}

/** Skill ids from a '|'-joined list ("4|9" → [4, 9]); blanks and non-numbers are dropped. */
export function splitSkills(joined: string): number[] {
  return joined
    .split('|')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n, i, all) => n > 0 && all.indexOf(n) === i);
}

/** Skill ids joined with '|' (product.md#entities). */
export function joinSkills(ids: readonly number[]): string {
  return ids.join('|');
}

/**
 * The form values of an existing course from `GET /courses/{id}/edit` (product.md#entities "Course form
 * initial data"): numbers as strings, weekly slots per weekday, the syllabus by week (missing week
 * numbers become empty weeks), sections and lessons in their `order`.
 */
export function fromEditorData(data: CourseEditorData): CourseFormValues {
  const schedule = emptySchedule();
  if (data.weeks) {
    for (const day of WEEKDAYS) {
      const slot = data.weeks[day];
      if (slot) schedule[day] = { enabled: true, start: slot.start.slice(0, 5), end: slot.end.slice(0, 5) };
    }
  }
  const lastWeek = data.syllabus.reduce((max, w) => Math.max(max, w.week), 0);
  const syllabus: WeekDraft[] = [];
  for (let week = 1; week <= Math.max(1, lastWeek); week++) {
    const sections = data.syllabus
      .filter((w) => w.week === week)
      .flatMap((w) => w.sections)
      .map((section, index) => ({ section, index }))
      .sort((a, b) => (a.section.order ?? a.index) - (b.section.order ?? b.index) || a.index - b.index)
      .map(({ section }, s) => ({
        key: `w${week}-s${s}`,
        name: section.name,
        lessons: section.lessons
          .map((lesson, index) => ({ lesson, index }))
          .sort((a, b) => (a.lesson.order ?? a.index) - (b.lesson.order ?? b.index) || a.index - b.index)
          .map(({ lesson }, l) => ({
            key: `w${week}-s${s}-l${l}`,
            ...(lesson.id ? { id: lesson.id } : {}),
            lessonTypeId: String(lesson.lessonTypeId),
            name: lesson.name,
            duration: String(lesson.duration),
            link: lesson.link ?? '',
          })),
      }));
    syllabus.push({ key: `w${week}`, sections });
  }
  return {
    title: data.title,
    courseCategoryId: String(data.courseCategoryId),
    languageId: String(data.languageId),
    description: data.description,
    about: data.about,
    price: String(data.price),
    numHours: String(data.numHours),
    difficultyLevel: data.difficultyLevel,
    hasMultiInstructors: data.hasMultiInstructors,
    isPrivate: data.isPrivate,
    requiredSkills: data.requiredSkills,
    gainedSkills: data.gainedSkills,
    picture: data.pictureUrl ? { id: data.pictureId, url: data.pictureUrl } : null,
    video: data.videoUrl ? { id: data.videoId, url: data.videoUrl } : null,
    startDate: data.session?.startDate ?? '',
    endDate: data.session?.endDate ?? '',
    timezone: data.session?.timezone ?? '',
    maxSeats: data.session ? String(data.session.maxSeats) : '',
    schedule,
    syllabus,
  };
}

/**
 * The syllabus with the lesson ids of `saved` (the same course as saved, from `GET /courses/{id}/edit`),
 * matched by position (week, section, lesson: the server stores them in form order). A lesson
 * without a counterpart (e.g. `saved` is null because reloading failed) loses its id: its id from
 * before the save may no longer exist.
 */
export function withSavedLessonIds(syllabus: WeekDraft[], saved: WeekDraft[] | null): WeekDraft[] {
  return syllabus.map((week, w) => ({
    ...week,
    sections: week.sections.map((section, s) => ({
      ...section,
      lessons: section.lessons.map((lesson, l) => {
        const { id: _old, ...rest } = lesson;
        const id = saved?.[w]?.sections[s]?.lessons[l]?.id;
        return id ? { ...rest, id } : rest;
      }),
    })),
  }));
}

// ─── Unsaved changes ────────────────────────────────────────────────────────

/** The syllabus without what only the UI uses (`key`: list identity, lesson `id`: edit link); neither is sent. */
function comparableSyllabus(syllabus: readonly WeekDraft[]) {
  return syllabus.map((week) => ({
    sections: week.sections.map((section) => ({
      name: section.name,
      lessons: section.lessons.map(({ lessonTypeId, name, duration, link }) => ({
        lessonTypeId,
        name,
        duration,
        link,
      })),
    })),
  }));
}

/** Structural equality of plain data (objects, arrays, primitives); a property set to `undefined` counts as absent. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameData(left[key], right[key])) return false;
  return true;
}

/**
 * Whether the course form has unsaved changes: `values` differ from `saved` (the values as last
 * loaded from `GET /courses/{id}/edit` or saved; a new course's defaults), compared deeply, field
 * by field, as typed (so `'49'` and `'49.0'` differ). Ignored: the syllabus items' `key` (list
 * identity) and the lessons' `id` (the "Edit content" link), which are never sent (product.md#entities). An
 * upload in progress is not part of the values (the course-editor machine keeps it apart), so
 * only a finished upload (a new picture or video) counts as a change. Pure; never throws.
 */
export function isCourseFormDirty(values: CourseFormValues, saved: CourseFormValues): boolean {
  if (values === saved) return false;
  const { syllabus, ...rest } = values;
  const { syllabus: savedSyllabus, ...savedRest } = saved;
  return !sameData(rest, savedRest) || !sameData(comparableSyllabus(syllabus), comparableSyllabus(savedSyllabus));
}
