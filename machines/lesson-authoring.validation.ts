import * as v from 'valibot';
import {
  type LessonTypeCode,
  AUTHORING_LIMITS,
  partsOf,
  type QuestionDraft,
  type AuthoringValues,
} from './lesson-authoring.values';

/**
 * The lesson-authoring form's client rules, mirroring the server's (valibot): issue codes the UI translates, and
 * the mapping of the server's field errors onto the form (lesson-authoring.form.ts re-exports them).
 */

/** Codes of the client rules; the UI has a text for each. */
export type AuthoringIssueCode =
  | 'required'
  | 'tooLong'
  | 'integer'
  | 'min'
  | 'max'
  | 'mediaUrl'
  | 'httpsLink'
  | 'time'
  | 'identifier'
  | 'jsonArray'
  | 'json'
  | 'tooFewOptions'
  | 'tooManyOptions'
  | 'oneCorrect'
  | 'someCorrect'
  | 'trueOrFalse'
  | 'someAccepted'
  | 'tooManyItems';

/** A broken rule and, for tooLong / min / max / tooFewOptions / tooManyOptions / tooManyItems, its limit. */
export interface AuthoringIssue {
  code: AuthoringIssueCode;
  limit?: number;
}

/**
 * Issues by path, named like the server's field errors: `contentHtml`, `videoUrl`, `points`,
 * `timeLimitMinutes`, `programming.functionName`, `programming.tests[0].args`,
 * `questions[2].prompt`, `questions[2].options[1].text`, `questions[2].answer`… `{}` = valid.
 */
export type AuthoringErrors = Record<string, AuthoringIssue>;

const text = (max: number, required: boolean) =>
  required
    ? v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'))
    : v.pipe(v.string(), v.maxLength(max, 'tooLong'));

const integer = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.regex(/^-?\d+$/, 'integer'),
    v.transform(Number),
    v.minValue(min, 'min'),
    v.maxValue(max, 'max'),
  );

/** A video or captions file: an uploaded file (`/uploads/…`) or an https link (docs/classroom.md). */
const MEDIA_URL = /^(\/uploads\/[^\s]+|https:\/\/[^\s/$.?#][^\s]*)$/i;
const HTTPS_URL = /^https:\/\/[^\s/$.?#][^\s]*$/i;

/** The scalar rules, by field (valibot). */
export const authoringRules = {
  contentHtml: text(AUTHORING_LIMITS.contentHtml, false),
  mediaUrl: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(AUTHORING_LIMITS.url, 'tooLong'),
    v.check((s) => s === '' || (MEDIA_URL.test(s) && !s.includes('..')), 'mediaUrl'),
  ),
  link: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(AUTHORING_LIMITS.url, 'tooLong'),
    v.check((s) => s === '' || HTTPS_URL.test(s), 'httpsLink'),
  ),
  startTime: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(s), 'time'),
  ),
  lessonPoints: integer(1, AUTHORING_LIMITS.lessonPoints),
  /** Checked only when not empty (empty = no limit). */
  timeLimitMinutes: integer(1, AUTHORING_LIMITS.timeLimitMinutes),
  prompt: text(AUTHORING_LIMITS.prompt, true),
  explanation: text(AUTHORING_LIMITS.explanation, false),
  questionPoints: integer(0, AUTHORING_LIMITS.questionPoints),
  pictureUrl: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(1000, 'tooLong'),
    v.check((s) => s === '' || (MEDIA_URL.test(s) && !s.includes('..')), 'mediaUrl'),
  ),
  optionText: text(AUTHORING_LIMITS.optionText, true),
  acceptedAnswer: v.pipe(v.string(), v.trim(), v.maxLength(AUTHORING_LIMITS.acceptedAnswer, 'tooLong')),
  functionName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(AUTHORING_LIMITS.functionName, 'tooLong'),
    v.regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'identifier'),
  ),
  starterCode: v.pipe(v.string(), v.maxLength(AUTHORING_LIMITS.starterCode, 'tooLong')),
  testName: text(AUTHORING_LIMITS.testName, true),
  testArgs: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.check((s) => {
      try {
        const parsed: unknown = JSON.parse(s);
        return Array.isArray(parsed) && parsed.length <= AUTHORING_LIMITS.testArgs;
      } catch {
        return false;
      }
    }, 'jsonArray'),
  ),
  testExpected: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('required'),
    v.check((s) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    }, 'json'),
  ),
};

/** Runs one rule; records its first issue under `key`. */
function check(errors: AuthoringErrors, key: string, schema: v.GenericSchema, value: unknown): void {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return;
  const issue = result.issues[0];
  const code = issue.message as AuthoringIssueCode;
  const limit = typeof issue.requirement === 'number' ? issue.requirement : undefined;
  errors[key] = limit === undefined ? { code } : { code, limit };
}

