// The fixtures the quiz machine tests share: questions, attempts (quiz, graded, learning path) and inputs.
import { type QuizInput } from '@machines/quiz.machine';
import type { QuizAttempt, QuizQuestion } from '@machines/quiz.types';

const options = [
  { id: 'a', text: "''" },
  { id: 'b', text: '0' },
  { id: 'c', text: 'NaN' },
];

/** A question of `kind` with three options for the choice kinds. */
export function question(id: number, kind: QuizQuestion['kind'], patch: Partial<QuizQuestion> = {}): QuizQuestion {
  return {
    id,
    kind,
    prompt: `Question ${id}`,
    pictureUrl: null,
    points: kind === 'STEP' ? 0 : 1,
    options: kind === 'SINGLE' || kind === 'MULTIPLE' ? options : [],
    ...patch,
  };
}

/** An attempt in progress, with `patch`. */
export function attemptOf(patch: Partial<QuizAttempt> = {}): QuizAttempt {
  return {
    id: 9,
    lessonId: 503,
    sessionId: 41,
    kind: 'QUIZ',
    status: 'IN_PROGRESS',
    currentIndex: 0,
    startedAt: '2031-03-05T10:00:00Z',
    deadlineAt: '2031-03-05T10:10:00Z',
    submittedAt: null,
    score: null,
    maxScore: 3,
    questions: [question(31, 'TRUE_FALSE'), question(32, 'SINGLE'), question(33, 'MULTIPLE')],
    answers: {},
    feedback: null,
    ...patch,
  };
}

/** The feedback on 1-point question `questionId`: right (1 point) or wrong (0), the correct answer and an explanation. */
export function feedbackOn(
  questionId: number,
  correct: boolean,
  correctAnswer: boolean | string[],
  explanation: string | null = null,
) {
  return { questionId, correct, pointsAwarded: correct ? 1 : 0, points: 1, correctAnswer, explanation };
}

/** A quiz attempt in progress, the same graded, and a learning path's attempt in progress and done. */
export const quizAttempt = attemptOf();
export const graded = attemptOf({
  status: 'AUTOGRADED',
  submittedAt: '2031-03-05T10:04:00Z',
  score: 1,
  answers: { '31': true },
  feedback: [
    feedbackOn(31, true, true),
    feedbackOn(32, false, ['a'], 'Both become empty strings.'),
    feedbackOn(33, false, ['b', 'c']),
  ],
});
export const pathAttempt = attemptOf({
  id: 12,
  lessonId: 506,
  kind: 'LEARNING_PATH',
  deadlineAt: null,
  maxScore: 1,
  questions: [question(41, 'STEP'), question(42, 'SINGLE'), question(43, 'STEP')],
});
export const pathDone = { ...pathAttempt, status: 'DONE' as const, submittedAt: '2031-03-05T10:20:00Z', feedback: [] };

/** The machine's inputs for a quiz lesson and a learning-path lesson. */
export const quizInput: QuizInput = { sessionId: 41, lessonId: 503, kind: 'QUIZ' };
export const pathInput: QuizInput = { sessionId: 41, lessonId: 506, kind: 'LEARNING_PATH' };
