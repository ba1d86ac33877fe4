import { type CourseFormValues, hasSession, splitSkills, type Weeks, WEEKDAYS } from './course-editor.form';

/**
 * The course create/update payload (product.md#entities), as multipart entries. Pure.
 *
 * Lives beside the course-editor machine; imports are relative (plain tsx loads it).
 */

/** `save` keeps the course a DRAFT; `submit` sends it for review (PENDING). */
export type CourseAction = 'save' | 'submit';

export interface CourseFormDataOptions {
  action: CourseAction;
  /**
   * The company of the signed-in partner or company educator; null/undefined for others. When
   * set, `isPrivate` is sent, and `companyId` too for a private course.
   */
  companyId?: number | null;
}

/** The weekly schedule as the `Weeks` object of the contract (every weekday; null = no meeting). */
export function toWeeks(values: CourseFormValues): Weeks {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const slot = values.schedule[day];
      return [day, slot.enabled ? { start: slot.start, end: slot.end } : null];
    }),
  ) as Weeks;
}

/**
 * The multipart entries of the course form, in this order (product.md#entities, openapi `CourseForm`):
 * `action`, `title`, `about`, `description`, `courseCategoryId`, `languageId`, `pictureId` and
 * `videoId` (when uploaded), `hasMultiInstructors`, `isPrivate` and `companyId` (company users),
 * `price`, `numHours`, `difficultyLevel`, the session fields `maxSeats`, `startDate`, `endDate`,
 * `timezone` (when the form has a session), `recurring` (always 'true'), `weeks` (JSON of the
 * weekly schedule, or '[]' without a session), `requiredSkills[i]`, `gainedSkills[i]`,
 * `sections[<week>][<i>][name|order]` and
 * `lessons[<week>][<section>][<lesson>][lessonTypeId|name|order|duration|link]`.
 *
 * Weeks are numbered from 1 (their position + 1); section and lesson indexes count from 0 and
 * their `order` is their position + 1. Text is trimmed; an empty lesson link is left out.
 */
export function toCourseFormEntries(values: CourseFormValues, options: CourseFormDataOptions): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  const add = (key: string, value: string | number | boolean) => entries.push([key, String(value)]);
  add('action', options.action);
  add('title', values.title.trim());
  add('about', values.about.trim());
  add('description', values.description.trim());
  add('courseCategoryId', values.courseCategoryId.trim());
  add('languageId', values.languageId.trim() || '1');
  if (values.picture?.id) add('pictureId', values.picture.id);
  if (values.video?.id) add('videoId', values.video.id);
  add('hasMultiInstructors', values.hasMultiInstructors);
  if (options.companyId) {
    add('isPrivate', values.isPrivate);
    if (values.isPrivate) add('companyId', options.companyId);
  }
  add('price', values.price.trim() || '0');
  add('numHours', values.numHours.trim());
  add('difficultyLevel', values.difficultyLevel);
  const session = hasSession(values);
  if (session) {
    add('maxSeats', values.maxSeats.trim());
    add('startDate', values.startDate.trim());
    add('endDate', values.endDate.trim());
    add('timezone', values.timezone.trim());
  }
  add('recurring', true);
  add('weeks', session ? JSON.stringify(toWeeks(values)) : '[]');
  splitSkills(values.requiredSkills).forEach((skillId, i) => add(`requiredSkills[${i}]`, skillId));
  splitSkills(values.gainedSkills).forEach((skillId, i) => add(`gainedSkills[${i}]`, skillId));
  values.syllabus.forEach((week, w) => {
    const weekNo = w + 1;
    week.sections.forEach((section, s) => {
      add(`sections[${weekNo}][${s}][name]`, section.name.trim());
      add(`sections[${weekNo}][${s}][order]`, s + 1);
      section.lessons.forEach((lesson, l) => {
        const base = `lessons[${weekNo}][${s}][${l}]`;
        add(`${base}[lessonTypeId]`, lesson.lessonTypeId.trim());
        add(`${base}[name]`, lesson.name.trim());
        add(`${base}[order]`, l + 1);
        add(`${base}[duration]`, lesson.duration.trim());
        if (lesson.link.trim()) add(`${base}[link]`, lesson.link.trim());
      });
    });
  });
  return entries;
}

/** `toCourseFormEntries` as a `FormData` (the body of `POST /courses`). */
export function toCourseFormData(values: CourseFormValues, options: CourseFormDataOptions): FormData {
  const form = new FormData();
  for (const [key, value] of toCourseFormEntries(values, options)) form.append(key, value);
  return form;
}
