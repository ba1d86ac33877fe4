import { assign, emit, setup } from 'xstate';
import type { Schema } from './support/contract';
import { notProvided } from './support/actors';
import { type Failure, failureOf, statusOf } from './support/errors';

/**
 * Taking attendance at one meeting occurrence (the educator's Attendance tab; docs/classroom.md
 * "Taking attendance"):
 *
 *   loading ─done─▶ ready.idle ; ─error─▶ loadFailed ─retry─▶ loading
 *   ready.idle ─status.chosen{learnerId,status}─▶ ready.saving (the learner's note kept)
 *              ─note.opened{learnerId}─▶ ready.editingNote ─note.changed{text}─▶ (draft kept)
 *                                          ─note.saved [the learner has a status]─▶ ready.saving
 *                                          ─note.saved [no status yet]─▶ (stays; error 'note.statusRequired')
 *                                          ─note.cancelled─▶ ready.idle
 *              ─bulk.present [some learner unmarked]─▶ ready.savingBulk (each unmarked learner PRESENT)
 *              ─reload─▶ loading
 *   ready.saving ─done─▶ ready.idle (the learner's row and the history replaced; emits `saved`)
 *                ─error 409─▶ ready.conflict (someone marked the learner since) ─reload─▶ loading
 *                ─error─▶ ready.saveFailed ─retry─▶ ready.saving ; ─dismissed─▶ ready.idle
 *   ready.savingBulk ─done─▶ ready.idle (the meeting and history replaced; emits `saved`)
 *                    ─error─▶ ready.bulkFailed ─retry─▶ ready.savingBulk ; ─dismissed─▶ loading
 *
 * Every mark carries the `version` the educator saw, so a mark made elsewhere is never overwritten
 * silently (409). No I/O here: `createAttendanceTakingActors` provides the calls.
 */

export type MeetingAttendance = Schema<'MeetingAttendance'>;
export type MeetingAttendanceLearner = Schema<'MeetingAttendanceLearner'>;
export type AttendanceChange = Schema<'AttendanceChange'>;
export type AttendanceStatus = Schema<'AttendanceStatus'>;

/** Which meeting occurrence: the session, the meeting lesson, the date 'YYYY-MM-DD' (session zone). */
export interface AttendanceTakingInput {
  sessionId: number;
  lessonId: number;
  date: string;
}

/** The meeting and its history, as loaded together. */
export interface MeetingWithHistory {
  meeting: MeetingAttendance;
  history: AttendanceChange[];
}

/** One mark to send: the learner, status, note (null: none) and the version seen. */
export interface MarkToSave {
  learnerId: number;
  status: AttendanceStatus;
  note: string | null;
  version: number;
}

export type AttendanceTakingFailure = Failure<'load.failed' | 'save.failed' | 'save.conflict' | 'note.statusRequired'>;

export interface AttendanceTakingContext extends AttendanceTakingInput {
  meeting: MeetingAttendance | null;
  history: AttendanceChange[];
  /** The learner whose note is being edited, and the text so far. */
  noteLearnerId: number | null;
  noteDraft: string;
  /** The mark being saved (kept after a failure, for a retry). */
  pending: MarkToSave | null;
  error: AttendanceTakingFailure | null;
}

export type AttendanceTakingEvent =
  | { type: 'status.chosen'; learnerId: number; status: AttendanceStatus }
  | { type: 'note.opened'; learnerId: number }
  | { type: 'note.changed'; text: string }
  | { type: 'note.saved' }
  | { type: 'note.cancelled' }
  | { type: 'bulk.present' }
  | { type: 'retry' }
  | { type: 'dismissed' }
  | { type: 'reload' };

export type AttendanceTakingEmitted = { type: 'saved'; learners: number };

const rowOf = (c: AttendanceTakingContext, learnerId: number | null) =>
  c.meeting?.learners.find((l) => l.learner.id === learnerId);

/** The learners nobody has marked yet (the bulk action's targets). */
export function unmarkedLearners(meeting: MeetingAttendance | null): MeetingAttendanceLearner[] {
  return meeting?.learners.filter((l) => !l.marked) ?? [];
}

