import type { Difficulty, Weekday, Weeks } from '../../db/types.js';
import type { FieldError } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { dollarsToCents } from '../../platform/money/cents.js';

/**
 * The course editor's multipart payload (product.md#entities "Course create/update payload", openapi
 * CourseForm) into a course, its first session and its syllabus. The request validator has checked
 * every field against CourseForm and coerced it to the contract's type (numbers, booleans), the
 * bracketed keys included (its `patternProperties`; any other key is refused). What is left here:
 * - the bracket structure: `requiredSkills[i]`/`gainedSkills[i]` into id lists (in index order,
 *   duplicates dropped), `sections[week][i][name|order]` and
 *   `lessons[week][section][lesson][lessonTypeId|name|order|duration|link]` into weeks → sections →
 *   lessons; order comes from the index (the `order` fields are not read), weeks are renumbered 1…n;
 * - `weeks`, JSON text the validator cannot look into (see {@link parseWeeks});
 * - the rules across fields: session fields all or none, dates in order, a US time zone; a lesson
 *   belongs to a section of the form and has a type and a name; texts stored trimmed and not blank;
 *   price in whole cents; lesson links http(s).
 * Pure: every problem becomes a field error (path = the form's key); nothing here touches the
 * database (ids that must exist are checked by courses/authoring.ts).
 */

/** The form's fields as the validator leaves them (file parts aside: the form has none). */
export type CourseFormFields = Schema<'CourseForm'>;

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const SESSION_KEYS = ['startDate', 'endDate', 'timezone', 'maxSeats'] as const;
const SKILL_KEY = /^(requiredSkills|gainedSkills)\[(\d+)\]$/;
const SECTION_KEY = /^sections\[(\d+)\]\[(\d+)\]\[(name|order)\]$/;
const LESSON_KEY = /^lessons\[(\d+)\]\[(\d+)\]\[(\d+)\]\[(lessonTypeId|name|order|duration|link)\]$/;

export interface ParsedLesson {
  lessonTypeId: number;
  name: string;
  /** minutes */
  duration: number;
  link: string | null;
}
export interface ParsedSection {
  name: string;
  lessons: ParsedLesson[];
}
export interface ParsedWeek {
  week: number;
  sections: ParsedSection[];
}

/** The first session described by the form (all its fields present), in cents and dates. */
export interface ParsedSessionFields {
  startDate: string;
  endDate: string;
  timezone: string;
  maxSeats: number;
  schedule: Weeks;
}

export interface ParsedCourseForm {
  action: 'save' | 'submit';
  title: string;
  description: string;
  about: string;
  courseCategoryId: number;
  languageId: number;
  pictureId: number | null;
  videoId: number | null;
  companyId: number | null;
  hasMultiInstructors: boolean;
  isPrivate: boolean;
  priceCents: number;
  numHours: number;
  difficultyLevel: Difficulty;
  requiredSkillIds: number[];
  gainedSkillIds: number[];
  session: ParsedSessionFields | null;
  syllabus: ParsedWeek[];
}

/** `s` trimmed (texts are stored so); a text that is blank once trimmed is recorded as missing. */
function filled(errors: FieldError[], path: string, s: string | undefined): string {
  const t = (s ?? '').trim();
  if (!t) errors.push({ path, message: 'is required' });
  return t;
}

/** Parses `weeks` (JSON text): a Weeks object, or an empty list / empty text for no weekly slots. */
export function parseWeeks(raw: string, errors: FieldError[]): Weeks | null {
  if (raw === '' || raw === '[]') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    errors.push({ path: 'weeks', message: 'must be JSON' });
    return null;
  }
  if (Array.isArray(value) && value.length === 0) return null;
  return validateWeeks(value, 'weeks', errors);
}

/**
 * Checks a Weeks object: every weekday key, each null or `{start, end}` as HH:mm with end after start.
 * (The course form's `weeks` is JSON text the validator does not look into; POST /sessions' schedule
 * is validated as openapi Weeks, and its end-after-start rule is this one.)
 * @returns the normalised object, or null (with errors) when invalid.
 */
