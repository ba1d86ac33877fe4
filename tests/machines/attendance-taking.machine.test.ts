import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type AttendanceChange,
  type AttendanceTakingContext,
  type AttendanceTakingEmitted,
  type MeetingAttendance,
  type MeetingAttendanceLearner,
  attendanceTakingMachine,
} from '@machines/attendance-taking.machine';
import {
  type AttendanceTakingSnapshot,
  historyOf,
  isLoading,
  isSaving,
  loadFailure,
  meetingOf,
  noteEditor,
  noteError,
  saveFailure,
  savingLearnerId,
  unmarkedCount,
} from '@machines/attendance-taking.selectors';
import { describeModelBased } from './model';

const input = { sessionId: 41, lessonId: 510, date: '2026-11-03' };
const person = (id: number, name: string) => ({ id, name, pictureUrl: null });
const row = (id: number, name: string, extra: Partial<MeetingAttendanceLearner> = {}): MeetingAttendanceLearner => ({
  learner: person(id, name),
  joinedAt: null,
  suggested: null,
  status: null,
  marked: false,
  note: null,
  version: 0,
  markedBy: null,
  markedAt: null,
  ...extra,
});
const meeting: MeetingAttendance = {
  ...input,
  occurrenceDate: input.date,
  lessonName: 'Live class',
  startsAt: '2026-11-03T16:00:00Z',
  endsAt: '2026-11-03T17:00:00Z',
  lateAfter: '2026-11-03T16:10:00Z',
  learners: [
    row(21, 'Omar Haddad'),
    row(22, 'Lina Amrani', { joinedAt: '2026-11-03T16:20:00Z', suggested: 'LATE', status: 'LATE', note: 'Bus' }),
  ],
};
const marked = (
  r: MeetingAttendanceLearner,
  status: MeetingAttendanceLearner['status'],
  note: string | null,
): MeetingAttendanceLearner => ({
  ...r,
  status,
  note,
  marked: true,
  version: r.version + 1,
  markedBy: person(7, 'Salma Idrissi'),
  markedAt: '2026-11-03T18:00:00Z',
});
const change: AttendanceChange = {
  id: 1,
  learnerId: 21,
  beforeStatus: null,
  afterStatus: 'PRESENT',
  beforeNote: null,
  afterNote: null,
  changedBy: person(7, 'Salma Idrissi'),
  changedAt: '2026-11-03T18:00:00Z',
};
const allMarked: MeetingAttendance = {
  ...meeting,
  learners: meeting.learners.map((l) => marked(l, 'PRESENT', l.note)),
};

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadMeeting', output: { meeting, history: [] } },
  { type: 'xstate.error.actor.loadMeeting', error: { status: 503, serverMessage: 'Down for a moment' } },
  { type: 'retry' },
  { type: 'reload' },
  { type: 'dismissed' },
  { type: 'status.chosen', learnerId: 22, status: 'EXCUSED' },
  { type: 'note.opened', learnerId: 21 },
  { type: 'note.opened', learnerId: 22 },
  { type: 'note.changed', text: ' Doctor ' },
  { type: 'note.saved' },
  { type: 'note.cancelled' },
  { type: 'bulk.present' },
  {
    type: 'xstate.done.actor.saveMark',
    output: { learner: marked(meeting.learners[0]!, 'PRESENT', null), history: [change] },
  },
  { type: 'xstate.error.actor.saveMark', error: { status: 409, serverMessage: 'Someone changed this mark' } },
  { type: 'xstate.error.actor.saveMark', error: { status: 500 } },
  { type: 'xstate.done.actor.markPresent', output: { meeting: allMarked, history: [change] } },
  { type: 'xstate.error.actor.markPresent', error: { status: 0 } },
];

