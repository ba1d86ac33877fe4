import * as v from 'valibot';
import type { Schema } from './support/contract';

/**
 * The course form (product.md#entities "Course form", "Course form initial data"): its values, the defaults
 * of a new course, the mapping from the editor's initial data, and the client-side rules that
 * mirror the server's (openapi `CourseForm`). Pure and free of UI and language: the course-editor
 * machine imports it (under plain tsx too), rules answer codes that the UI translates.
 *
 * Lives beside its machine (machines never import src/); imports are relative (plain tsx loads it).
 */

export type Difficulty = Schema<'Difficulty'>;
export type CourseEditorData = Schema<'CourseEditorData'>;
export type Weekday = Schema<'Weekday'>;
export type Weeks = Schema<'Weeks'>;

/** Weekdays, sunday to saturday (product.md#entities, #limits). */
export const WEEKDAYS: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

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
  maxSeats: 1000,
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

// ─── Validation ─────────────────────────────────────────────────────────────

/** Codes of the client-side rules; the UI has a text for each. */
export type CourseFieldCode =
  | 'required'
  | 'tooLong'
  | 'number'
  | 'integer'
  | 'min'
  | 'max'
  | 'date'
  | 'time'
  | 'endBeforeStart'
  | 'slotEndBeforeStart'
  | 'link'
  | 'pictureRequired';

/** A broken rule: its code and, for tooLong / min / max, the limit. */
export interface FieldIssue {
  code: CourseFieldCode;
  limit?: number;
}

/**
 * Field errors by path, named like the server's error paths (product.md#validation): `title`, `startDate`,
 * `weeks.monday`, `sections[<week>][<i>][name]`, `lessons[<week>][<section>][<lesson>][duration]`,
 * `picture`… Weeks are numbered from 1, sections and lessons from 0 (their position).
 */
export type CourseFormErrors = Record<string, FieldIssue>;

const text = (max: number, required: boolean) =>
  required
    ? v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'))
    : v.pipe(v.string(), v.trim(), v.maxLength(max, 'tooLong'));

const id = v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.digits('integer'));

const decimal = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.decimal('number'),
    v.transform(Number),
    v.minValue(min, 'min'),
    v.maxValue(max, 'max'),
  );

const integer = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^[+-]?\d+(\.\d+)?$/, 'number'),
    v.digits('integer'),
    v.transform(Number),
    v.minValue(min, 'min'),
    v.maxValue(max, 'max'),
  );

const isoDate = v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.isoDate('date'));
const time = v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time'));
/** A lesson link: empty, an http(s) URL, or a path on this site (uploaded documents). */
const link = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(LIMITS.link, 'tooLong'),
  v.check((s) => s === '' || /^(https?:\/\/[^\s/$.?#][^\s]*|\/[^\s]*)$/i.test(s), 'link'),
);

/** The scalar rules, by field (valibot). */
export const courseFieldRules = {
  title: text(LIMITS.title, true),
  description: text(LIMITS.description, true),
  about: text(LIMITS.about, false),
  courseCategoryId: id,
  languageId: id,
  price: decimal(0, LIMITS.price),
  numHours: integer(0, LIMITS.numHours),
  difficultyLevel: v.picklist(DIFFICULTY_LEVELS, 'required'),
  startDate: isoDate,
  endDate: isoDate,
  timezone: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)*$/, 'required'),
  ),
  maxSeats: integer(1, LIMITS.maxSeats),
  sectionName: text(LIMITS.sectionName, true),
  lessonName: text(LIMITS.lessonName, true),
  lessonTypeId: id,
  lessonDuration: integer(1, LIMITS.lessonDuration),
  link,
  time,
};

/** Runs one rule; records its first issue under `key`. */
function check(errors: CourseFormErrors, key: string, schema: v.GenericSchema, value: unknown): void {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return;
  const issue = result.issues[0];
  const code = issue.message as CourseFieldCode;
  const limit = typeof issue.requirement === 'number' ? issue.requirement : undefined;
  errors[key] = limit === undefined ? { code } : { code, limit };
}

