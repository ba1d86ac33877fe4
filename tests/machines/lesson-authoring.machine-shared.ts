// The fixtures the lesson-authoring machine tests share: a quiz lesson, its form values, the saved answer and body.
import {
  type AuthoringValues,
  type LessonAuthoring,
  type QuestionDraft,
  fromAuthoring,
} from '@machines/lesson-authoring.form';
import { aLessonAuthoring } from '../fixtures';

/** The machine's input: the lesson being edited. */
export const input = { lessonId: 503 };

/** A quiz lesson as the server sends it. */
export const quiz: LessonAuthoring = aLessonAuthoring(
  {
    lessonId: 503,
    courseId: 7,
    courseTitle: 'JavaScript from the ground up',
    type: 'quiz',
    name: 'Types and coercion',
  },
  {
    timeLimitMinutes: 10,
    questions: [
      {
        id: 31,
        kind: 'TRUE_FALSE',
        prompt: "typeof null is 'object'.",
        pictureUrl: null,
        points: 1,
        explanation: 'A quirk.',
        options: [],
        answer: true,
      },
    ],
  },
);

/** A SINGLE question draft with a correct option. */
export const single: QuestionDraft = {
  key: 'q-new',
  kind: 'SINGLE',
  prompt: 'Which is not a primitive?',
  pictureUrl: '',
  points: '2',
  explanation: '',
  options: [
    { id: 'a', text: 'string' },
    { id: 'b', text: 'object' },
  ],
  correct: ['b'],
  trueFalse: null,
  accepted: [],
};

/** The form values of `quiz`. */
export const loaded = fromAuthoring(quiz);
/** A SINGLE question added first, a time limit of 15 minutes. */
export const validValues: AuthoringValues = {
  ...loaded,
  timeLimitMinutes: '15',
  questions: [single, ...loaded.questions],
};
/** The SINGLE question has no prompt and no correct option. */
export const invalidValues: AuthoringValues = {
  ...loaded,
  questions: [{ ...single, prompt: ' ', correct: [] }, ...loaded.questions],
};

/** The SINGLE question draft as saved: the server's shape, without its id. */
const singleSaved = {
  kind: 'SINGLE' as const,
  prompt: 'Which is not a primitive?',
  pictureUrl: null,
  points: 2,
  explanation: null,
  options: single.options,
  answer: ['b'],
};

/** The lesson as the server answers a save. */
export const saved: LessonAuthoring = {
  ...quiz,
  timeLimitMinutes: 15,
  questions: [{ id: 32, ...singleSaved }, quiz.questions[0]!],
};

/** The PUT body the save actor is expected to send. */
export const expectedBody = {
  contentHtml: null,
  points: 100,
  allowLate: false,
  timeLimitMinutes: 15,
  questions: [
    singleSaved,
    // The TRUE_FALSE question, kept as loaded.
    { ...quiz.questions[0]! },
  ],
};
