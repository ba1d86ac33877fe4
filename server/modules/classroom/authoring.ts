import type { Schema } from '../../platform/handlers.js';
import type { LessonTypeCode, ProgrammingSpecJson, QuizAnswerKeyJson, QuizQuestionKind, Weekday } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound, type FieldError } from '../../platform/errors.js';
import { sanitizeLessonHtml } from './sanitize.js';
import { lessonQuestions } from '../quizzes/queries.js';
import {
  acceptedPictureUrls,
  findAuthoringLesson,
  questionIdsOf,
  replaceQuestions,
  updateLesson,
  type AuthoringLessonRow,
  type LessonPatch,
  type QuestionWrite,
} from './authoring-queries.js';

/**
 * Lesson authoring (issue #5; docs/classroom.md "Data"; openapi getLessonAuthoring,
 * updateLessonAuthoring, schemas LessonAuthoring, LessonAuthoringInput, AuthoringQuestion,
 * ProgrammingSpec): what an educator sets on a lesson beyond the syllabus — content, video and
 * captions, meeting link and time, points, late-work policy, quiz time limit, programming tests and
 * the question bank with its answer key.
 *
 * Who: the course's educator (`courses.educator_id`), ADMIN and SUPER_ADMIN (the contract's x-roles
 * already answer 403 "Your role does not allow this" to every other role). The operations are
 * tenant-scoped like the course editor's (server/modules/authoring `editableCourse`): an educator
 * reaches only the lessons of their own courses, whatever company they belong to; admins reach all.
 */

/**
 * Limits of the rules below. Those of the contract (openapi LessonAuthoringInput and below) are
 * also checked by the request validator; the others are this module's own:
 * - `minOptions`/`maxOptions`: a SINGLE or MULTIPLE question has 2 … 10 options (issue #5);
 * - `testJsonChars`: a programming test's `args` and its `expected`, each as JSON text, at most
 *   10 000 characters; `programmingJsonChars`: the whole programming spec as JSON at most 200 000;
 * - `jsonDepth`: arrays/objects in `args`/`expected` nested at most 20 deep (the sandbox parses
 *   them inside QuickJS with a 256 KiB stack).
 */
export const AUTHORING_LIMITS = Object.freeze({
  contentHtml: 200_000,
  url: 2000,
  pictureUrl: 1000,
  lessonPoints: { min: 1, max: 1000 },
  timeLimitMinutes: { min: 1, max: 600 },
  questions: 200,
  prompt: 5000,
  explanation: 5000,
  questionPoints: { min: 0, max: 1000 },
  minOptions: 2,
  maxOptions: 10,
  optionId: 40,
  optionText: 1000,
  acceptedAnswers: 20,
  acceptedAnswer: 500,
  functionName: 100,
  starterCode: 20_000,
  tests: 50,
  testName: 200,
  testArgs: 20,
  testJsonChars: 10_000,
  programmingJsonChars: 200_000,
  jsonDepth: 20,
});

/** Question kinds each lesson type takes; a type not listed takes none (a non-empty `questions` answers 400). */
const KINDS_BY_TYPE: Partial<Record<LessonTypeCode, readonly QuizQuestionKind[]>> = {
  // A quiz is graded: only answerable questions.
  quiz: ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'SHORT_ANSWER'],
  // A learning path is a sequence of STEPs (text, no answer), optionally with check questions of the
  // quiz kinds: they get per-question feedback but no grade (the path ends DONE with score null).
  learningObjective: ['STEP', 'SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'SHORT_ANSWER'],
};

/** Reserved words and globals the sandbox refuses as a function name (server/platform/sandbox). */
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'.split(
    ' ',
  ),
);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A question of the bank as the contract's AuthoringQuestion, with its id. */
export type AuthoringQuestionView = Schema<'AuthoringQuestion'>;

/** The contract's LessonAuthoring. `points` in lesson points, `timeLimitMinutes` in minutes, `startTime` 'HH:mm'. */
export type LessonAuthoringView = Schema<'LessonAuthoring'>;

