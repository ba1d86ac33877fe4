import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type GradeSubmissionInput,
  type GradingContext,
  type GradingEmitted,
  gradingMachine,
  type Submission,
} from '@machines/grading.machine';
import { createGradingActors } from '@machines/grading.actors';
import {
  type GradingSnapshot,
  canReload,
  gradeFailure,
  gradingTarget,
  isLoading,
  isSavingGrade,
  loadFailed,
} from '@machines/grading.selectors';
import { validateGrade } from '@machines/grading.form';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { describeModelBased } from './model';

const input = { sessionId: 41 };

function submission(id: number, patch: Partial<Submission> = {}): Submission {
  return {
    id,
    assignmentId: 503,
    assignmentName: 'Single-page quiz game',
    sessionId: 41,
    kind: 'DOCUMENT',
    learner: { id: 20 + id, name: `Learner ${id}`, pictureUrl: null },
    document: { url: `/uploads/submissions/${id}.pdf`, fileName: `report-${id}.pdf` },
    code: null,
    results: null,
    points: 100,
    late: false,
    status: 'SUBMITTED',
    grade: null,
    comment: null,
    submittedAt: '2031-03-10T20:15:00Z',
    gradedAt: null,
    ...patch,
  };
}

const listed = [submission(77), submission(78, { status: 'DONE', grade: 80, comment: 'Good' })];
const graded = submission(77, {
  status: 'DONE',
  grade: 92,
  comment: 'Well structured',
  gradedAt: '2031-03-12T09:00:00Z',
});

const events: AnyEventObject[] = [
  { type: 'submissions.retried' },
  { type: 'submissions.reloaded' },
  { type: 'grading.opened', submissionId: 77 },
  { type: 'grading.opened', submissionId: 999 },
  { type: 'grading.submitted', grade: '92', comment: ' Well structured ' },
  { type: 'grading.submitted', grade: '120', comment: '' },
  { type: 'grading.closed' },
  { type: 'xstate.done.actor.loadSubmissions', output: listed },
  {
    type: 'xstate.error.actor.loadSubmissions',
    error: { status: 503, serverMessage: 'Service unavailable, try again later' },
  },
  { type: 'xstate.done.actor.gradeSubmission', output: graded },
  {
    type: 'xstate.error.actor.gradeSubmission',
    error: {
      status: 422,
      serverMessage: 'The grade cannot exceed the assignment points (100)',
      fieldErrors: { grade: 'is too high' },
    },
  },
];

function checkState(s: AnyMachineSnapshot) {
  // Selectors (machines/grading.selectors.ts): reload only on a loaded list without a dialog; the
  // dialog's target and failure only while it is open.
  const snap = s as GradingSnapshot;
  expect(canReload(snap)).toBe(s.matches({ loaded: 'idle' }) || s.matches({ loaded: 'saved' }));
  expect(loadFailed(snap)).toBe(s.matches('failed'));
  expect(isLoading(snap)).toBe(s.matches('loading'));
  expect(isSavingGrade(snap)).toBe(s.matches({ loaded: 'saving' }));
  if (!s.hasTag('dialogOpen')) expect(gradingTarget(snap)).toBeUndefined();
  else expect(gradingTarget(snap)?.id).toBe(s.context.target);
  expect(gradeFailure(snap)).toBe(s.matches({ loaded: 'failed' }) ? s.context.saveError : null);
  const c = s.context as GradingContext;
  expect(s.hasTag('loading')).toBe(s.matches('loading'));
  expect(s.hasTag('saving')).toBe(s.matches({ loaded: 'saving' }));
  expect(s.hasTag('dialogOpen')).toBe(
    s.matches({ loaded: 'editing' }) || s.matches({ loaded: 'saving' }) || s.matches({ loaded: 'failed' }),
  );
  if (s.matches('failed'))
    expect(c.loadError).toEqual({
      code: 'submissions.failed',
      status: 503,
      message: 'Service unavailable, try again later',
    });
  if (s.matches('loaded')) expect(c.submissions.map((x) => x.id)).toEqual([77, 78]);
  if (s.hasTag('dialogOpen')) expect(c.target).toBe(77);
  if (s.matches({ loaded: 'idle' }) || s.matches({ loaded: 'saved' })) {
    expect(c.target).toBeNull();
    expect(c.issues).toEqual({});
    expect(c.saveError).toBeNull();
  }
  if (s.matches({ loaded: 'saving' })) {
    expect(c.draft).toEqual({ grade: '92', comment: ' Well structured ' });
    expect(c.issues).toEqual({});
  }
  if (s.matches({ loaded: 'saved' })) {
    expect(c.lastSaved).toBe(77);
    expect(c.submissions[0]).toEqual(graded);
  }
  if (s.matches({ loaded: 'failed' })) {
    expect(c.saveError).toEqual({
      code: 'grade.failed',
      status: 422,
      message: 'The grade cannot exceed the assignment points (100)',
      fieldErrors: { grade: 'is too high' },
    });
  }
  // An invalid draft is never sent: the issues are those of the rules.
  if (s.matches({ loaded: 'editing' }) && c.draft.grade === '120')
    expect(c.issues).toEqual({ grade: { code: 'max', limit: 100 } });
}

