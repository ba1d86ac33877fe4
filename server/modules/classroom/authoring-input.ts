import type { Schema } from '../../platform/handlers.js';
import type { LessonTypeCode, ProgrammingSpecJson, QuizAnswerKeyJson, QuizQuestionKind } from '../../db/types.js';
import { type FieldError } from '../../platform/errors.js';
import { isPythonFunctionName } from '../../platform/sandbox/python.js';
import { sanitizeLessonHtml } from './sanitize.js';
import { type LessonPatch, type QuestionWrite } from './authoring-queries.js';

/**
 * Checking an educator's lesson authoring input (URLs, questions, answer keys, programming specs)
 * before anything is written (classroom/authoring.ts reads and writes the lesson).
 */

/**
 * Limits of the rules below that the contract cannot state (its schemas LessonAuthoringInput,
 * AuthoringQuestion, ProgrammingSpec, ProgrammingTest and QuizOption hold the others: types,
 * lengths, bounds, item counts, checked by the request validator before the handler runs):
 * - `minOptions`: a SINGLE or MULTIPLE question has at least 2 options (at most 10: the contract);
 * - `testJsonChars`: a programming test's `args` and its `expected`, each as JSON text, at most
 *   10 000 characters; `programmingJsonChars`: the whole programming spec as JSON at most 200 000;
 * - `jsonDepth`: arrays/objects in `args`/`expected` nested at most 20 deep (the sandbox parses
 *   them inside QuickJS with a 256 KiB stack).
 */
export const AUTHORING_LIMITS = Object.freeze({
  minOptions: 2,
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

/**
 * Reserved words and globals the sandbox refuses as a function name (server/platform/sandbox);
 * the contract's pattern already makes it an identifier.
 */
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'.split(
    ' ',
  ),
);

export type AuthoringInput = Schema<'LessonAuthoringInput'>;
type QuestionInput = Schema<'AuthoringQuestion'>;

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
  if (typeof v === 'object' && v !== null)
    return 1 + Object.values(v).reduce<number>((m, x) => Math.max(m, jsonDepth(x)), 0);
  return 0;
}

/** `s` trimmed (texts are stored so); a text that is blank once trimmed is recorded as missing. */
function filled(errors: FieldError[], path: string, s: string, message = 'is required'): string {
  const t = s.trim();
  if (!t) errors.push({ path, message });
  return t;
}

/**
 * A video, captions or meeting URL: trimmed, '' → null; else an https URL, or with `uploads` also
 * an uploaded file path (`/uploads/…`; docs/classroom.md "Data").
 */
function checkedUrl(
  errors: FieldError[],
  path: string,
  value: string | null,
  { uploads }: { uploads: boolean },
): string | null {
  const s = value?.trim() || null;
  if (s !== null && !isHttpsUrl(s) && !(uploads && isUploadPath(s))) {
    errors.push({
      path,
      message: uploads ? 'must be an uploaded file (/uploads/…) or an https link' : 'must be an https link',
    });
  }
  return s;
}

/** A test's `args` or `expected`: at most 10 000 characters of JSON, nested at most 20 deep. */
function checkJsonValue(errors: FieldError[], path: string, value: unknown): void {
  const L = AUTHORING_LIMITS;
  if (JSON.stringify(value).length > L.testJsonChars)
    errors.push({ path, message: `must be at most ${L.testJsonChars} characters of JSON` });
  else if (jsonDepth(value) > L.jsonDepth)
    errors.push({ path, message: `must be nested at most ${L.jsonDepth} levels deep` });
}

/**
 * A programming spec (openapi ProgrammingSpec) as stored in `lessons.programming`, the shape the
 * sandbox reads (db/types ProgrammingSpecJson), or null after recording errors: `functionName` not
 * a reserved word; test names trimmed and not blank; each test's `args` and `expected` within the
 * JSON limits ({@link checkJsonValue}); the whole spec ≤ 200 000 characters of JSON.
 */
function checkProgramming(errors: FieldError[], spec: Schema<'ProgrammingSpec'>): ProgrammingSpecJson | null {
  const before = errors.length;
  const language = spec.language === 'python' ? 'python' : 'javascript';
  if (language === 'javascript' && RESERVED.has(spec.functionName))
    errors.push({ path: 'programming.functionName', message: 'must be a JavaScript function name' });
  if (language === 'python' && !isPythonFunctionName(spec.functionName))
    errors.push({ path: 'programming.functionName', message: 'must be a Python function name' });
  const tests = spec.tests.map((t, i) => {
    const at = `programming.tests[${i}]`;
    const name = filled(errors, `${at}.name`, t.name);
    checkJsonValue(errors, `${at}.args`, t.args);
    checkJsonValue(errors, `${at}.expected`, t.expected);
    return { name, args: t.args, expected: t.expected, ...(t.hidden === true ? { hidden: true } : {}) };
  });
  if (errors.length > before) return null;
  const stored: ProgrammingSpecJson = {
    ...(language === 'python' ? { language } : {}),
    functionName: spec.functionName,
    starterCode: spec.starterCode,
    tests,
  };
  if (JSON.stringify(stored).length > AUTHORING_LIMITS.programmingJsonChars) {
    errors.push({
      path: 'programming',
      message: `must be at most ${AUTHORING_LIMITS.programmingJsonChars} characters of JSON`,
    });
    return null;
  }
  return stored;
}