const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/**
 * The course's educator or an admin may author the lesson.
 * @throws 403 "You can only edit your own courses" for anyone else (same rule and message as the course editor).
 */
function requireAuthor(caller: Caller, lesson: AuthoringLessonRow): void {
  if (!isStaff(caller) && lesson.educatorId !== caller.userId) throw forbidden('You can only edit your own courses');
}

async function view(db: AppContext['db'], lesson: AuthoringLessonRow): Promise<LessonAuthoringView> {
  const questions = await lessonQuestions(db, lesson.id);
  return {
    lessonId: lesson.id,
    courseId: lesson.courseId,
    courseTitle: lesson.courseTitle,
    type: lesson.typeCode,
    name: lesson.name,
    contentHtml: lesson.contentHtml,
    videoUrl: lesson.videoUrl,
    captionsUrl: lesson.captionsUrl,
    link: lesson.link,
    day: lesson.day,
    startTime: lesson.startTime,
    points: lesson.points,
    allowLate: lesson.allowLate,
    timeLimitMinutes: lesson.timeLimitMinutes,
    programming: lesson.programming,
    questions: questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      pictureUrl: q.pictureUrl,
      points: q.points,
      explanation: q.explanation,
      options: q.options,
      answer: q.answer ?? null,
    })),
  };
}

/**
 * GET /lessons/{id}/authoring: everything an educator sets on the lesson, including the question
 * bank with its answer key and explanations, ordered by `sort_order` (then id).
 * @throws 404 "Lesson not found"; 403 not the course's educator nor an admin.
 */
export async function getLessonAuthoring(app: AppContext, caller: Caller, lessonId: number): Promise<LessonAuthoringView> {
  const lesson = await findAuthoringLesson(app.db, lessonId);
  if (!lesson) throw notFound('Lesson');
  requireAuthor(caller, lesson);
  return view(app.db, lesson);
}

