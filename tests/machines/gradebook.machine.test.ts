import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type Gradebook,
  type GradebookContext,
  type GradebookEmitted,
  type GradebookWeight,
  draftProblem,
  draftSum,
  draftWeights,
  gradebookMachine,
  weightHundredths,
} from '@machines/gradebook.machine';
import {
  type GradebookSnapshot,
  canEdit,
  draftTotal,
  isEditing,
  isExporting,
  isLoading,
  isSaving,
  loadFailed,
  shownDraftProblem,
} from '@machines/gradebook.selectors';
import { describeModelBased, pendingActors } from './model';

const input = { sessionId: 41, lang: 'ar' as const };

const book: Gradebook = {
  sessionId: 41,
  weighting: 'EQUAL',
  items: [
    { lessonId: 1, name: 'Quiz', kind: 'QUIZ', week: 1, points: 4, deadline: '2031-05-12T06:00:00.000Z', weight: 50 },
    {
      lessonId: 2,
      name: 'Essay',
      kind: 'ASSIGNMENT',
      week: 1,
      points: 20,
      deadline: '2031-05-12T06:00:00.000Z',
      weight: 50,
    },
  ],
  rows: [
    {
      learner: { id: 7, name: 'لينا قاسم', pictureUrl: null },
      cells: [
        { lessonId: 1, status: 'GRADED', score: 2, late: false },
        { lessonId: 2, status: 'MISSING', score: null, late: false },
      ],
      total: 25,
    },
  ],
};
const saved: Gradebook = { ...book, weighting: 'CUSTOM' };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadGradebook', output: book },
  { type: 'xstate.error.actor.loadGradebook', error: { status: 500, serverMessage: 'Boom' } },
  { type: 'retry' },
  { type: 'edit' },
  { type: 'weight.changed', lessonId: 1, value: '60' },
  { type: 'weight.changed', lessonId: 1, value: 'x' },
  { type: 'weight.changed', lessonId: 2, value: '40' },
  { type: 'save' },
  { type: 'equal' },
  { type: 'cancel' },
  { type: 'xstate.done.actor.saveWeights', output: saved },
  { type: 'xstate.error.actor.saveWeights', error: { status: 422, serverMessage: 'The weights must add up to 100%' } },
  { type: 'export' },
  { type: 'xstate.done.actor.exportCsv' },
  { type: 'xstate.error.actor.exportCsv', error: new Error('offline') },
];