export const attendanceTakingMachine = setup({
  types: {
    context: {} as AttendanceTakingContext,
    events: {} as AttendanceTakingEvent,
    input: {} as AttendanceTakingInput,
    emitted: {} as AttendanceTakingEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** GET the meeting's attendance and its history. */
    loadMeeting: notProvided<MeetingWithHistory, AttendanceTakingInput>(
      'attendance-taking',
      'loadMeeting',
      'createAttendanceTakingActors',
    ),
    /** PUT one learner's mark, then GET the history: the learner's new row and the history. */
    saveMark: notProvided<
      { learner: MeetingAttendanceLearner; history: AttendanceChange[] },
      AttendanceTakingInput & { mark: MarkToSave }
    >('attendance-taking', 'saveMark', 'createAttendanceTakingActors'),
    /** PUT PRESENT for each given learner still unmarked (in turn, at their current version), then the meeting and history again. */
    markPresent: notProvided<MeetingWithHistory, AttendanceTakingInput & { learnerIds: number[] }>(
      'attendance-taking',
      'markPresent',
      'createAttendanceTakingActors',
    ),
  },
  actions: {
    assignLoaded: assign((_, p: MeetingWithHistory) => ({ meeting: p.meeting, history: p.history, error: null })),
    assignLoadFailure: assign((_, p: { error: unknown }) => ({ error: failureOf('load.failed', p.error) })),
    assignChosen: assign(({ context }, p: { learnerId: number; status: AttendanceStatus }) => {
      const row = rowOf(context, p.learnerId);
      return {
        pending: { learnerId: p.learnerId, status: p.status, note: row?.note ?? null, version: row?.version ?? 0 },
        error: null,
      };
    }),
    openNote: assign(({ context }, p: { learnerId: number }) => ({
      noteLearnerId: p.learnerId,
      noteDraft: rowOf(context, p.learnerId)?.note ?? '',
      error: null,
    })),
    assignNoteDraft: assign((_, p: { text: string }) => ({ noteDraft: p.text })),
    assignNoteMark: assign(({ context }) => {
      const row = rowOf(context, context.noteLearnerId)!;
      const note = context.noteDraft.trim();
      return {
        pending: { learnerId: row.learner.id, status: row.status!, note: note || null, version: row.version },
        error: null,
      };
    }),
    flagNoteWithoutStatus: assign({ error: { code: 'note.statusRequired' as const } }),
    closeNote: assign({ noteLearnerId: null, noteDraft: '', error: null }),
    assignSaved: assign(({ context }, p: { learner: MeetingAttendanceLearner; history: AttendanceChange[] }) => ({
      meeting: context.meeting && {
        ...context.meeting,
        learners: context.meeting.learners.map((l) => (l.learner.id === p.learner.learner.id ? p.learner : l)),
      },
      history: p.history,
      pending: null,
      noteLearnerId: null,
      noteDraft: '',
      error: null,
    })),
    assignSaveFailure: assign((_, p: { error: unknown }) => ({ error: failureOf('save.failed', p.error) })),
    assignConflict: assign((_, p: { error: unknown }) => ({ error: failureOf('save.conflict', p.error) })),
    clearPending: assign({ pending: null, error: null }),
    emitSaved: emit((_, p: { learners: number }) => ({ type: 'saved' as const, learners: p.learners })),
  },
  guards: {
    hasStatus: ({ context }) => (rowOf(context, context.noteLearnerId)?.status ?? null) !== null,
    hasUnmarked: ({ context }) => unmarkedLearners(context.meeting).length > 0,
    isConflict: (_, p: { error: unknown }) => statusOf(p.error) === 409,
  },
}).createMachine({
  id: 'attendanceTaking',
  context: ({ input }) => ({
    ...input,
    meeting: null,
    history: [],
    noteLearnerId: null,
    noteDraft: '',
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMeeting',
        src: 'loadMeeting',
        input: ({ context }) => ({ sessionId: context.sessionId, lessonId: context.lessonId, date: context.date }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadFailure', params: ({ event }) => event } },
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: 'clearPending',
          on: {
            'status.chosen': {
              target: 'saving',
              actions: { type: 'assignChosen', params: ({ event }) => event },
            },
            'note.opened': { target: 'editingNote', actions: { type: 'openNote', params: ({ event }) => event } },
            'bulk.present': { guard: 'hasUnmarked', target: 'savingBulk' },
            reload: '#attendanceTaking.loading',
          },
        },
        editingNote: {
          on: {
            'note.changed': { actions: { type: 'assignNoteDraft', params: ({ event }) => event } },
            'note.saved': [
              { guard: 'hasStatus', target: 'saving', actions: 'assignNoteMark' },
              { actions: 'flagNoteWithoutStatus' },
            ],
            'note.cancelled': { target: 'idle', actions: 'closeNote' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveMark',
            src: 'saveMark',
            input: ({ context }) => ({
              sessionId: context.sessionId,
              lessonId: context.lessonId,
              date: context.date,
              mark: context.pending!,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignSaved', params: ({ event }) => event.output },
                { type: 'emitSaved', params: { learners: 1 } },
              ],
            },
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => event },
                target: 'conflict',
                actions: { type: 'assignConflict', params: ({ event }) => event },
              },
              { target: 'saveFailed', actions: { type: 'assignSaveFailure', params: ({ event }) => event } },
            ],
          },
        },
        conflict: {
          on: { reload: '#attendanceTaking.loading' },
        },
        saveFailed: {
          on: { retry: 'saving', dismissed: 'idle' },
        },
        savingBulk: {
          tags: ['busy'],
          invoke: {
            id: 'markPresent',
            src: 'markPresent',
            input: ({ context }) => ({
              sessionId: context.sessionId,
              lessonId: context.lessonId,
              date: context.date,
              learnerIds: unmarkedLearners(context.meeting).map((l) => l.learner.id),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'emitSaved',
                  params: ({ context }) => ({ learners: unmarkedLearners(context.meeting).length }),
                },
                { type: 'assignLoaded', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'bulkFailed', actions: { type: 'assignSaveFailure', params: ({ event }) => event } },
          },
        },
        bulkFailed: {
          on: { retry: 'savingBulk', dismissed: '#attendanceTaking.loading' },
        },
      },
    },
  },
});
