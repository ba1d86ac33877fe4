import type { Difficulty, Weekday, Weeks } from '../../db/types.js';
import type { FieldError } from '../../platform/errors.js';
import { dollarsToCents } from '../../platform/money/cents.js';

/**
 * Parsing of the course editor's multipart payload (spec §3 "Course create/update payload"):
 * scalar fields, `weeks` as JSON text, `requiredSkills[i]`/`gainedSkills[i]`,
 * `sections[week][i][name|order]` and `lessons[week][section][lesson][lessonTypeId|name|order|duration|link]`.
 * Order of sections and lessons comes from their position (index), weeks are renumbered 1…n.
 * Pure: every problem becomes a field error; nothing here touches the database.
 */

export const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** A multipart field as text: the validator has coerced numbers and booleans to the contract's types. */
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

function int(fields: Record<string, unknown>, key: string, errors: FieldError[], opts: { min?: number; max?: number; required?: boolean } = {}): number | null {
  const raw = str(fields[key]);
  if (raw === '') {
    if (opts.required) errors.push({ path: key, message: 'is required' });
    return null;
  }
  const n = Number(raw);
  if (!Number.isInteger(n)) {
    errors.push({ path: key, message: 'must be a whole number' });
    return null;
  }
  if (opts.min !== undefined && n < opts.min) errors.push({ path: key, message: `must be at least ${opts.min}` });
  else if (opts.max !== undefined && n > opts.max) errors.push({ path: key, message: `must be at most ${opts.max}` });
  return n;
}

function bool(fields: Record<string, unknown>, key: string): boolean {
  return /^(true|1|on)$/i.test(str(fields[key]));
}

/** Collects `prefix[a][b]…[field]` keys into nested maps by index. */
function indexed(fields: Record<string, unknown>, prefix: string): Array<{ idx: number[]; field: string; value: string; key: string }> {
  const out: Array<{ idx: number[]; field: string; value: string; key: string }> = [];
  const re = new RegExp(`^${prefix}((?:\\[\\d+\\])+)(?:\\[(\\w+)\\])?$`);
  for (const [key, value] of Object.entries(fields)) {
    const m = re.exec(key);
    if (!m) continue;
    const idx = [...m[1].matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]));
    out.push({ idx, field: m[2] ?? '', value: str(value), key });
  }
  return out;
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
    if (typeof start !== 'string' || !TIME.test(start)) errors.push({ path: `${path}.${day}.start`, message: 'must be a time HH:mm' });
    else if (typeof end !== 'string' || !TIME.test(end)) errors.push({ path: `${path}.${day}.end`, message: 'must be a time HH:mm' });
    else if (end <= start) errors.push({ path: `${path}.${day}.end`, message: 'must be after the start time' });
    else out[day] = { start, end };
  }
  return errors.length > before ? null : out;
}

/** How far ahead a session may be planned, in years from today. */
export const SESSION_HORIZON_YEARS = 5;

/**
 * Checks a session's dates and time zone (shared with POST /sessions): dates ordered, neither more
 * than {@link SESSION_HORIZON_YEARS} years after `today` (a 'YYYY-MM-DD', default today in UTC).
 */
export function validateSessionDates(
  input: { startDate: string; endDate: string; timezone: string },
  errors: FieldError[],
  zones: Set<string>,
  today: string = new Date().toISOString().slice(0, 10),
) {
  const latest = `${Number(today.slice(0, 4)) + SESSION_HORIZON_YEARS}${today.slice(4)}`;
  const tooFar = { message: `must be at most ${SESSION_HORIZON_YEARS} years ahead (${latest})` };
  if (!DATE.test(input.startDate)) errors.push({ path: 'startDate', message: 'must be a date YYYY-MM-DD' });
  else if (input.startDate > latest) errors.push({ path: 'startDate', ...tooFar });
  if (!DATE.test(input.endDate)) errors.push({ path: 'endDate', message: 'must be a date YYYY-MM-DD' });
  else if (DATE.test(input.startDate) && input.endDate < input.startDate) errors.push({ path: 'endDate', message: 'must be on or after the start date' });
  else if (input.endDate > latest) errors.push({ path: 'endDate', ...tooFar });
  if (!zones.has(input.timezone)) errors.push({ path: 'timezone', message: 'must be one of the US time zones' });
}