function checkSelectors(s: AnyMachineSnapshot) {
  const c = s.context as AttendanceTakingContext;
  const snap = s as AttendanceTakingSnapshot;
  expect(isLoading(snap)).toBe(s.matches('loading'));
  expect(s.hasTag('busy')).toBe(
    s.matches('loading') || s.matches({ ready: 'saving' }) || s.matches({ ready: 'savingBulk' }),
  );
  expect(isSaving(snap)).toBe(s.matches({ ready: 'saving' }) || s.matches({ ready: 'savingBulk' }));
  expect(meetingOf(snap)).toBe(s.matches('ready') ? c.meeting : null);
  if (s.matches('ready')) expect(c.meeting).not.toBeNull();
  expect(loadFailure(snap)?.code ?? null).toBe(s.matches('loadFailed') ? 'load.failed' : null);
  if (s.matches('loadFailed')) expect(loadFailure(snap)).toMatchObject({ status: 503, message: 'Down for a moment' });
  if (s.matches({ ready: 'idle' })) {
    expect(c.pending).toBeNull();
    expect(c.error).toBeNull();
    expect(unmarkedCount(snap)).toBe(c.meeting!.learners.filter((l) => !l.marked).length);
  } else expect(unmarkedCount(snap)).toBe(0);
  if (s.matches({ ready: 'saving' })) {
    expect(c.pending).not.toBeNull();
    expect(savingLearnerId(snap)).toBe(c.pending!.learnerId);
  } else expect(savingLearnerId(snap)).toBeNull();
  const editor = noteEditor(snap);
  expect(editor !== null).toBe(s.matches({ ready: 'editingNote' }));
  if (!s.matches({ ready: 'editingNote' })) expect(noteError(snap)).toBeNull();
  const failure = saveFailure(snap);
  if (s.matches({ ready: 'conflict' })) expect(failure).toMatchObject({ code: 'save.conflict', status: 409 });
  else if (s.matches({ ready: 'saveFailed' }) || s.matches({ ready: 'bulkFailed' }))
    expect(failure?.code).toBe('save.failed');
  else expect(failure).toBeNull();
  expect(historyOf(snap, 22)).toEqual([]);
}

describeModelBased(attendanceTakingMachine, {
  name: 'attendance-taking.machine',
  input,
  events,
  actors: ['loadMeeting', 'saveMark', 'markPresent'],
  check: ({ snapshot, previous, event, started }) => {
    checkSelectors(snapshot);
    const c = snapshot.context as AttendanceTakingContext;
    for (const [name, got] of started) {
      if (name === 'loadMeeting') expect(got).toEqual(input);
      if (name === 'saveMark') {
        expect(got).toMatchObject(input);
        const mark = (got as { mark: AttendanceTakingContext['pending'] }).mark!;
        // The status the educator chose keeps the learner's note; a note keeps the learner's status.
        if (mark.learnerId === 22 && mark.status === 'EXCUSED') expect(mark).toEqual({ ...mark, note: 'Bus' });
        if (mark.note === 'Doctor') expect(mark.status).not.toBeNull();
        const seen = (previous?.context as AttendanceTakingContext | undefined)?.meeting?.learners.find(
          (l) => l.learner.id === mark.learnerId,
        );
        if (seen && event.type !== 'retry') expect(mark.version).toBe(seen.version);
      }
      if (name === 'markPresent') {
        expect(got).toMatchObject(input);
        const ids = (got as { learnerIds: number[] }).learnerIds;
        expect(ids).toEqual(c.meeting!.learners.filter((l) => !l.marked).map((l) => l.learner.id));
        expect(ids.length).toBeGreaterThan(0);
      }
    }
    if (event.type === 'note.saved' && snapshot.matches({ ready: 'editingNote' })) {
      // Learner 21 has no status yet: the note waits for one.
      expect(noteError(snapshot as AttendanceTakingSnapshot)?.code).toBe('note.statusRequired');
    }
    if (event.type === 'note.opened' && event.learnerId === 22 && c.meeting) {
      const r = c.meeting.learners.find((l) => l.learner.id === 22)!;
      expect(c.noteDraft).toBe(r.note ?? '');
    }
    if (event.type === 'xstate.done.actor.saveMark') {
      expect(c.meeting!.learners.find((l) => l.learner.id === 21)?.status).toBe('PRESENT');
      expect(historyOf(snapshot as AttendanceTakingSnapshot, 21)).toEqual([change]);
    }
  },
});

describe('attendance-taking.machine (with its actors)', () => {
  it('a chosen status is saved with the version seen, and says how many learners were saved', async () => {
    const calls: unknown[] = [];
    const machine = attendanceTakingMachine.provide({
      actors: {
        loadMeeting: fromPromise(async () => ({ meeting, history: [] as AttendanceChange[] })),
        saveMark: fromPromise(async ({ input: i }) => {
          calls.push(i.mark);
          return { learner: marked(meeting.learners[1]!, i.mark.status, i.mark.note), history: [change] };
        }),
        markPresent: fromPromise(async () => ({ meeting: allMarked, history: [] as AttendanceChange[] })),
      },
    });
    const actor = createActor(machine, { input });
    const emitted: AttendanceTakingEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as AttendanceTakingEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'status.chosen', learnerId: 22, status: 'EXCUSED' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([{ learnerId: 22, status: 'EXCUSED', note: 'Bus', version: 0 }]);
    expect(actor.getSnapshot().context.meeting?.learners[1]?.status).toBe('EXCUSED');
    actor.send({ type: 'bulk.present' });
    await new Promise((r) => setTimeout(r, 0));
    expect(emitted).toEqual([
      { type: 'saved', learners: 1 },
      { type: 'saved', learners: 1 },
    ]);
    expect(unmarkedCount(actor.getSnapshot())).toBe(0);
  });
});