/**
 * The answer key of a question of `kind` whose options are `optionIds`, or null after recording an
 * error at `${at}.answer`: SINGLE an array with exactly one of its option ids; MULTIPLE at least
 * one distinct option id, all among its options; TRUE_FALSE a boolean; SHORT_ANSWER at least one
 * accepted answer, each stored trimmed and not blank; STEP null.
 */
function answerKey(
  errors: FieldError[],
  at: string,
  kind: QuizQuestionKind,
  answer: QuestionInput['answer'],
  optionIds: Set<string>,
): QuizAnswerKeyJson {
  const path = `${at}.answer`;
  if (kind === 'SINGLE' || kind === 'MULTIPLE') {
    if (!Array.isArray(answer) || answer.some((x) => !optionIds.has(x)))
      errors.push({ path, message: 'must list ids of its options' });
    else if (new Set(answer).size !== answer.length) errors.push({ path, message: 'must not list an option twice' });
    else if (kind === 'SINGLE' && answer.length !== 1)
      errors.push({ path, message: 'must mark exactly one option as correct' });
    else if (kind === 'MULTIPLE' && answer.length === 0)
      errors.push({ path, message: 'must mark at least one option as correct' });
    else return answer;
  } else if (kind === 'TRUE_FALSE') {
    if (typeof answer === 'boolean') return answer;
    errors.push({ path, message: 'must be true or false' });
  } else if (kind === 'SHORT_ANSWER') {
    if (Array.isArray(answer) && answer.length > 0)
      return answer.map((s, j) => filled(errors, `${path}[${j}]`, s, 'must not be empty'));
    errors.push({ path, message: 'needs at least one accepted answer' });
  } else if (answer !== null) {
    errors.push({ path, message: 'must be null for a step' });
  }
  return null;
}

/** A question after its checks, with the id of the stored question it replaces (absent = new). */
type ParsedQuestion = QuestionWrite & { id?: number };

/**
 * One question of the bank (openapi AuthoringQuestion; docs/classroom.md `quiz_questions`), or
 * null after recording errors under `questions[i]…`:
 * - `id`: absent (new) or one of the lesson's stored questions, each at most once;
 * - `kind`: one the lesson type takes ({@link KINDS_BY_TYPE});
 * - `prompt`, option ids and texts: stored trimmed, not blank; `explanation`, `pictureUrl`: '' → null
 *   (the picture is checked against the uploads afterwards);
 * - `points`: a STEP's is 0;
 * - `options`: SINGLE/MULTIPLE at least 2 with distinct ids; every other kind `[]`;
 * - `answer`: by kind, see {@link answerKey}.
 */
function checkQuestion(
  errors: FieldError[],
  q: QuestionInput,
  i: number,
  allowed: readonly QuizQuestionKind[],
  storedIds: Set<number>,
  seenIds: Set<number>,
): ParsedQuestion | null {
  const at = `questions[${i}]`;
  const before = errors.length;
  if (q.id !== undefined) {
    if (!storedIds.has(q.id)) errors.push({ path: `${at}.id`, message: 'is not a question of this lesson' });
    else if (seenIds.has(q.id)) errors.push({ path: `${at}.id`, message: 'is used by another question' });
    seenIds.add(q.id);
  }
  if (!allowed.includes(q.kind)) {
    errors.push({ path: `${at}.kind`, message: `must be one of ${allowed.join(', ')} in this lesson` });
    return null;
  }
  const prompt = filled(errors, `${at}.prompt`, q.prompt);
  if (q.kind === 'STEP' && q.points !== 0) errors.push({ path: `${at}.points`, message: 'must be 0 for a step' });
  const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
  if (choice && q.options.length < AUTHORING_LIMITS.minOptions)
    errors.push({ path: `${at}.options`, message: 'must have between 2 and 10 options' });
  if (!choice && q.options.length > 0)
    errors.push({ path: `${at}.options`, message: `must be empty for a ${q.kind} question` });
  const ids = new Set<string>();
  const options = q.options.map((o, j) => {
    const id = filled(errors, `${at}.options[${j}].id`, o.id);
    if (id && ids.has(id)) errors.push({ path: `${at}.options[${j}].id`, message: 'is used by another option' });
    ids.add(id);
    return { id, text: filled(errors, `${at}.options[${j}].text`, o.text) };
  });
  const answer = answerKey(errors, at, q.kind, q.answer, ids);
  if (errors.length > before) return null;
  const explanation = q.explanation?.trim() || null;
  const pictureUrl = q.pictureUrl?.trim() || null;
  return {
    ...(q.id !== undefined ? { id: q.id } : {}),
    kind: q.kind,
    prompt,
    pictureUrl,
    points: q.points,
    explanation,
    options,
    answer,
  };
}

