import type { SnapshotFrom } from 'xstate';
import type { courseEditorMachine } from './course-editor.machine';

/** A snapshot of the course editor machine. */
export type CourseEditorSnapshot = SnapshotFrom<typeof courseEditorMachine>;

/** Which preview beside the form: none, the learner's course page, or the instructor's view. */
export type PreviewMode = 'hidden' | 'learner' | 'instructor';

/** The preview region's mode (the machine's parallel `preview` region). */
export const previewMode = (s: CourseEditorSnapshot): PreviewMode => (s.value as { preview: PreviewMode }).preview;

/** True until the form can be shown: the course and reference data are loading (or the editor is gone). */
export const isPreparing = (s: CourseEditorSnapshot): boolean =>
  s.matches({ form: 'loading' }) || s.matches({ form: 'destroyed' });

/** True while something is loading (the spinner of the preparing screen). */
export const isLoading = (s: CourseEditorSnapshot): boolean => s.hasTag('loading');

/** True when the course or the reference data could not be loaded. */
export const loadFailed = (s: CourseEditorSnapshot): boolean => s.matches({ form: 'loadFailed' });

/** True when the last save failed (the banner shows the failure; fields show the server's errors). */
export const saveFailed = (s: CourseEditorSnapshot): boolean => s.matches({ form: 'failed' });

/** True while saving the course. */
export const isSaving = (s: CourseEditorSnapshot): boolean => s.hasTag('saving');

/** True while a picture or video is uploading. */
export const isUploading = (s: CourseEditorSnapshot): boolean => s.hasTag('uploading');

/** True when the machine would accept "Save" now (not loading, saving or uploading). */
export const canSubmit = (s: CourseEditorSnapshot): boolean => s.can({ type: 'form.submitted', action: 'save' });

/** True when a submission stopped at the client's rules: back to editing with field errors (focus the first). */
export const hasClientErrors = (s: CourseEditorSnapshot): boolean =>
  s.matches({ form: 'editing' }) && Object.keys(s.context.errors).length > 0;
