import type { SnapshotFrom } from 'xstate';
import type { quizMachine } from './quiz.machine';

/** A snapshot of the quiz machine. */
export type QuizSnapshot = SnapshotFrom<typeof quizMachine>;

/**
 * The quiz lesson's screen: the overview (attempts, start; also while loading, starting or after
 * those failed), answering (also while submitting), the result, or the failed submission.
 */
export type QuizView = 'overview' | 'answering' | 'result' | 'submitFailed';

export function selectQuizView(s: QuizSnapshot): QuizView {
  if (s.matches('answering') || s.matches('submitting')) return 'answering';
  if (s.matches('result')) return 'result';
  if (s.matches('submitFailed')) return 'submitFailed';
  return 'overview';
}

/**
 * True while answering with answers not yet on the server (saves are debounced): leaving the page
 * then loses them, so the browser asks first.
 */
export const hasUnsavedAnswers = (s: QuizSnapshot): boolean => s.matches('answering') && s.context.dirty.length > 0;

/** True while the learner's attempts are loaded (the history shows a spinner). */
export const isLoadingAttempts = (s: QuizSnapshot): boolean => s.matches('loadingAttempts');

/** True when the attempts could not be loaded ("Try again" replaces "Start"). */
export const attemptsFailed = (s: QuizSnapshot): boolean => s.matches('attemptsFailed');

/** True while an attempt is being started or resumed. */
export const isStarting = (s: QuizSnapshot): boolean => s.matches('starting');

/** True when starting an attempt failed. */
export const startFailed = (s: QuizSnapshot): boolean => s.matches('startFailed');

/** True while a call of the overview runs (the start button spins). */
export const isLoading = (s: QuizSnapshot): boolean => s.hasTag('loading');

/** True while the answers are being submitted (buttons disabled, timer hidden). */
export const isSubmitting = (s: QuizSnapshot): boolean => s.matches('submitting');

/** True while "Submit your answers?" is asked. */
export const isConfirmingSubmit = (s: QuizSnapshot): boolean => s.matches({ answering: { view: 'confirming' } });

/** True when saving answers failed and waits for "Retry". */
export const saveFailed = (s: QuizSnapshot): boolean => s.hasTag('saveFailed');

/** True while answers are being saved or about to be (the debounce is running). */
export const isSaving = (s: QuizSnapshot): boolean =>
  s.hasTag('saving') || s.matches({ answering: { sync: 'pending' } });