/** The rules of one question (openapi `AuthoringQuestion`), into `errors` under `questions[i]…`. */
function validateQuestion(errors: AuthoringErrors, q: QuestionDraft, i: number): void {
  const base = `questions[${i}]`;
  const r = authoringRules;
  check(errors, `${base}.prompt`, r.prompt, q.prompt);
  check(errors, `${base}.explanation`, r.explanation, q.explanation);
  check(errors, `${base}.pictureUrl`, r.pictureUrl, q.pictureUrl);
  if (q.kind !== 'STEP') check(errors, `${base}.points`, r.questionPoints, q.points);
  if (q.kind === 'SINGLE' || q.kind === 'MULTIPLE') {
    if (q.options.length < AUTHORING_LIMITS.minOptions)
      errors[`${base}.options`] = { code: 'tooFewOptions', limit: AUTHORING_LIMITS.minOptions };
    else if (q.options.length > AUTHORING_LIMITS.maxOptions)
      errors[`${base}.options`] = { code: 'tooManyOptions', limit: AUTHORING_LIMITS.maxOptions };
    q.options.forEach((o, j) => check(errors, `${base}.options[${j}].text`, r.optionText, o.text));
    const correct = q.options.filter((o) => q.correct.includes(o.id)).length;
    if (q.kind === 'SINGLE' && correct !== 1) errors[`${base}.answer`] = { code: 'oneCorrect' };
    if (q.kind === 'MULTIPLE' && correct < 1) errors[`${base}.answer`] = { code: 'someCorrect' };
  }
  if (q.kind === 'TRUE_FALSE' && typeof q.trueFalse !== 'boolean') errors[`${base}.answer`] = { code: 'trueOrFalse' };
  if (q.kind === 'SHORT_ANSWER') {
    q.accepted.forEach((a, j) => check(errors, `${base}.answer[${j}]`, r.acceptedAnswer, a));
    const filled = q.accepted.filter((a) => a.trim() !== '').length;
    if (filled === 0) errors[`${base}.answer`] = { code: 'someAccepted' };
    else if (filled > AUTHORING_LIMITS.acceptedAnswers)
      errors[`${base}.answer`] = { code: 'tooManyItems', limit: AUTHORING_LIMITS.acceptedAnswers };
  }
}

/**
 * Checks the form of a lesson of `type` like the server does (only the parts the type has):
 * content ≤ 200 000 characters; video and captions an `/uploads/` path or an https URL; meeting
 * link https, start time HH:mm; points a whole number 1–1000; time limit empty or 1–600 minutes;
 * programming: a JavaScript identifier, 1–50 tests each with a name, arguments as a JSON array and
 * the expected value as JSON; questions (≤ 200): a prompt, points a whole number 0–1000, SINGLE
 * exactly one correct option among 2–10, MULTIPLE at least one, TRUE_FALSE true or false chosen,
 * SHORT_ANSWER at least one accepted answer, STEP no answer. Returns `{}` when the form is valid.
 */
export function validateAuthoring(type: LessonTypeCode, values: AuthoringValues): AuthoringErrors {
  const errors: AuthoringErrors = {};
  const parts = partsOf(type);
  const r = authoringRules;
  check(errors, 'contentHtml', r.contentHtml, values.contentHtml);
  if (parts.video) {
    check(errors, 'videoUrl', r.mediaUrl, values.videoUrl);
    check(errors, 'captionsUrl', r.mediaUrl, values.captionsUrl);
  }
  if (parts.meeting) {
    check(errors, 'link', r.link, values.link);
    check(errors, 'startTime', r.startTime, values.startTime);
  }
  if (parts.grading) check(errors, 'points', r.lessonPoints, values.points);
  if (parts.timeLimit && values.timeLimitMinutes.trim() !== '')
    check(errors, 'timeLimitMinutes', r.timeLimitMinutes, values.timeLimitMinutes);
  if (parts.programming) {
    const p = values.programming;
    check(errors, 'programming.functionName', r.functionName, p.functionName);
    // A Python name has no `$` (the server also refuses Python keywords).
    if (p.language === 'python' && !errors['programming.functionName'] && p.functionName.includes('$'))
      errors['programming.functionName'] = { code: 'identifier' };
    check(errors, 'programming.starterCode', r.starterCode, p.starterCode);
    if (p.tests.length === 0) errors['programming.tests'] = { code: 'required' };
    else if (p.tests.length > AUTHORING_LIMITS.tests)
      errors['programming.tests'] = { code: 'tooManyItems', limit: AUTHORING_LIMITS.tests };
    p.tests.forEach((t, i) => {
      check(errors, `programming.tests[${i}].name`, r.testName, t.name);
      check(errors, `programming.tests[${i}].args`, r.testArgs, t.args);
      check(errors, `programming.tests[${i}].expected`, r.testExpected, t.expected);
    });
  }
  if (parts.questions) {
    if (values.questions.length > AUTHORING_LIMITS.questions)
      errors.questions = { code: 'tooManyItems', limit: AUTHORING_LIMITS.questions };
    values.questions.forEach((q, i) => validateQuestion(errors, q, i));
  }
  return errors;
}

/**
 * A server field-error path in the form's naming: `questions.2.answer` (the validator's dotted
 * path) and `questions[2][answer]` become `questions[2].answer`; a leading `body.` is dropped.
 */
export function formPathOf(path: string): string {
  return path
    .replace(/^(body|data)[./]/, '')
    .replace(/\[([A-Za-z_$][\w$]*)\]/g, '.$1')
    .replace(/\.(\d+)(?=\.|$|\[)/g, '[$1]');
}

/** Server field errors keyed by form path (see {@link formPathOf}); the first per path wins. */
export function serverErrorsForAuthoring(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const key = formPathOf(path);
    if (!(key in out)) out[key] = message;
  }
  return out;
}