/** True when the form carries the first session (any of its fields, or a weekly slot, is set). */
export function hasSession(values: CourseFormValues): boolean {
  return (
    [values.startDate, values.endDate, values.timezone, values.maxSeats].some((s) => s.trim() !== '') ||
    WEEKDAYS.some((d) => values.schedule[d].enabled)
  );
}

/**
 * Checks the form like the server does. `creating`: a new course needs a picture (the server's
 * `pictureId` rule). The session fields are all-or-nothing; end date not before start date;
 * every chosen weekday needs a start before its end; sections and lessons need a name; lessons a
 * type and a duration in whole minutes (1–1440); links are http(s) URLs or site paths.
 * Returns `{}` when the form is valid.
 */
export function validateCourseForm(values: CourseFormValues, { creating }: { creating: boolean }): CourseFormErrors {
  const errors: CourseFormErrors = {};
  const r = courseFieldRules;
  check(errors, 'title', r.title, values.title);
  check(errors, 'description', r.description, values.description);
  check(errors, 'about', r.about, values.about);
  check(errors, 'courseCategoryId', r.courseCategoryId, values.courseCategoryId);
  check(errors, 'languageId', r.languageId, values.languageId);
  check(errors, 'price', r.price, values.price);
  check(errors, 'numHours', r.numHours, values.numHours);
  check(errors, 'difficultyLevel', r.difficultyLevel, values.difficultyLevel);
  if (creating && !values.picture?.id) errors.picture = { code: 'pictureRequired' };

  if (hasSession(values)) {
    check(errors, 'startDate', r.startDate, values.startDate);
    check(errors, 'endDate', r.endDate, values.endDate);
    check(errors, 'timezone', r.timezone, values.timezone);
    check(errors, 'maxSeats', r.maxSeats, values.maxSeats);
    if (!errors.startDate && !errors.endDate && values.endDate.trim() < values.startDate.trim()) {
      errors.endDate = { code: 'endBeforeStart' };
    }
    for (const day of WEEKDAYS) {
      const slot = values.schedule[day];
      if (!slot.enabled) continue;
      const slotErrors: CourseFormErrors = {};
      check(slotErrors, 'start', r.time, slot.start);
      check(slotErrors, 'end', r.time, slot.end);
      const first = slotErrors.start ?? slotErrors.end;
      if (first) errors[`weeks.${day}`] = first;
      else if (slot.end <= slot.start) errors[`weeks.${day}`] = { code: 'slotEndBeforeStart' };
    }
  }

  values.syllabus.forEach((week, w) => {
    const weekNo = w + 1;
    week.sections.forEach((section, s) => {
      check(errors, `sections[${weekNo}][${s}][name]`, r.sectionName, section.name);
      section.lessons.forEach((lesson, l) => {
        const base = `lessons[${weekNo}][${s}][${l}]`;
        check(errors, `${base}[lessonTypeId]`, r.lessonTypeId, lesson.lessonTypeId);
        check(errors, `${base}[name]`, r.lessonName, lesson.name);
        check(errors, `${base}[duration]`, r.lessonDuration, lesson.duration);
        check(errors, `${base}[link]`, r.link, lesson.link);
      });
    });
  });
  return errors;
}

/** Where a server error path is shown in the form (`pictureId` → `picture`, `videoId` → `video`). */
export function formKeyOfServerPath(path: string): string {
  if (path === 'pictureId') return 'picture';
  if (path === 'videoId') return 'video';
  if (path === 'requiredSkills' || path.startsWith('requiredSkills[')) return 'requiredSkills';
  if (path === 'gainedSkills' || path.startsWith('gainedSkills[')) return 'gainedSkills';
  return path;
}

/** Server field errors keyed for the form (see `formKeyOfServerPath`); the first per key wins. */
export function serverErrorsForForm(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const key = formKeyOfServerPath(path);
    if (!(key in out)) out[key] = message;
  }
  return out;
}
