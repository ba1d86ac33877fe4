import type { SnapshotFrom } from 'xstate';
import type { lessonAuthoringMachine } from './lesson-authoring.machine';

/** A snapshot of the lesson-authoring machine. */
export type LessonAuthoringSnapshot = SnapshotFrom<typeof lessonAuthoringMachine>;

/** True while the lesson is loading. */
export const isLoading = (s: LessonAuthoringSnapshot): boolean => s.hasTag('loading');

/** True when the lesson could not be loaded. */
export const loadFailed = (s: LessonAuthoringSnapshot): boolean => s.matches({ form: 'loadFailed' });

/** True when the last save failed (fields show the server's errors). */
export const saveFailed = (s: LessonAuthoringSnapshot): boolean => s.matches({ form: 'failed' });

/** True while saving the lesson. */
export const isSaving = (s: LessonAuthoringSnapshot): boolean => s.hasTag('saving');

/** True while "Leave without saving?" is asked. */
export const isConfirmingLeave = (s: LessonAuthoringSnapshot): boolean => s.hasTag('confirmingLeave');

/** True when a submission stopped at the client's rules: back to editing with field errors (focus the first). */
export const hasClientErrors = (s: LessonAuthoringSnapshot): boolean =>
  s.matches({ form: 'editing' }) && Object.keys(s.context.errors).length > 0;
