import * as v from 'valibot';
import type { Schema } from './support/contract';

/**
 * The lesson-authoring form (issue #5; docs/classroom.md "Data"; openapi `LessonAuthoring`,
 * `LessonAuthoringInput`, `AuthoringQuestion`, `ProgrammingSpec`): what an educator sets on a lesson
 * beyond the syllabus — content, video and captions, meeting link and time, points, late work,
 * time limit, programming tests and the question bank. Here: its values (strings as typed), the
 * mapping from and to the API, pure edit helpers of the question bank, and the client rules that
 * mirror the server's (valibot). Pure and free of UI and language: machines/lesson-authoring.machine.ts
 * imports it under plain tsx; rules answer codes that the UI translates.
 *
 * Lives beside its machine (machines never import src/); relative imports only.
 */

/**
 * A lesson's authoring (`GET`/`PUT /lessons/{id}/authoring`). The generated type of its saved
 * questions (`allOf` of AuthoringQuestion and a required id) comes out as `… & Record<string, never>`,
 * which no value satisfies; here they are AuthoringQuestions (the server always sends their id).
 */
export type LessonAuthoring = Omit<Schema<'LessonAuthoring'>, 'questions'> & { questions: AuthoringQuestion[] };
export type LessonAuthoringInput = Schema<'LessonAuthoringInput'>;
export type AuthoringQuestion = Schema<'AuthoringQuestion'>;
export type QuestionKind = Schema<'QuizQuestionKind'>;
export type LessonTypeCode = Schema<'LessonTypeCode'>;
export type Weekday = Schema<'Weekday'>;

/** Question kinds, in the order of the kind select. */
export const QUESTION_KINDS: readonly QuestionKind[] = ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'SHORT_ANSWER', 'STEP'];

/** Weekdays, sunday to saturday. */
export const WEEKDAYS: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** Limits of the server's rules (openapi `LessonAuthoringInput` and below; the option count is issue #5's 2–10). */
export const AUTHORING_LIMITS = {
  contentHtml: 200000,
  url: 2000,
  lessonPoints: 1000,
  timeLimitMinutes: 600,
  questions: 200,
  prompt: 5000,
  explanation: 5000,
  questionPoints: 1000,
  minOptions: 2,
  maxOptions: 10,
  optionText: 1000,
  acceptedAnswers: 20,
  acceptedAnswer: 500,
  functionName: 100,
  starterCode: 20000,
  tests: 50,
  testName: 200,
  testArgs: 20,
} as const;

/** Which parts of the form a lesson type has (issue #5): the content is offered to every type. */
export interface LessonParts {
  video: boolean;
  meeting: boolean;
  /** Points and late work. */
  grading: boolean;
  timeLimit: boolean;
  questions: boolean;
  programming: boolean;
}

/** The parts of the form of each lesson type. */
export function partsOf(type: LessonTypeCode): LessonParts {
  return {
    video: type === 'video',
    meeting: type === 'meeting' || type === 'liveSession',
    grading: type === 'quiz' || type === 'assignment' || type === 'programmingAssignment',
    timeLimit: type === 'quiz',
    questions: type === 'quiz' || type === 'learningObjective',
    programming: type === 'programmingAssignment',
  };
}

export interface OptionDraft {
  /** Stable id inside its question (the answer key refers to it). */
  id: string;
  text: string;
}

/** A question being edited; numbers as typed. */
export interface QuestionDraft {
  /** Stable identity for lists (never sent). */
  key: string;
  /** The saved question's id; absent for a new one. */
  id?: number;
  kind: QuestionKind;
  prompt: string;
  /** '' = no picture. */
  pictureUrl: string;
  points: string;
  explanation: string;
  /** SINGLE and MULTIPLE only. */
  options: OptionDraft[];
  /** Ids of the correct options (SINGLE: at most one). */
  correct: string[];
  /** TRUE_FALSE: the right answer, null until chosen. */
  trueFalse: boolean | null;
  /** SHORT_ANSWER: the accepted answers. */
  accepted: string[];
}

/** A programming test being edited: `args` and `expected` are JSON texts. */
export interface TestDraft {
  key: string;
  name: string;
  args: string;
  expected: string;
}

export interface ProgrammingDraft {
  functionName: string;
  starterCode: string;
  tests: TestDraft[];
}

/** The values of the form (strings as typed). */
export interface AuthoringValues {
  contentHtml: string;
  videoUrl: string;
  captionsUrl: string;
  link: string;
  day: Weekday | '';
  startTime: string;
  points: string;
  allowLate: boolean;
  /** '' = no limit. */
  timeLimitMinutes: string;
  programming: ProgrammingDraft;
  questions: QuestionDraft[];
}

