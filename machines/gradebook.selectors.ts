import type { SnapshotFrom } from 'xstate';
import { type DraftProblem, draftProblem, draftSum, type gradebookMachine } from './gradebook.machine';

/** A snapshot of the gradebook machine. */
export type GradebookSnapshot = SnapshotFrom<typeof gradebookMachine>;

/** True while the book is loading. */
export const isLoading = (s: GradebookSnapshot): boolean => s.hasTag('loading');

/** True when loading the book failed (the page offers a retry). */
export const loadFailed = (s: GradebookSnapshot): boolean => s.matches('failed');

/** True while the weights form is open (editing or saving). */
export const isEditing = (s: GradebookSnapshot): boolean => s.matches('editing') || s.matches('saving');

/** True while the weights are being saved. */
export const isSaving = (s: GradebookSnapshot): boolean => s.hasTag('saving');

/** True when "Edit weights" and "Export CSV" may be pressed. */
export const canEdit = (s: GradebookSnapshot): boolean => s.matches('viewing');

/** True while the CSV is being fetched and saved. */
export const isExporting = (s: GradebookSnapshot): boolean => s.hasTag('exporting');

/** The sum of the weights typed, in percent. */
export const draftTotal = (s: GradebookSnapshot): number => draftSum(s.context.draft);

/** Why the weights typed cannot be saved, once a save was tried (null otherwise or when they can). */
export const shownDraftProblem = (s: GradebookSnapshot): DraftProblem =>
  s.context.showErrors ? draftProblem(s.context.draft) : null;