export function validateWeeks(value: unknown, path: string, errors: FieldError[]): Weeks | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    errors.push({ path, message: 'must give each weekday a start and end time or null' });
    return null;
  }
  const out = {} as Weeks;
  const before = errors.length;
  for (const day of WEEKDAYS) {
    const slot = (value as Record<string, unknown>)[day];
    if (slot === null || slot === undefined) {
      out[day] = null;
      continue;
    }
    const { start, end } = slot as { start?: unknown; end?: unknown };
    if (typeof start !== 'string' || !TIME.test(start))
      errors.push({ path: `${path}.${day}.start`, message: 'must be a time HH:mm' });
    else if (typeof end !== 'string' || !TIME.test(end))
      errors.push({ path: `${path}.${day}.end`, message: 'must be a time HH:mm' });
    else if (end <= start) errors.push({ path: `${path}.${day}.end`, message: 'must be after the start time' });
    else out[day] = { start, end };
  }
  return errors.length > before ? null : out;
}

/** How far ahead a session may be planned, in years from today. */
export const SESSION_HORIZON_YEARS = 5;

/**
 * Checks a session's dates and time zone (shared with POST /sessions); both callers' schemas
 * already make the dates `YYYY-MM-DD` calendar dates (`format: date`).
 * Errors: `endDate` before `startDate`; a date more than {@link SESSION_HORIZON_YEARS} years after
 * `today` (a 'YYYY-MM-DD', the app's today in UTC); `timezone` not in `zones`.
 */
export function validateSessionDates(
  input: { startDate: string; endDate: string; timezone: string },
  errors: FieldError[],
  zones: Set<string>,
  today: string,
) {
  const latest = `${Number(today.slice(0, 4)) + SESSION_HORIZON_YEARS}${today.slice(4)}`;
  const tooFar = { message: `must be at most ${SESSION_HORIZON_YEARS} years ahead (${latest})` };
  if (input.startDate > latest) errors.push({ path: 'startDate', ...tooFar });
  if (input.endDate < input.startDate) errors.push({ path: 'endDate', message: 'must be on or after the start date' });
  else if (input.endDate > latest) errors.push({ path: 'endDate', ...tooFar });
  if (!zones.has(input.timezone)) errors.push({ path: 'timezone', message: 'must be one of the US time zones' });
}

/** The syllabus of the form's `sections[…]` and `lessons[…]` keys (see the module's comment). */
function parseSyllabus(fields: CourseFormFields, errors: FieldError[]): ParsedWeek[] {
  type RawLesson = { lessonTypeId?: number; name?: string; duration?: number; link?: string };
  const weekMap = new Map<number, Map<number, { name?: string; lessons: Map<number, RawLesson> }>>();
  const matches = (re: RegExp) =>
    Object.keys(fields)
      .map((k) => re.exec(k))
      .filter((m) => m !== null);
  for (const [key, w, s, field] of matches(SECTION_KEY)) {
    const sections = weekMap.get(Number(w)) ?? new Map();
    weekMap.set(Number(w), sections);
    const sec = sections.get(Number(s)) ?? { lessons: new Map() };
    sections.set(Number(s), sec);
    if (field === 'name') sec.name = String(fields[key]);
  }
  // The contract types each lesson field: lessonTypeId and duration integers, name and link texts.
  for (const [key, w, s, l, field] of matches(LESSON_KEY)) {
    const sec = weekMap.get(Number(w))?.get(Number(s));
    if (!sec) {
      errors.push({ path: key, message: `belongs to a section that is not in the form (sections[${w}][${s}])` });
      continue;
    }
    const lesson = sec.lessons.get(Number(l)) ?? {};
    sec.lessons.set(Number(l), lesson);
    if (field === 'lessonTypeId' || field === 'duration') lesson[field] = Number(fields[key]);
    else if (field === 'name' || field === 'link') lesson[field] = String(fields[key]);
  }
  const byIndex = <T>(map: Map<number, T>) => [...map.entries()].sort(([a], [b]) => a - b);
  return byIndex(weekMap).map(([w, sections], weekIndex) => ({
    week: weekIndex + 1,
    sections: byIndex(sections).map(([s, sec]) => ({
      name: filled(errors, `sections[${w}][${s}][name]`, sec.name),
      lessons: byIndex(sec.lessons).map(([l, raw]) => {
        const at = (f: string) => `lessons[${w}][${s}][${l}][${f}]`;
        if (raw.lessonTypeId === undefined) errors.push({ path: at('lessonTypeId'), message: 'is required' });
        const link = raw.link?.trim() || null;
        if (link && !/^https?:\/\/\S+$/i.test(link))
          errors.push({ path: at('link'), message: 'must be an http(s) link' });
        return {
          lessonTypeId: raw.lessonTypeId ?? 0,
          name: filled(errors, at('name'), raw.name),
          duration: raw.duration ?? 0,
          link,
        };
      }),
    })),
  }));
}

