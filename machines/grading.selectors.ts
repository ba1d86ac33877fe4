import type { SnapshotFrom } from 'xstate';
import type { GradingFailure, Submission, gradingMachine } from './grading.machine';

/** A snapshot of the grading machine. */
export type GradingSnapshot = SnapshotFrom<typeof gradingMachine>;

/** True while the session's submissions are loading. */
export const isLoading = (s: GradingSnapshot): boolean => s.hasTag('loading');

/** True when the submissions could not be loaded. */
export const loadFailed = (s: GradingSnapshot): boolean => s.matches('failed');

/** The submission being graded while the dialog is open, else undefined. */
export const gradingTarget = (s: GradingSnapshot): Submission | undefined =>
  s.hasTag('dialogOpen') ? s.context.submissions.find((x) => x.id === s.context.target) : undefined;

/** True while a grade is being saved. */
export const isSavingGrade = (s: GradingSnapshot): boolean => s.hasTag('saving');

/** Why the last grade was not saved (dialog still open), else null. */
export const gradeFailure = (s: GradingSnapshot): GradingFailure | null =>
  s.matches({ loaded: 'failed' }) ? s.context.saveError : null;

/** "Reload" is offered when no dialog is open on a loaded list (the machine accepts `submissions.reloaded`). */
export const canReload = (s: GradingSnapshot): boolean => s.can({ type: 'submissions.reloaded' });