/** States differ by value, the book shown, the draft's problem and the errors. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as GradebookContext;
  return JSON.stringify({
    v: s.value,
    b: c.book?.weighting ?? null,
    e: !!c.error,
    d: c.draft,
    se: c.showErrors,
    eq: c.equalRequested,
    s: !!c.saveError,
    x: !!c.exportError,
  });
};

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as GradebookContext;
  const snap = s as GradebookSnapshot;
  expect(isLoading(snap)).toBe(s.matches('loading'));
  expect(loadFailed(snap)).toBe(s.matches('failed'));
  expect(isEditing(snap)).toBe(s.matches('editing') || s.matches('saving'));
  expect(isSaving(snap)).toBe(s.matches('saving'));
  expect(canEdit(snap)).toBe(s.matches('viewing'));
  expect(isExporting(snap)).toBe(s.matches('exporting'));
  expect(draftTotal(snap)).toBe(draftSum(c.draft));
  expect(shownDraftProblem(snap)).toBe(c.showErrors ? draftProblem(c.draft) : null);
  if (s.matches('failed')) expect(c.error).toEqual({ code: 'gradebook.failed', status: 500, message: 'Boom' });
  if (s.matches('viewing') || s.matches('exporting')) {
    expect(c.book).not.toBeNull();
    expect(c.draft).toEqual({});
  }
  // A save only ever starts from a valid draft, or for equal weights.
  if (s.matches('saving') && !c.equalRequested) expect(draftProblem(c.draft)).toBeNull();
  if (s.matches('editing') && c.saveError)
    expect(c.saveError).toEqual({ code: 'weights.failed', status: 422, message: 'The weights must add up to 100%' });
}

describeModelBased(gradebookMachine, {
  name: 'gradebook.machine',
  input,
  events,
  serialize: serializeState,
  actors: ['loadGradebook', 'saveWeights', 'exportCsv'],
  check: ({ snapshot, index, started }) => {
    checkState(snapshot);
    const c = snapshot.context as GradebookContext;
    for (const [name, got] of index === 0 ? started.slice(1) : started) {
      if (name === 'loadGradebook') expect(got).toEqual({ sessionId: 41 });
      if (name === 'saveWeights')
        expect(got).toEqual({ sessionId: 41, weights: c.equalRequested ? [] : draftWeights(c.draft) });
      if (name === 'exportCsv') expect(got).toEqual({ sessionId: 41, lang: 'ar' });
    }
  },
});

describe('gradebook.machine (rules of the draft)', () => {
  it('reads weights as numbers 0–100 with at most two decimals', () => {
    expect(['50', '33.33', '0', '100', ' 12,5 ', '12.'].map(weightHundredths)).toEqual([
      5000, 3333, 0, 10000, 1250, 1200,
    ]);
    expect(['', 'x', '-1', '100.01', '1.234', '1e2'].map(weightHundredths)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('saves only weights that add up to exactly 100', () => {
    expect(draftProblem({ 1: '33.34', 2: '33.33', 3: '33.33' })).toBeNull();
    expect(draftProblem({ 1: '50', 2: '40' })).toBe('weights.sum');
    expect(draftProblem({ 1: '50', 2: 'fifty' })).toBe('weights.invalid');
    expect(draftWeights({ 1: '60', 2: '40' })).toEqual([
      { lessonId: 1, weight: 60 },
      { lessonId: 2, weight: 40 },
    ]);
  });
});

describe('gradebook.machine (real actors)', () => {
  it('edits, refuses a sum other than 100 without calling the server, saves, then exports', async () => {
    const sent: GradebookWeight[][] = [];
    const exports: unknown[] = [];
    const machine = gradebookMachine.provide({
      actors: {
        loadGradebook: fromPromise<Gradebook, { sessionId: number }>(async () => book),
        saveWeights: fromPromise<Gradebook, { sessionId: number; weights: GradebookWeight[] }>(async ({ input: i }) => {
          sent.push(i.weights);
          return saved;
        }),
        exportCsv: fromPromise<void, { sessionId: number; lang: 'en' | 'ar' }>(async ({ input: i }) => {
          exports.push(i);
        }),
      },
    });
    const actor = createActor(machine, { input });
    const emitted: GradebookEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as GradebookEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().context.draft).toEqual({ 1: '50', 2: '50' });
    actor.send({ type: 'weight.changed', lessonId: 1, value: '70' });
    actor.send({ type: 'save' });
    expect(shownDraftProblem(actor.getSnapshot())).toBe('weights.sum');
    expect(draftTotal(actor.getSnapshot())).toBe(120);
    expect(sent).toEqual([]);
    actor.send({ type: 'weight.changed', lessonId: 2, value: '30' });
    actor.send({ type: 'save' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      [
        { lessonId: 1, weight: 70 },
        { lessonId: 2, weight: 30 },
      ],
    ]);
    expect(actor.getSnapshot().context.book).toEqual(saved);
    actor.send({ type: 'export' });
    await new Promise((r) => setTimeout(r, 0));
    expect(exports).toEqual([{ sessionId: 41, lang: 'ar' }]);
    expect(emitted).toEqual([{ type: 'weights.saved' }, { type: 'exported' }]);
    actor.stop();
  });

  it('starts loading the session of its input', () => {
    const { actors, starts } = pendingActors(['loadGradebook', 'saveWeights', 'exportCsv']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const actor = createActor(gradebookMachine.provide({ actors: actors as any }), { input }).start();
    expect(isLoading(actor.getSnapshot())).toBe(true);
    expect(starts).toEqual([['loadGradebook', { sessionId: 41 }]]);
    actor.stop();
  });
});
