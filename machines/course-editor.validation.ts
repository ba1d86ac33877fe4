import * as v from 'valibot';
import { WEEKDAYS, type CourseFormValues, DIFFICULTY_LEVELS, LIMITS } from './course-editor.values';

/**
 * The course form's client rules, mirroring the server's (openapi `CourseForm`, valibot): issue codes the UI
 * translates, and the mapping of the server's field errors onto the form (course-editor.form.ts re-exports them).
 */

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