/** The checked body of updateLessonAuthoring: the lesson columns to write and, when given, the new bank. */
interface CheckedAuthoringInput {
  patch: LessonPatch;
  /** undefined = the bank is not touched. */
  questions?: ParsedQuestion[];
  /** Question pictures to check against the uploads: the field path and the url. */
  pictures: { path: string; url: string }[];
  errors: FieldError[];
}

/**
 * The rules of updateLessonAuthoring's body beyond the contract, for a lesson of `type` whose stored
 * questions have `storedQuestionIds`; pure (pictures are checked against the uploads by the
 * caller). Only the fields present are written:
 * - `contentHtml`: sanitised ({@link sanitizeLessonHtml}); what is blank after sanitising is null;
 * - `videoUrl`, `captionsUrl`: null, an uploaded file path (`/uploads/…`) or an https URL; `link`:
 *   null or an https URL ({@link checkedUrl});
 * - `programming`: null (clears, any lesson type), or a spec (see {@link checkProgramming}) — only
 *   on a programmingAssignment lesson;
 * - `questions`: the whole bank, see {@link checkQuestion}. A quiz takes SINGLE, MULTIPLE,
 *   TRUE_FALSE and SHORT_ANSWER; a learning path (learningObjective) STEP and those kinds (as
 *   checks); any other type only `[]` (which clears a bank left over from an earlier type).
 * Scalar settings (points, late work, time limit, day, start time) are stored as given, whatever
 * the lesson's type: they matter only to the types that use them, and survive a change of type.
 * @returns the patch and bank, and field errors (`path` like `questions[2].answer`) — when there is
 *   any error, nothing must be written.
 */
export function checkAuthoringInput(
  type: LessonTypeCode,
  body: AuthoringInput,
  storedQuestionIds: Set<number>,
): CheckedAuthoringInput {
  const errors: FieldError[] = [];
  const patch: LessonPatch = {};
  if (body.contentHtml !== undefined) {
    const clean = body.contentHtml === null ? '' : sanitizeLessonHtml(body.contentHtml);
    patch.content_html = clean.trim() === '' ? null : clean;
  }
  if (body.videoUrl !== undefined) patch.video_url = checkedUrl(errors, 'videoUrl', body.videoUrl, { uploads: true });
  if (body.captionsUrl !== undefined)
    patch.captions_url = checkedUrl(errors, 'captionsUrl', body.captionsUrl, { uploads: true });
  if (body.link !== undefined) patch.link = checkedUrl(errors, 'link', body.link, { uploads: false });
  if (body.day !== undefined) patch.day = body.day;
  if (body.startTime !== undefined) patch.start_time = body.startTime;
  if (body.points !== undefined) patch.points = body.points;
  if (body.allowLate !== undefined) patch.allow_late = body.allowLate;
  if (body.timeLimitMinutes !== undefined) patch.time_limit_minutes = body.timeLimitMinutes;
  if (body.programming === null) patch.programming = null;
  else if (body.programming !== undefined) {
    if (type !== 'programmingAssignment')
      errors.push({ path: 'programming', message: 'only a programming assignment has tests' });
    else {
      const spec = checkProgramming(errors, body.programming);
      if (spec) patch.programming = spec;
    }
  }
  let questions: ParsedQuestion[] | undefined;
  const pictures: { path: string; url: string }[] = [];
  if (body.questions !== undefined) {
    const allowed = KINDS_BY_TYPE[type] ?? [];
    if (body.questions.length > 0 && allowed.length === 0)
      errors.push({ path: 'questions', message: 'only quizzes and learning paths have questions' });
    else {
      const seen = new Set<number>();
      const checked = body.questions.map((q, i) => checkQuestion(errors, q, i, allowed, storedQuestionIds, seen));
      questions = checked.filter((q): q is ParsedQuestion => q !== null);
      checked.forEach(
        (q, i) => q?.pictureUrl && pictures.push({ path: `questions[${i}].pictureUrl`, url: q.pictureUrl }),
      );
    }
  }
  return { patch, ...(questions !== undefined ? { questions } : {}), pictures, errors };
}