let keyCounter = 0;
/** A fresh key for a new list item. */
export function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-new-${keyCounter}`;
}

/** A new question of `kind`: two empty options for SINGLE / MULTIPLE, 1 point (0 for a STEP). */
export function emptyQuestion(kind: QuestionKind): QuestionDraft {
  return withKind(
    {
      key: newKey('q'),
      kind: 'STEP',
      prompt: '',
      pictureUrl: '',
      points: '0',
      explanation: '',
      options: [],
      correct: [],
      trueFalse: null,
      accepted: [],
    },
    kind,
  );
}

/** A new programming test (no arguments, expects null). */
export function emptyTest(): TestDraft {
  return { key: newKey('t'), name: '', args: '[]', expected: '' };
}

/** The first option id not used by `options`: a, b, c … z, then o27, o28 … */
export function nextOptionId(options: readonly OptionDraft[]): string {
  const used = new Set(options.map((o) => o.id));
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!used.has(letter)) return letter;
  for (let n = 27; ; n++) if (!used.has(`o${n}`)) return `o${n}`;
}

/**
 * The question turned into `kind`, keeping what fits: options for SINGLE / MULTIPLE (two empty
 * ones when there are none; SINGLE keeps only the first correct option), accepted answers for
 * SHORT_ANSWER (one empty line when there are none), a STEP is worth 0 points (a question at 0 gets 1).
 */
export function withKind(question: QuestionDraft, kind: QuestionKind): QuestionDraft {
  const next: QuestionDraft = { ...question, kind };
  if (kind === 'SINGLE' || kind === 'MULTIPLE') {
    let options = question.options;
    while (options.length < AUTHORING_LIMITS.minOptions)
      options = [...options, { id: nextOptionId(options), text: '' }];
    next.options = options;
    next.correct = kind === 'SINGLE' ? question.correct.slice(0, 1) : question.correct;
  }
  if (kind === 'SHORT_ANSWER' && question.accepted.length === 0) next.accepted = [''];
  if (kind === 'STEP') next.points = '0';
  else if (question.kind === 'STEP' && (question.points.trim() === '' || question.points.trim() === '0'))
    next.points = '1';
  return next;
}

/** `list` with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list as T[];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** `list` with the item at `index` replaced by `patch` applied to it. */
export function updateAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** `list` without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The question with `optionId` marked correct (SINGLE: the only one) or, for MULTIPLE, toggled to `checked`. */
export function markCorrect(question: QuestionDraft, optionId: string, checked = true): QuestionDraft {
  if (question.kind === 'SINGLE') return { ...question, correct: [optionId] };
  const others = question.correct.filter((id) => id !== optionId);
  return { ...question, correct: checked ? [...others, optionId] : others };
}

/** The question without the option at `index` (and without it in the answer key). */
export function removeOption(question: QuestionDraft, index: number): QuestionDraft {
  const gone = question.options[index]?.id;
  return {
    ...question,
    options: removeAt(question.options, index),
    correct: question.correct.filter((id) => id !== gone),
  };
}

/** The question with a new empty option at the end. */
export function addOption(question: QuestionDraft): QuestionDraft {
  return { ...question, options: [...question.options, { id: nextOptionId(question.options), text: '' }] };
}

// ─── From and to the API ────────────────────────────────────────────────────

function pretty(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value);
}

/** The draft of a saved question (keys from the ids, so a reload gives the same keys). */
export function questionDraftOf(q: AuthoringQuestion, index: number): QuestionDraft {
  const answer = q.answer;
  const options =
    q.kind === 'SINGLE' || q.kind === 'MULTIPLE' ? q.options.map((o) => ({ id: o.id, text: o.text })) : [];
  return {
    key: q.id ? `q${q.id}` : `q-at-${index}`,
    ...(q.id ? { id: q.id } : {}),
    kind: q.kind,
    prompt: q.prompt,
    pictureUrl: q.pictureUrl ?? '',
    points: String(q.points),
    explanation: q.explanation ?? '',
    options,
    correct:
      Array.isArray(answer) && (q.kind === 'SINGLE' || q.kind === 'MULTIPLE')
        ? answer.filter((id) => options.some((o) => o.id === id))
        : [],
    trueFalse: q.kind === 'TRUE_FALSE' && typeof answer === 'boolean' ? answer : null,
    accepted: q.kind === 'SHORT_ANSWER' && Array.isArray(answer) ? [...answer] : [],
  };
}

/** The form values of a lesson's authoring (`GET /lessons/{id}/authoring`). */
export function fromAuthoring(a: LessonAuthoring): AuthoringValues {
  return {
    contentHtml: a.contentHtml ?? '',
    videoUrl: a.videoUrl ?? '',
    captionsUrl: a.captionsUrl ?? '',
    link: a.link ?? '',
    day: a.day ?? '',
    startTime: a.startTime ? a.startTime.slice(0, 5) : '',
    points: String(a.points),
    allowLate: a.allowLate,
    timeLimitMinutes: a.timeLimitMinutes === null ? '' : String(a.timeLimitMinutes),
    programming: a.programming
      ? {
          functionName: a.programming.functionName,
          starterCode: a.programming.starterCode,
          tests: a.programming.tests.map((t, i) => ({
            key: `t${i}`,
            name: t.name,
            args: pretty(t.args),
            expected: pretty(t.expected),
          })),
        }
      : { functionName: '', starterCode: '', tests: [{ key: 't0', name: '', args: '[]', expected: '' }] },
    questions: a.questions.map(questionDraftOf),
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The request body of a valid question (call after the rules passed). */
export function toQuestionInput(q: QuestionDraft): AuthoringQuestion {
  const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
  const options = choice ? q.options.map((o) => ({ id: o.id, text: o.text.trim() })) : [];
  const answer: AuthoringQuestion['answer'] =
    q.kind === 'SINGLE' || q.kind === 'MULTIPLE'
      ? options.filter((o) => q.correct.includes(o.id)).map((o) => o.id)
      : q.kind === 'TRUE_FALSE'
        ? q.trueFalse
        : q.kind === 'SHORT_ANSWER'
          ? q.accepted.map((s) => s.trim()).filter((s) => s !== '')
          : null;
  return {
    ...(q.id ? { id: q.id } : {}),
    kind: q.kind,
    prompt: q.prompt.trim(),
    pictureUrl: orNull(q.pictureUrl),
    points: q.kind === 'STEP' ? 0 : Number(q.points.trim()),
    explanation: orNull(q.explanation),
    options,
    answer,
  };
}

/**
 * The body of `PUT /lessons/{id}/authoring` for a lesson of `type` (call after the rules passed):
 * the content always (empty → null); then only the parts of the type (others keep their value on
 * the server): video and captions; meeting link, day and start time; points and late work; time
 * limit (empty → null); the programming spec; the whole question bank.
 */
export function toAuthoringInput(type: LessonTypeCode, values: AuthoringValues): LessonAuthoringInput {
  const parts = partsOf(type);
  const body: LessonAuthoringInput = { contentHtml: values.contentHtml.trim() === '' ? null : values.contentHtml };
  if (parts.video) {
    body.videoUrl = orNull(values.videoUrl);
    body.captionsUrl = orNull(values.captionsUrl);
  }
  if (parts.meeting) {
    body.link = orNull(values.link);
    body.day = values.day === '' ? null : values.day;
    body.startTime = orNull(values.startTime);
  }
  if (parts.grading) {
    body.points = Number(values.points.trim());
    body.allowLate = values.allowLate;
  }
  if (parts.timeLimit)
    body.timeLimitMinutes = values.timeLimitMinutes.trim() === '' ? null : Number(values.timeLimitMinutes.trim());
  if (parts.programming) {
    body.programming = {
      functionName: values.programming.functionName.trim(),
      starterCode: values.programming.starterCode,
      tests: values.programming.tests.map((t) => ({
        name: t.name.trim(),
        args: JSON.parse(t.args) as unknown[],
        expected: JSON.parse(t.expected) as unknown,
      })),
    };
  }
  if (parts.questions) body.questions = values.questions.map(toQuestionInput);
  return body;
}

// ─── Validation ─────────────────────────────────────────────────────────────

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

/** The rules of one question (issue #5, openapi `AuthoringQuestion`), into `errors` under `questions[i]…`. */
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

/** Whether the form differs from `initial` (unsaved changes). Keys of list items are ignored. */
export function isDirty(values: AuthoringValues, initial: AuthoringValues): boolean {
  const strip = (x: AuthoringValues) =>
    JSON.stringify({
      ...x,
      questions: x.questions.map(({ key: _k, ...q }) => q),
      programming: { ...x.programming, tests: x.programming.tests.map(({ key: _k, ...t }) => t) },
    });
  return strip(values) !== strip(initial);
}
