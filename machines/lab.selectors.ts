import type { SnapshotFrom } from 'xstate';
import type { CodeIssue, CodeRun, LabFailure, Submission, labMachine } from './lab.machine';

/** A snapshot of the lab machine. */
export type LabSnapshot = SnapshotFrom<typeof labMachine>;

/** What the quiet save indicator says: loading, saving (a change is waiting or being sent), saved, failed. */
export type DraftStatus = 'loading' | 'loadFailed' | 'saving' | 'saved' | 'failed';

/** The draft's status for the indicator ("Saving…", "Saved", "Not saved: retrying"). */
export function draftStatus(s: LabSnapshot): DraftStatus {
  if (s.matches({ editor: 'loading' })) return 'loading';
  if (s.matches({ editor: 'loadFailed' })) return 'loadFailed';
  if (s.matches({ editor: { ready: 'failed' } })) return 'failed';
  if (s.matches({ editor: { ready: 'saved' } })) return 'saved';
  return 'saving';
}

/** True once the draft (or the starter code) is in the editor. */
const isEditorReady = (s: LabSnapshot): boolean => s.matches({ editor: 'ready' });

/** The code the editor must show, and its revision (a new revision: the machine replaced the content). */
export const editorContent = (s: LabSnapshot): { code: string; revision: number } => ({
  code: s.context.code,
  revision: s.context.revision,
});

/** True while a run or a submission is going (the editor is read-only, the buttons wait). */
export const isBusy = (s: LabSnapshot): boolean => s.hasTag('busy');
/** True while the visible tests run. */
export const isRunning = (s: LabSnapshot): boolean => s.matches({ work: 'running' });
/** True while a submission is being graded. */
export const isSubmitting = (s: LabSnapshot): boolean => s.matches({ work: 'submitting' });
/** True while the "Submit for grading?" confirmation is open. */
export const isConfirmingSubmit = (s: LabSnapshot): boolean => s.matches({ work: 'confirmingSubmit' });
/** The pending replacement of the code (reset to starter code, or a past submission) awaiting confirmation. */
export const pendingReplace = (s: LabSnapshot): { code: string; reason: 'reset' | 'restore' } | null =>
  s.matches({ work: 'confirmingReplace' }) ? s.context.pendingReplace : null;
/** Run and Submit are offered once the code is loaded and nothing else is going. */
export const canWork = (s: LabSnapshot): boolean => isEditorReady(s) && s.matches({ work: 'idle' });

/** Why the code cannot be run or submitted (blank, too long), until the next attempt. */
export const codeIssue = (s: LabSnapshot): CodeIssue => s.context.issue;
/** The last run's results (visible tests), cleared by a submission. */
export const lastRun = (s: LabSnapshot): CodeRun | null => s.context.lastRun;
/** The submission graded last in this visit. */
export const lastSubmission = (s: LabSnapshot): Submission | null => s.context.lastSubmission;
/** Why the last run or submission failed, until the next one. */
export const workFailure = (s: LabSnapshot): LabFailure | null => s.context.workError;
/** Why the draft could not be loaded. */
export const loadFailure = (s: LabSnapshot): LabFailure | null => s.context.loadError;
