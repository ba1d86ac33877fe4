import type { Schema } from './support/contract';

/**
 * The lesson-authoring form's values (strings as typed), limits, the mapping from and to the API and the pure
 * edit helpers of the question bank (lesson-authoring.form.ts re-exports them).
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

import { WEEKDAYS } from './support/form';

export { WEEKDAYS };

/** Limits of the server's rules (openapi `LessonAuthoringInput` and below; the option count is 2–10). */
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

/** Which parts of the form a lesson type has: the content is offered to every type. */
export interface LessonParts {
  video: boolean;
  meeting: boolean;
  /** Points and late work. */
  grading: boolean;
  timeLimit: boolean;
  questions: boolean;
  programming: boolean;
  /** The content is written in the rich-text editor (reading and notes); other types keep the HTML field. */
  richText: boolean;
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
    richText: type === 'reading' || type === 'notes',
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

/**
 * A programming test being edited: `args` and `expected` are JSON texts; `hidden` (ProgrammingTest.hidden)
 * shows learners only whether it passed.
 */
export interface TestDraft {
  key: string;
  name: string;
  args: string;
  expected: string;
  hidden: boolean;
}

export interface ProgrammingDraft {
  /** The language learners write in (ProgrammingSpec.language; javascript when the lab has none). */
  language: 'javascript' | 'python';
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
  return { key: newKey('t'), name: '', args: '[]', expected: '', hidden: false };
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
          language: a.programming.language ?? 'javascript',
          functionName: a.programming.functionName,
          starterCode: a.programming.starterCode,
          tests: a.programming.tests.map((t, i) => ({
            key: `t${i}`,
            name: t.name,
            args: pretty(t.args),
            expected: pretty(t.expected),
            hidden: t.hidden ?? false,
          })),
        }
      : {
          language: 'javascript',
          functionName: '',
          starterCode: '',
          tests: [{ key: 't0', name: '', args: '[]', expected: '', hidden: false }],
        },
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
      language: values.programming.language,
      functionName: values.programming.functionName.trim(),
      starterCode: values.programming.starterCode,
      tests: values.programming.tests.map((t) => ({
        name: t.name.trim(),
        args: JSON.parse(t.args) as unknown[],
        expected: JSON.parse(t.expected) as unknown,
        ...(t.hidden ? { hidden: true } : {}),
      })),
    };
  }
  if (parts.questions) body.questions = values.questions.map(toQuestionInput);
  return body;
}