describeModelBased(gradingMachine, {
  name: 'grading.machine',
  input,
  events,
  actors: ['loadSubmissions', 'gradeSubmission'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    for (const [name, got] of started) {
      if (name === 'loadSubmissions') expect(got).toEqual({ sessionId: 41 });
      if (name === 'gradeSubmission') expect(got).toEqual({ submissionId: 77, grade: 92, comment: 'Well structured' });
    }
  },
  setup: () => ({
    // The first actor started is always the list.
    done: ({ starts }) => expect(starts[0]?.[0]).toBe('loadSubmissions'),
  }),
});

describe('grade-form rules (valibot, mirror of the server)', () => {
  it('accepts 0 … points, decimals too; refuses empty, negative, text and more than the points', () => {
    expect(validateGrade({ grade: '0', comment: '' }, 100)).toEqual({});
    expect(validateGrade({ grade: '100', comment: '' }, 100)).toEqual({});
    expect(validateGrade({ grade: '92.5', comment: 'ok' }, 100)).toEqual({});
    expect(validateGrade({ grade: ' ', comment: '' }, 100)).toEqual({ grade: { code: 'required' } });
    expect(validateGrade({ grade: '-1', comment: '' }, 100)).toEqual({ grade: { code: 'number' } });
    expect(validateGrade({ grade: 'ten', comment: '' }, 100)).toEqual({ grade: { code: 'number' } });
    expect(validateGrade({ grade: '100.5', comment: '' }, 100)).toEqual({ grade: { code: 'max', limit: 100 } });
    expect(validateGrade({ grade: '5', comment: 'x'.repeat(5001) }, 10)).toEqual({
      comment: { code: 'tooLong', limit: 5000 },
    });
  });
});

describe('grading.machine with the real actors (fake fetch)', () => {
  it('loads every page, grades, and emits the facts of the toasts', async () => {
    const many = Array.from({ length: 130 }, (_, i) => submission(i + 1));
    const mock = mockFetch({
      'GET /api/sessions/41/submissions': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const items = many.slice((page - 1) * 100, page * 100);
        return json(200, { data: { items, total: many.length, page, pageSize: 100 } });
      },
      'PATCH /api/submissions/2': (_r, call) =>
        call === 1
          ? json(422, { message: 'The grade cannot exceed the assignment points (100)' })
          : json(200, { data: submission(2, { status: 'DONE', grade: 50, comment: null }) }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(gradingMachine.provide({ actors: createGradingActors(api) }), { input });
    const emitted: GradingEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as GradingEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.submissions).toHaveLength(130);
    expect(mock.calls.map((c) => c.path)).toEqual([
      '/api/sessions/41/submissions?page=1&pageSize=100',
      '/api/sessions/41/submissions?page=2&pageSize=100',
    ]);

    actor.send({ type: 'grading.opened', submissionId: 2 });
    actor.send({ type: 'grading.submitted', grade: '50', comment: '' });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ loaded: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.saveError?.message).toBe('The grade cannot exceed the assignment points (100)');
    actor.send({ type: 'grading.submitted', grade: '50', comment: '  ' });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ loaded: 'saved' })).toBe(true);
    expect(JSON.parse(mock.calls.at(-1)!.body!)).toEqual({ grade: 50, comment: null });
    expect(actor.getSnapshot().context.submissions[1]).toMatchObject({ id: 2, status: 'DONE', grade: 50 });
    expect(emitted.map((e) => e.type)).toEqual(['grade.failed', 'grade.saved']);
  });

  it('a failed list emits submissions.failed and can be retried', async () => {
    let calls = 0;
    const machine = gradingMachine.provide({
      actors: {
        loadSubmissions: fromPromise<Submission[], { sessionId: number }>(async () => {
          calls++;
          if (calls === 1) throw { status: 500 };
          return listed;
        }),
        gradeSubmission: fromPromise<Submission, GradeSubmissionInput>(async () => graded),
      },
    });
    const actor = createActor(machine, { input });
    const emitted: GradingEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as GradingEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'submissions.retried' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(emitted).toEqual([{ type: 'submissions.failed', error: { code: 'submissions.failed', status: 500 } }]);
  });
});