/**
 * Parses and checks the course form.
 * @param zones accepted IANA time zones (the US list of GET /timezones/us)
 * @returns the parsed form, or the field errors (paths as the form's keys).
 */
export function parseCourseForm(fields: Record<string, unknown>, zones: Set<string>): { form: ParsedCourseForm; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const action = str(fields.action);
  if (action !== 'save' && action !== 'submit') errors.push({ path: 'action', message: 'must be save or submit' });
  const title = str(fields.title);
  if (!title) errors.push({ path: 'title', message: 'is required' });
  else if (title.length > 200) errors.push({ path: 'title', message: 'must be at most 200 characters' });
  const description = str(fields.description);
  if (!description) errors.push({ path: 'description', message: 'is required' });
  else if (description.length > 2000) errors.push({ path: 'description', message: 'must be at most 2000 characters' });
  const about = str(fields.about);
  if (about.length > 20000) errors.push({ path: 'about', message: 'must be at most 20000 characters' });

  let priceCents = 0;
  const rawPrice = str(fields.price);
  if (rawPrice !== '') {
    const n = Number(rawPrice);
    if (!Number.isFinite(n) || n < 0) errors.push({ path: 'price', message: 'must be a number of dollars, 0 or more' });
    else if (n > 100000) errors.push({ path: 'price', message: 'must be at most 100000' });
    else {
      try {
        priceCents = dollarsToCents(n);
      } catch {
        errors.push({ path: 'price', message: 'must have at most two decimals' });
      }
    }
  }
  const difficulty = str(fields.difficultyLevel) || 'BEGINNER';
  if (!['BEGINNER', 'INTERMEDIATE', 'ADVANCED'].includes(difficulty)) errors.push({ path: 'difficultyLevel', message: 'must be BEGINNER, INTERMEDIATE or ADVANCED' });

  const skills = (name: 'requiredSkills' | 'gainedSkills') => {
    const ids: number[] = [];
    for (const e of indexed(fields, name).sort((a, b) => a.idx[0] - b.idx[0])) {
      const n = Number(e.value);
      if (!Number.isInteger(n) || n < 1) errors.push({ path: e.key, message: 'must be a skill id' });
      else if (!ids.includes(n)) ids.push(n);
    }
    return ids;
  };

  // Session fields: all or none.
  const sessionKeys = ['startDate', 'endDate', 'timezone', 'maxSeats'] as const;
  const given = sessionKeys.filter((k) => str(fields[k]) !== '');
  let session: ParsedSessionFields | null = null;
  const weeks = parseWeeks(str(fields.weeks), errors);
  if (given.length > 0) {
    for (const k of sessionKeys) if (str(fields[k]) === '') errors.push({ path: k, message: 'is required to schedule the session' });
    const maxSeats = int(fields, 'maxSeats', errors, { min: 1, max: 1000 });
    const dates = { startDate: str(fields.startDate), endDate: str(fields.endDate), timezone: str(fields.timezone) };
    if (given.length === sessionKeys.length) validateSessionDates(dates, errors, zones);
    if (maxSeats !== null) session = { ...dates, maxSeats, schedule: weeks ?? Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as Weeks };
  }

  // Syllabus: sections[week][i][name|order], lessons[week][section][lesson][…].
  const weekMap = new Map<number, Map<number, { name: string; lessons: Map<number, Record<string, string>> }>>();
  for (const e of indexed(fields, 'sections')) {
    if (e.idx.length !== 2 || !['name', 'order'].includes(e.field)) {
      errors.push({ path: e.key, message: 'is not a field of the form' });
      continue;
    }
    const [w, s] = e.idx;
    const sections = weekMap.get(w) ?? new Map();
    weekMap.set(w, sections);
    const sec = sections.get(s) ?? { name: '', lessons: new Map() };
    sections.set(s, sec);
    if (e.field === 'name') sec.name = e.value;
  }
  for (const e of indexed(fields, 'lessons')) {
    if (e.idx.length !== 3 || !['lessonTypeId', 'name', 'order', 'duration', 'link'].includes(e.field)) {
      errors.push({ path: e.key, message: 'is not a field of the form' });
      continue;
    }
    const [w, s, l] = e.idx;
    const sec = weekMap.get(w)?.get(s);
    if (!sec) {
      errors.push({ path: e.key, message: `belongs to a section that is not in the form (sections[${w}][${s}])` });
      continue;
    }
    const lesson = sec.lessons.get(l) ?? {};
    sec.lessons.set(l, lesson);
    lesson[e.field] = e.value;
  }
  const syllabus: ParsedWeek[] = [];
  let weekNo = 0;
  for (const w of [...weekMap.keys()].sort((a, b) => a - b)) {
    weekNo += 1;
    const sections: ParsedSection[] = [];
    for (const s of [...weekMap.get(w)!.keys()].sort((a, b) => a - b)) {
      const sec = weekMap.get(w)!.get(s)!;
      if (!sec.name) errors.push({ path: `sections[${w}][${s}][name]`, message: 'is required' });
      else if (sec.name.length > 200) errors.push({ path: `sections[${w}][${s}][name]`, message: 'must be at most 200 characters' });
      const lessons: ParsedLesson[] = [];
      for (const l of [...sec.lessons.keys()].sort((a, b) => a - b)) {
        const raw = sec.lessons.get(l)!;
        const at = (f: string) => `lessons[${w}][${s}][${l}][${f}]`;
        const typeId = Number(raw.lessonTypeId);
        if (!Number.isInteger(typeId) || typeId < 1) errors.push({ path: at('lessonTypeId'), message: 'must be a lesson type id' });
        const name = raw.name ?? '';
        if (!name) errors.push({ path: at('name'), message: 'is required' });
        else if (name.length > 200) errors.push({ path: at('name'), message: 'must be at most 200 characters' });
        const duration = Number(raw.duration ?? '0');
        if (!Number.isInteger(duration) || duration < 0 || duration > 1440) errors.push({ path: at('duration'), message: 'must be minutes from 0 to 1440' });
        const link = raw.link ? raw.link : null;
        if (link && !/^https?:\/\/\S+$/i.test(link)) errors.push({ path: at('link'), message: 'must be an http(s) link' });
        lessons.push({ lessonTypeId: typeId, name, duration, link });
      }
      sections.push({ name: sec.name, lessons });
    }
    syllabus.push({ week: weekNo, sections });
  }

  const form: ParsedCourseForm = {
    action: action === 'submit' ? 'submit' : 'save',
    title,
    description,
    about,
    courseCategoryId: int(fields, 'courseCategoryId', errors, { min: 1, required: true }) ?? 0,
    languageId: int(fields, 'languageId', errors, { min: 1 }) ?? 1,
    pictureId: int(fields, 'pictureId', errors, { min: 1 }),
    videoId: int(fields, 'videoId', errors, { min: 1 }),
    companyId: int(fields, 'companyId', errors, { min: 1 }),
    hasMultiInstructors: bool(fields, 'hasMultiInstructors'),
    isPrivate: bool(fields, 'isPrivate'),
    priceCents,
    numHours: int(fields, 'numHours', errors, { min: 0, max: 1000, required: true }) ?? 0,
    difficultyLevel: difficulty as Difficulty,
    requiredSkillIds: skills('requiredSkills'),
    gainedSkillIds: skills('gainedSkills'),
    session,
    syllabus,
  };
  return { form, errors };
}