/**
 * Turns the validated course form into a course, session and syllabus, with the rules the contract
 * cannot state (see the module's comment).
 * @param zones accepted IANA time zones (the US list of GET /timezones/us)
 * @param today the app's date in UTC ('YYYY-MM-DD'), from which a session may be planned ahead
 * @returns the parsed form, and the field errors (paths as the form's keys): nothing may be written
 *   when there is any.
 */
export function parseCourseForm(
  fields: CourseFormFields,
  zones: Set<string>,
  today: string,
): { form: ParsedCourseForm; errors: FieldError[] } {
  const errors: FieldError[] = [];
  let priceCents = 0;
  try {
    priceCents = dollarsToCents(fields.price);
  } catch {
    errors.push({ path: 'price', message: 'must have at most two decimals' });
  }

  const skills: Record<'requiredSkills' | 'gainedSkills', number[]> = { requiredSkills: [], gainedSkills: [] };
  const skillKeys = Object.keys(fields).flatMap((key) => {
    const m = SKILL_KEY.exec(key);
    return m ? [{ list: m[1] as keyof typeof skills, index: Number(m[2]), id: Number(fields[key]) }] : [];
  });
  for (const e of skillKeys.sort((a, b) => a.index - b.index))
    if (!skills[e.list].includes(e.id)) skills[e.list].push(e.id);

  // Session fields: all or none.
  const weeks = parseWeeks(fields.weeks?.trim() ?? '', errors);
  let session: ParsedSessionFields | null = null;
  const missing = SESSION_KEYS.filter((k) => fields[k] === undefined);
  if (missing.length < SESSION_KEYS.length) {
    for (const k of missing) errors.push({ path: k, message: 'is required to schedule the session' });
    const { startDate, endDate, timezone, maxSeats } = fields;
    if (startDate !== undefined && endDate !== undefined && timezone !== undefined && maxSeats !== undefined) {
      validateSessionDates({ startDate, endDate, timezone }, errors, zones, today);
      session = {
        startDate,
        endDate,
        timezone,
        maxSeats,
        schedule: weeks ?? (Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as Weeks),
      };
    }
  }

  const form: ParsedCourseForm = {
    action: fields.action,
    title: filled(errors, 'title', fields.title),
    description: filled(errors, 'description', fields.description),
    about: fields.about?.trim() ?? '',
    courseCategoryId: fields.courseCategoryId,
    languageId: fields.languageId ?? 1,
    pictureId: fields.pictureId ?? null,
    videoId: fields.videoId ?? null,
    companyId: fields.companyId ?? null,
    hasMultiInstructors: fields.hasMultiInstructors === true,
    isPrivate: fields.isPrivate === true,
    priceCents,
    numHours: fields.numHours,
    difficultyLevel: fields.difficultyLevel,
    requiredSkillIds: skills.requiredSkills,
    gainedSkillIds: skills.gainedSkills,
    session,
    syllabus: parseSyllabus(fields, errors),
  };
  return { form, errors };
}
