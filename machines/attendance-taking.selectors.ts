import type { SnapshotFrom } from 'xstate';
import {
  type AttendanceChange,
  type AttendanceTakingFailure,
  type MeetingAttendance,
  type attendanceTakingMachine,
  unmarkedLearners,
} from './attendance-taking.machine';

/** A snapshot of the attendance-taking machine. */
export type AttendanceTakingSnapshot = SnapshotFrom<typeof attendanceTakingMachine>;

/** True while the meeting loads the first time or again (the list is replaced by a loading state). */
export const isLoading = (s: AttendanceTakingSnapshot): boolean => s.matches('loading');

/** The load failure (with a retry), else null. */
export const loadFailure = (s: AttendanceTakingSnapshot): AttendanceTakingFailure | null =>
  s.matches('loadFailed') ? s.context.error : null;

/** The meeting's attendance once loaded (kept while saving). */
export const meetingOf = (s: AttendanceTakingSnapshot): MeetingAttendance | null =>
  s.matches('ready') ? s.context.meeting : null;

/** The changes of one learner's mark, newest first. */
export const historyOf = (s: AttendanceTakingSnapshot, learnerId: number): AttendanceChange[] =>
  s.context.history.filter((c) => c.learnerId === learnerId);

/** True while a mark (or the bulk action) is being saved: the controls are disabled. */
export const isSaving = (s: AttendanceTakingSnapshot): boolean =>
  s.matches({ ready: 'saving' }) || s.matches({ ready: 'savingBulk' });

/** The learner whose mark is being saved, else null. */
export const savingLearnerId = (s: AttendanceTakingSnapshot): number | null =>
  s.matches({ ready: 'saving' }) ? (s.context.pending?.learnerId ?? null) : null;

/** The learner whose note is open and its draft, else null. */
export const noteEditor = (s: AttendanceTakingSnapshot): { learnerId: number; draft: string } | null =>
  s.matches({ ready: 'editingNote' }) && s.context.noteLearnerId !== null
    ? { learnerId: s.context.noteLearnerId, draft: s.context.noteDraft }
    : null;

/** The note editor's error ('note.statusRequired': choose a status first), else null. */
export const noteError = (s: AttendanceTakingSnapshot): AttendanceTakingFailure | null =>
  s.matches({ ready: 'editingNote' }) ? s.context.error : null;

/** Why the last save failed ('save.failed' with retry/dismiss, 'save.conflict' with reload), else null. */
export const saveFailure = (s: AttendanceTakingSnapshot): AttendanceTakingFailure | null =>
  s.matches({ ready: 'saveFailed' }) || s.matches({ ready: 'bulkFailed' }) || s.matches({ ready: 'conflict' })
    ? s.context.error
    : null;

/** Number of learners the bulk action would mark PRESENT (0: the button is disabled). */
export const unmarkedCount = (s: AttendanceTakingSnapshot): number =>
  s.matches({ ready: 'idle' }) ? unmarkedLearners(s.context.meeting).length : 0;