// ─── Validation ─────────────────────────────────────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An https URL with a host and no whitespace. */
function isHttpsUrl(s: string): boolean {
  if (/\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A path of an uploaded file: `/uploads/<key>`, no whitespace, no `..` segment. */
const isUploadPath = (s: string) => /^\/uploads\/\S+$/.test(s) && !s.includes('..') && !s.includes('\\');

/** Depth of nested arrays/objects of a JSON value (a scalar is 0). */
function jsonDepth(v: unknown): number {
  if (Array.isArray(v)) return 1 + v.reduce<number>((m, x) => Math.max(m, jsonDepth(x)), 0);
  if (isObject(v)) return 1 + Object.values(v).reduce<number>((m, x) => Math.max(m, jsonDepth(x)), 0);
  return 0;
}

/** JSON text of a value, or null when it is not JSON (undefined, a function, a cycle…). */
function jsonText(v: unknown): string | null {
  try {
    const s = JSON.stringify(v);
    return typeof s === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** An optional text: trimmed, '' → null; `null` stays null. Errors when not a string or too long. */
function optionalText(errors: FieldError[], path: string, value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') {
    errors.push({ path, message: 'must be a text' });
    return null;
  }
  const s = value.trim();
  if (s.length > max) errors.push({ path, message: `must be at most ${max} characters` });
  return s === '' ? null : s;
}

/** A whole number within bounds, or undefined after recording an error. */
function integerIn(errors: FieldError[], path: string, value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.push({ path, message: 'must be a whole number' });
    return undefined;
  }
  if (value < min || value > max) {
    errors.push({ path, message: `must be between ${min} and ${max}` });
    return undefined;
  }
  return value;
}

/** A media URL (video, captions): null, or an uploaded file path or an https URL (docs/classroom.md "Data"). */
function mediaUrl(errors: FieldError[], path: string, value: unknown): string | null {
  const s = optionalText(errors, path, value, AUTHORING_LIMITS.url);
  if (s !== null && !isUploadPath(s) && !isHttpsUrl(s)) errors.push({ path, message: 'must be an uploaded file (/uploads/…) or an https link' });
  return s;
}

/**
 * Checks a programming spec (openapi ProgrammingSpec, stored as `lessons.programming` in the shape
 * the sandbox reads, db/types ProgrammingSpecJson): `functionName` a JavaScript identifier that is
 * not a reserved word; `starterCode` ≤ 20 000 characters (kept as typed); 1 … 50 tests, each with a
 * name (trimmed, 1 … 200 characters), `args` a JSON array of ≤ 20 values and `expected` a JSON
 * value, each ≤ 10 000 characters of JSON and nested ≤ 20 deep; the whole spec ≤ 200 000 characters.
 */
function parseProgramming(errors: FieldError[], value: unknown): ProgrammingSpecJson | null {
  if (value === null) return null;
  const L = AUTHORING_LIMITS;
  if (!isObject(value)) {
    errors.push({ path: 'programming', message: 'must be an object {functionName, starterCode, tests}' });
    return null;
  }
  const before = errors.length;
  const fn = typeof value.functionName === 'string' ? value.functionName.trim() : '';
  if (!fn) errors.push({ path: 'programming.functionName', message: 'is required' });
  else if (fn.length > L.functionName) errors.push({ path: 'programming.functionName', message: `must be at most ${L.functionName} characters` });
  else if (!IDENTIFIER.test(fn) || RESERVED.has(fn)) errors.push({ path: 'programming.functionName', message: 'must be a JavaScript function name' });
  const starterCode = value.starterCode;
  if (typeof starterCode !== 'string') errors.push({ path: 'programming.starterCode', message: 'must be a text' });
  else if (starterCode.length > L.starterCode) errors.push({ path: 'programming.starterCode', message: `must be at most ${L.starterCode} characters` });
  const tests = value.tests;
  const parsed: ProgrammingSpecJson['tests'] = [];
  if (!Array.isArray(tests) || tests.length === 0) errors.push({ path: 'programming.tests', message: 'needs at least one test' });
  else if (tests.length > L.tests) errors.push({ path: 'programming.tests', message: `must have at most ${L.tests} tests` });
  else {
    tests.forEach((t: unknown, i) => {
      const at = `programming.tests[${i}]`;
      if (!isObject(t)) {
        errors.push({ path: at, message: 'must be an object {name, args, expected}' });
        return;
      }
      const name = typeof t.name === 'string' ? t.name.trim() : '';
      if (!name) errors.push({ path: `${at}.name`, message: 'is required' });
      else if (name.length > L.testName) errors.push({ path: `${at}.name`, message: `must be at most ${L.testName} characters` });
      const argsJson = jsonText(t.args);
      if (!Array.isArray(t.args) || argsJson === null) errors.push({ path: `${at}.args`, message: 'must be a JSON array of arguments' });
      else if (t.args.length > L.testArgs) errors.push({ path: `${at}.args`, message: `must have at most ${L.testArgs} arguments` });
      else if (argsJson.length > L.testJsonChars) errors.push({ path: `${at}.args`, message: `must be at most ${L.testJsonChars} characters of JSON` });
      else if (jsonDepth(t.args) > L.jsonDepth) errors.push({ path: `${at}.args`, message: `must be nested at most ${L.jsonDepth} levels deep` });
      const expectedJson = 'expected' in t ? jsonText(t.expected) : null;
      if (expectedJson === null) errors.push({ path: `${at}.expected`, message: 'must be a JSON value' });
      else if (expectedJson.length > L.testJsonChars) errors.push({ path: `${at}.expected`, message: `must be at most ${L.testJsonChars} characters of JSON` });
      else if (jsonDepth(t.expected) > L.jsonDepth) errors.push({ path: `${at}.expected`, message: `must be nested at most ${L.jsonDepth} levels deep` });
      if ('hidden' in t && typeof t.hidden !== 'boolean') errors.push({ path: `${at}.hidden`, message: 'must be true or false' });
      parsed.push({ name, args: t.args as unknown[], expected: t.expected, ...(t.hidden === true ? { hidden: true } : {}) });
    });
  }
  if (errors.length > before) return null;
  const spec: ProgrammingSpecJson = { functionName: fn, starterCode: starterCode as string, tests: parsed };
  if ((jsonText(spec) ?? '').length > L.programmingJsonChars) {
    errors.push({ path: 'programming', message: `must be at most ${L.programmingJsonChars} characters of JSON` });
    return null;
  }
  return spec;
}

/** A question after its checks, with the id of the stored question it replaces (absent = new). */
type ParsedQuestion = QuestionWrite & { id?: number };

/**
 * Checks one question of the bank (openapi AuthoringQuestion; docs/classroom.md `quiz_questions`);
 * errors under `questions[i]…`:
 * - `id`: absent (new) or one of the lesson's stored questions, each at most once;
 * - `kind`: one the lesson type takes ({@link KINDS_BY_TYPE});
 * - `prompt`: trimmed, 1 … 5000 characters; `explanation`: null or ≤ 5000 ('' → null);
 * - `pictureUrl`: null or an `/uploads/…` path (checked against the uploads afterwards);
 * - `points`: whole number 0 … 1000; a STEP 0;
 * - `options`: SINGLE/MULTIPLE 2 … 10 options with distinct non-empty ids and non-empty texts
 *   (trimmed); every other kind `[]`;
 * - `answer`: SINGLE an array with exactly one of its option ids; MULTIPLE an array of at least
 *   one distinct option id, all among its options; TRUE_FALSE a boolean; SHORT_ANSWER 1 … 20
 *   accepted answers, each a non-empty text ≤ 500 characters (stored trimmed); STEP null.
 */
function parseQuestion(errors: FieldError[], q: unknown, i: number, allowed: readonly QuizQuestionKind[], storedIds: Set<number>, seenIds: Set<number>): ParsedQuestion | null {
  const L = AUTHORING_LIMITS;
  const at = `questions[${i}]`;
  if (!isObject(q)) {
    errors.push({ path: at, message: 'must be a question' });
    return null;
  }
  const before = errors.length;
  let id: number | undefined;
  if (q.id !== undefined && q.id !== null) {
    if (typeof q.id !== 'number' || !storedIds.has(q.id)) errors.push({ path: `${at}.id`, message: 'is not a question of this lesson' });
    else if (seenIds.has(q.id)) errors.push({ path: `${at}.id`, message: 'is used by another question' });
    else {
      id = q.id;
      seenIds.add(q.id);
    }
  }
  const kind = q.kind as QuizQuestionKind;
  if (!allowed.includes(kind)) {
    errors.push({ path: `${at}.kind`, message: `must be one of ${allowed.join(', ')} in this lesson` });
    return null;
  }
  const prompt = typeof q.prompt === 'string' ? q.prompt.trim() : '';
  if (!prompt) errors.push({ path: `${at}.prompt`, message: 'is required' });
  else if (prompt.length > L.prompt) errors.push({ path: `${at}.prompt`, message: `must be at most ${L.prompt} characters` });
  const explanation = optionalText(errors, `${at}.explanation`, q.explanation, L.explanation);
  const pictureUrl = optionalText(errors, `${at}.pictureUrl`, q.pictureUrl, L.pictureUrl);
  if (pictureUrl !== null && !isUploadPath(pictureUrl)) errors.push({ path: `${at}.pictureUrl`, message: 'must be a picture uploaded for a question (/uploads/…)' });
  const points = integerIn(errors, `${at}.points`, q.points, L.questionPoints.min, L.questionPoints.max);
  if (kind === 'STEP' && points !== undefined && points !== 0) errors.push({ path: `${at}.points`, message: 'must be 0 for a step' });

  const rawOptions: unknown[] = Array.isArray(q.options) ? q.options : [];
  if (!Array.isArray(q.options)) errors.push({ path: `${at}.options`, message: 'must be a list' });
  const options: { id: string; text: string }[] = [];
  let answer: QuizAnswerKeyJson = null;
  const a = q.answer;
  if (kind === 'SINGLE' || kind === 'MULTIPLE') {
    if (rawOptions.length < L.minOptions || rawOptions.length > L.maxOptions) {
      errors.push({ path: `${at}.options`, message: `must have between ${L.minOptions} and ${L.maxOptions} options` });
    }
    const ids = new Set<string>();
    rawOptions.forEach((o, j) => {
      const oid = isObject(o) && typeof o.id === 'string' ? o.id.trim() : '';
      const text = isObject(o) && typeof o.text === 'string' ? o.text.trim() : '';
      if (!oid) errors.push({ path: `${at}.options[${j}].id`, message: 'is required' });
      else if (oid.length > L.optionId) errors.push({ path: `${at}.options[${j}].id`, message: `must be at most ${L.optionId} characters` });
      else if (ids.has(oid)) errors.push({ path: `${at}.options[${j}].id`, message: 'is used by another option' });
      ids.add(oid);
      if (!text) errors.push({ path: `${at}.options[${j}].text`, message: 'is required' });
      else if (text.length > L.optionText) errors.push({ path: `${at}.options[${j}].text`, message: `must be at most ${L.optionText} characters` });
      options.push({ id: oid, text });
    });
    const chosen = Array.isArray(a) ? a : null;
    if (!chosen || chosen.some((x) => typeof x !== 'string' || !ids.has(x))) {
      errors.push({ path: `${at}.answer`, message: 'must list ids of its options' });
    } else if (new Set(chosen).size !== chosen.length) {
      errors.push({ path: `${at}.answer`, message: 'must not list an option twice' });
    } else if (kind === 'SINGLE' && chosen.length !== 1) {
      errors.push({ path: `${at}.answer`, message: 'must mark exactly one option as correct' });
    } else if (kind === 'MULTIPLE' && chosen.length === 0) {
      errors.push({ path: `${at}.answer`, message: 'must mark at least one option as correct' });
    } else answer = chosen as string[];
  } else {
    if (rawOptions.length > 0) errors.push({ path: `${at}.options`, message: `must be empty for a ${kind} question` });
    if (kind === 'TRUE_FALSE') {
      if (typeof a !== 'boolean') errors.push({ path: `${at}.answer`, message: 'must be true or false' });
      else answer = a;
    } else if (kind === 'SHORT_ANSWER') {
      const accepted = Array.isArray(a) ? a : null;
      if (!accepted || accepted.length === 0) errors.push({ path: `${at}.answer`, message: 'needs at least one accepted answer' });
      else if (accepted.length > L.acceptedAnswers) errors.push({ path: `${at}.answer`, message: `must have at most ${L.acceptedAnswers} accepted answers` });
      else {
        const texts = accepted.map((x) => (typeof x === 'string' ? x.trim() : ''));
        texts.forEach((s, j) => {
          if (!s) errors.push({ path: `${at}.answer[${j}]`, message: 'must not be empty' });
          else if (s.length > L.acceptedAnswer) errors.push({ path: `${at}.answer[${j}]`, message: `must be at most ${L.acceptedAnswer} characters` });
        });
        answer = texts;
      }
    } else if (a !== null && a !== undefined) {
      errors.push({ path: `${at}.answer`, message: 'must be null for a step' });
    }
  }
  if (errors.length > before) return null;
  return { ...(id !== undefined ? { id } : {}), kind, prompt, pictureUrl, points: points!, explanation, options, answer };
}

/** The checked body of updateLessonAuthoring: the lesson columns to write and, when given, the new bank. */
export interface ParsedAuthoringInput {
  patch: LessonPatch;
  /** undefined = the bank is not touched. */
  questions?: ParsedQuestion[];
  /** Names of the fields given (for the audit entry). */
  fields: string[];
  /** Question pictures to check against the uploads: the field path and the url. */
  pictures: { path: string; url: string }[];
}

/**
 * Checks the body of updateLessonAuthoring (openapi LessonAuthoringInput) for a lesson of `type`
 * whose stored questions have `storedQuestionIds`; pure (pictures are checked against the uploads
 * by the caller). Only the fields present are checked and returned:
 * - `contentHtml`: null or HTML ≤ 200 000 characters, sanitised ({@link sanitizeLessonHtml}); what
 *   is blank after sanitising is stored as null;
 * - `videoUrl`, `captionsUrl`: null or an uploaded file path (`/uploads/…`) or an https URL;
 * - `link`: null or an https URL; `day`: null or a weekday; `startTime`: null or 'HH:mm';
 * - `points`: whole number 1 … 1000 (the contract's bounds); `allowLate`: boolean;
 * - `timeLimitMinutes`: null (no limit) or a whole number 1 … 600;
 * - `programming`: null (clears, any lesson type), or a spec (see parseProgramming) — only on a
 *   programmingAssignment lesson;
 * - `questions`: the whole bank (≤ 200), see parseQuestion. A quiz takes SINGLE, MULTIPLE,
 *   TRUE_FALSE and SHORT_ANSWER; a learning path (learningObjective) STEP and those kinds (as
 *   checks); any other type only `[]` (which clears a bank left over from an earlier type).
 * Scalar settings (points, late work, time limit, video, meeting) are stored whatever the lesson's
 * type: they matter only to the types that use them, and survive a change of type like the rest.
 * @returns the patch and bank, and field errors (`path` like `questions[2].answer`) — when there is
 *   any error, nothing must be written.
 */
export function parseAuthoringInput(type: LessonTypeCode, body: Record<string, unknown>, storedQuestionIds: Set<number>): ParsedAuthoringInput & { errors: FieldError[] } {
  const L = AUTHORING_LIMITS;
  const errors: FieldError[] = [];
  const patch: LessonPatch = {};
  const given = (k: string) => body[k] !== undefined;
  if (given('contentHtml')) {
    const html = body.contentHtml;
    if (html === null) patch.content_html = null;
    else if (typeof html !== 'string') errors.push({ path: 'contentHtml', message: 'must be HTML text' });
    else if (html.length > L.contentHtml) errors.push({ path: 'contentHtml', message: `must be at most ${L.contentHtml} characters` });
    else {
      const clean = sanitizeLessonHtml(html);
      patch.content_html = clean.trim() === '' ? null : clean;
    }
  }
  if (given('videoUrl')) patch.video_url = mediaUrl(errors, 'videoUrl', body.videoUrl);
  if (given('captionsUrl')) patch.captions_url = mediaUrl(errors, 'captionsUrl', body.captionsUrl);
  if (given('link')) {
    const link = optionalText(errors, 'link', body.link, L.url);
    if (link !== null && !isHttpsUrl(link)) errors.push({ path: 'link', message: 'must be an https link' });
    patch.link = link;
  }
  if (given('day')) {
    if (body.day !== null && !WEEKDAYS.includes(body.day as Weekday)) errors.push({ path: 'day', message: 'must be a weekday' });
    else patch.day = body.day as Weekday | null;
  }
  if (given('startTime')) {
    if (body.startTime !== null && (typeof body.startTime !== 'string' || !TIME.test(body.startTime))) errors.push({ path: 'startTime', message: 'must be a time HH:mm' });
    else patch.start_time = body.startTime as string | null;
  }
  if (given('points')) {
    const p = integerIn(errors, 'points', body.points, L.lessonPoints.min, L.lessonPoints.max);
    if (p !== undefined) patch.points = p;
  }
  if (given('allowLate')) {
    if (typeof body.allowLate !== 'boolean') errors.push({ path: 'allowLate', message: 'must be true or false' });
    else patch.allow_late = body.allowLate;
  }
  if (given('timeLimitMinutes')) {
    if (body.timeLimitMinutes === null) patch.time_limit_minutes = null;
    else {
      const m = integerIn(errors, 'timeLimitMinutes', body.timeLimitMinutes, L.timeLimitMinutes.min, L.timeLimitMinutes.max);
      if (m !== undefined) patch.time_limit_minutes = m;
    }
  }
  if (given('programming')) {
    if (body.programming !== null && type !== 'programmingAssignment') {
      errors.push({ path: 'programming', message: 'only a programming assignment has tests' });
    } else {
      const spec = parseProgramming(errors, body.programming);
      if (spec !== null || body.programming === null) patch.programming = spec;
    }
  }
  let questions: ParsedQuestion[] | undefined;
  const pictures: { path: string; url: string }[] = [];
  if (given('questions')) {
    const list = body.questions;
    const allowed = KINDS_BY_TYPE[type] ?? [];
    if (!Array.isArray(list)) errors.push({ path: 'questions', message: 'must be a list' });
    else if (list.length > L.questions) errors.push({ path: 'questions', message: `must have at most ${L.questions} questions` });
    else if (list.length > 0 && allowed.length === 0) errors.push({ path: 'questions', message: 'only quizzes and learning paths have questions' });
    else {
      const seen = new Set<number>();
      const parsed = list.map((q, i) => parseQuestion(errors, q, i, allowed, storedQuestionIds, seen));
      questions = parsed.filter((q): q is ParsedQuestion => q !== null);
      parsed.forEach((q, i) => q?.pictureUrl && pictures.push({ path: `questions[${i}].pictureUrl`, url: q.pictureUrl }));
    }
  }
  const fields = Object.keys(body).filter(given);
  return { patch, ...(questions !== undefined ? { questions } : {}), fields, pictures, errors };
}

/**
 * PUT /lessons/{id}/authoring: saves the fields given (others keep their value) in one transaction,
 * the lesson row locked so two saves of one lesson run one after the other. Checks: see
 * {@link parseAuthoringInput}; a question's `pictureUrl` must also be the url of a QUESTIONPICTURE
 * upload (POST /v2/questions/upload/picture) or a picture the lesson's bank already uses. On any
 * error: 400 "Some fields are invalid" with every field error, nothing written. Writes an audit
 * entry `course.lesson_updated` (entity: the course; message: the lesson id and the fields given).
 *
 * The question bank (`questions`) is replaced whole: afterwards it is exactly the list, in its
 * order (`sort_order` = position). An entry carrying the `id` of a stored question updates that
 * question in place (it keeps its id); an entry without `id` is a new question; stored questions
 * left out are deleted. Learners' attempts (`quiz_attempts`, answers keyed by question id) are not
 * touched:
 * - submitted attempts (AUTOGRADED / DONE) keep their stored score, maximum and per-question
 *   feedback — they are never regraded; feedback entries of removed questions stay in them;
 * - an open attempt keeps its saved answers; at grading (server/modules/quizzes `grade`) only the
 *   bank of that moment counts: answers to removed questions are ignored, kept questions are graded
 *   against their new key (an answer to a changed question may no longer be right), new questions
 *   count as unanswered, and the maximum score is recomputed from the new bank;
 * - an open attempt's saved `currentIndex` may point past the end of a shorter bank; the learner's
 *   next save sends a position within the new bank.
 * @throws 404 "Lesson not found"; 403 not the course's educator nor an admin; 400 field errors.
 */
export async function updateLessonAuthoring(app: AppContext, caller: Caller, lessonId: number, body: Record<string, unknown>): Promise<LessonAuthoringView> {
  await app.db.transaction().execute(async (trx) => {
    const lesson = await findAuthoringLesson(trx, lessonId, { forUpdate: true });
    if (!lesson) throw notFound('Lesson');
    requireAuthor(caller, lesson);
    const storedIds = new Set(await questionIdsOf(trx, lessonId));
    const input = parseAuthoringInput(lesson.typeCode, body ?? {}, storedIds);
    const errors = input.errors;
    const accepted = await acceptedPictureUrls(trx, lessonId, input.pictures.map((p) => p.url));
    for (const p of input.pictures) {
      if (!accepted.has(p.url)) errors.push({ path: p.path, message: 'must be a picture uploaded for a question (/uploads/…)' });
    }
    if (errors.length) throw badRequest('Some fields are invalid', errors);
    await updateLesson(trx, lessonId, input.patch);
    if (input.questions) await replaceQuestions(trx, lessonId, input.questions);
    await audit(trx, {
      actorId: caller.userId,
      action: 'course.lesson_updated',
      entityType: 'course',
      entityId: lesson.courseId,
      message: `Lesson ${lessonId} (${lesson.name}): ${input.fields.join(', ') || 'nothing'}`.slice(0, 1000),
    });
  });
  return getLessonAuthoring(app, caller, lessonId);
}
