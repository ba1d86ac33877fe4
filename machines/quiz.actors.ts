import { fromPromise } from 'xstate';
import { type Api, ApiError, unwrap } from './support/api';
import { browserStorage, forgetPosition, type PositionStorage, readPosition, writePosition } from './question-position';
import type { PositionParams, QuizInput, SaveAnswerInput, StartedAttempt, SubmitAttemptInput } from './quiz.machine';
import type { QuizAttempt } from './quiz.types';

/**
 * The quiz machine's actors over the generated client (openapi tag Quizzes):
 * - listAttempts: `GET /sessions/{id}/lessons/{lessonId}/attempts` → the learner's attempts, newest first;
 * - startAttempt: `POST /sessions/{id}/lessons/{lessonId}/attempts` (the open attempt, or a new
 *   one) → `{attempt, storedIndex}`, `storedIndex` being the position kept in browser storage for
 *   that attempt (null when none: the server's `currentIndex` applies);
 * - saveAnswer: `PUT /quiz-attempts/{id}/answers/{questionId} {answer?, currentIndex}` → the attempt;
 * - submitAttempt: saves each still-unsaved answer (a 409 — time limit passed — is skipped: the
 *   server grades what it had), then `POST /quiz-attempts/{id}/submit` → the AUTOGRADED (quiz) or
 *   DONE (learning path) attempt with score and feedback.
 * Each rejects with an `ApiError` (`status`, `serverMessage`: e.g. 409 "The deadline for this
 * lesson has passed", "This attempt has already been submitted") or the network error.
 *
 * `storage` is where positions are read (default `localStorage`, tolerant of its absence).
 */
export function createQuizActors(api: Api, storage: PositionStorage | null = browserStorage()) {
  const save = async (input: SaveAnswerInput) =>
    unwrap(
      await api.PUT('/quiz-attempts/{id}/answers/{questionId}', {
        params: { path: { id: input.attemptId, questionId: input.questionId } },
        body:
          'answer' in input
            ? { answer: input.answer ?? null, currentIndex: input.currentIndex }
            : { currentIndex: input.currentIndex },
      }),
    );
  return {
    listAttempts: fromPromise<QuizAttempt[], { sessionId: number; lessonId: number }>(async ({ input }) =>
      unwrap(
        await api.GET('/sessions/{id}/lessons/{lessonId}/attempts', {
          params: { path: { id: input.sessionId, lessonId: input.lessonId } },
        }),
      ),
    ),
    startAttempt: fromPromise<StartedAttempt, QuizInput>(async ({ input }) => {
      const attempt = unwrap(
        await api.POST('/sessions/{id}/lessons/{lessonId}/attempts', {
          params: { path: { id: input.sessionId, lessonId: input.lessonId } },
        }),
      );
      return { attempt, storedIndex: readPosition(attempt.kind, attempt.id, storage) };
    }),
    saveAnswer: fromPromise<QuizAttempt, SaveAnswerInput>(async ({ input }) => save(input)),
    submitAttempt: fromPromise<QuizAttempt, SubmitAttemptInput>(async ({ input }) => {
      for (const { questionId, answer } of input.unsaved) {
        try {
          await save({ attemptId: input.attemptId, questionId, answer, currentIndex: input.currentIndex });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
          break; // closed for saving (time is up): grade the answers the server has
        }
      }
      return unwrap(await api.POST('/quiz-attempts/{id}/submit', { params: { path: { id: input.attemptId } } }));
    }),
  };
}

/** The quiz machine's storage actions: the current-question position in `storage` (docs/classroom.md "Browser storage"). */
export function createQuizActions(storage: PositionStorage | null = browserStorage()) {
  return {
    storePosition: (_: unknown, params: PositionParams) =>
      writePosition(params.kind, params.attemptId, params.index, storage),
    forgetPosition: (_: unknown, params: Omit<PositionParams, 'index'>) =>
      forgetPosition(params.kind, params.attemptId, storage),
  };
}
