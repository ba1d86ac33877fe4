import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type LabContext, type LabEmitted, labMachine, type Submission } from '@machines/lab.machine';
import { createLabActors } from '@machines/lab.actors';
import * as sel from '@machines/lab.selectors';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { describeModelBased } from './model';

const input = { lessonId: 7, sessionId: 41, starterCode: 'def f(n):\n    pass\n' };

const submission: Submission = {
  id: 90,
  assignmentId: 7,
  assignmentName: 'Pairs',
  sessionId: 41,
  kind: 'CODE',
  learner: { id: 3, name: 'Lina Kassem', pictureUrl: null },
  document: null,
  code: 'def f(n):\n    return n\n',
  language: 'python',
  results: [{ name: 'f(1)', passed: true, output: '' }],
  status: 'AUTOGRADED',
  grade: 30,
  points: 30,
  late: false,
  comment: null,
  submittedAt: '2031-05-06T10:00:00Z',
  gradedAt: '2031-05-06T10:00:00Z',
};
const run = { language: 'python' as const, passed: 1, total: 2, results: [] };
const draft = { code: 'def f(n):\n    return n\n', savedAt: '2031-05-06T09:59:00Z' };

const events: AnyEventObject[] = [
  { type: 'code.changed', code: 'def f(n):\n    return n\n' },
  { type: 'code.changed', code: '   ' },
  { type: 'draft.retried' },
  { type: 'run.requested' },
  { type: 'submit.requested' },
  { type: 'submit.confirmed' },
  { type: 'submit.cancelled' },
  { type: 'replace.requested', code: input.starterCode, reason: 'reset' },
  { type: 'replace.confirmed' },
  { type: 'replace.cancelled' },
  { type: 'xstate.done.actor.loadDraft', output: draft },
  { type: 'xstate.error.actor.loadDraft', error: { status: 503, serverMessage: 'Service unavailable' } },
  { type: 'xstate.done.actor.saveDraft', output: draft },
  { type: 'xstate.error.actor.saveDraft', error: { status: 0 } },
  { type: 'xstate.done.actor.runCode', output: run },
  { type: 'xstate.error.actor.runCode', error: { status: 429, serverMessage: 'At most 20 runs a minute' } },
  { type: 'xstate.done.actor.submitCode', output: submission },
  { type: 'xstate.error.actor.submitCode', error: { status: 409, serverMessage: 'The deadline has passed' } },
];

/** State identity: the regions, whether the code is blank and saved, what is pending and what was last seen. */
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context as LabContext;
  return JSON.stringify({
    value: s.value,
    blank: !c.code.trim(),
    saved: c.code === c.savedCode,
    replace: c.pendingReplace !== null,
  });
};

function checkState(s: AnyMachineSnapshot) {
  const snap = s as sel.LabSnapshot;
  const c = s.context as LabContext;
  expect(sel.isBusy(snap)).toBe(s.matches({ work: 'running' }) || s.matches({ work: 'submitting' }));
  expect(sel.canWork(snap)).toBe(s.matches({ editor: 'ready' }) && s.matches({ work: 'idle' }));
  expect(sel.isConfirmingSubmit(snap)).toBe(s.matches({ work: 'confirmingSubmit' }));
  expect(sel.pendingReplace(snap) !== null).toBe(s.matches({ work: 'confirmingReplace' }));
  const status = sel.draftStatus(snap);
  if (s.matches({ editor: { ready: 'saved' } })) expect(status).toBe('saved');
  if (s.matches({ editor: { ready: 'dirty' } }) || s.matches({ editor: { ready: 'saving' } }))
    expect(status).toBe('saving');
  // A saved state holds what the server has; a loaded draft wins over the starter code.
  if (s.matches({ editor: { ready: 'saved' } }) && c.savedCode !== null) expect(c.code).toBe(c.savedCode);
  if (s.matches({ editor: 'loadFailed' })) expect(sel.loadFailure(snap)?.status).toBe(503);
  // Nothing invalid is ever run or submitted.
  if (s.matches({ work: 'running' }) || s.matches({ work: 'submitting' }) || s.matches({ work: 'confirmingSubmit' }))
    expect(c.code.trim()).not.toBe('');
  if (sel.workFailure(snap)?.code === 'run.failed') expect(sel.workFailure(snap)?.status).toBe(429);
  if (sel.lastSubmission(snap)) expect(sel.lastSubmission(snap)?.id).toBe(90);
}

describeModelBased(labMachine, {
  name: 'lab.machine',
  input,
  events,
  serialize,
  actors: ['loadDraft', 'saveDraft', 'runCode', 'submitCode'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    for (const [name, got] of started) {
      if (name === 'loadDraft') expect(got).toEqual({ lessonId: 7, sessionId: 41 });
      else expect(got).toMatchObject({ lessonId: 7, sessionId: 41 });
    }
  },
});

describe('lab.machine with the real actors (fake fetch)', () => {
  it('restores the draft, saves a second after the last keystroke, runs without submitting, submits after confirming', async () => {
    let saved = draft.code;
    const mock = mockFetch({
      'GET /api/assignments/7/draft': () => json(200, { data: draft }),
      'PUT /api/assignments/7/draft': (request) =>
        request.json().then((b: { code: string }) => {
          saved = b.code;
          return json(200, { data: { code: b.code, savedAt: '2031-05-06T10:01:00Z' } });
        }),
      'POST /api/assignments/7/run': () => json(200, { data: run }),
      'POST /api/assignments/7/code': () => json(201, { data: submission }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(labMachine.provide({ actors: createLabActors(api) }), { input });
    const emitted: LabEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as LabEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.editorContent(actor.getSnapshot())).toEqual({ code: draft.code, revision: 1 });
    expect(sel.draftStatus(actor.getSnapshot())).toBe('saved');

    actor.send({ type: 'code.changed', code: 'def f(n):\n    return n + 1\n' });
    actor.send({ type: 'code.changed', code: 'def f(n):\n    return n + 2\n' });
    expect(sel.draftStatus(actor.getSnapshot())).toBe('saving');
    await new Promise((r) => setTimeout(r, 1600));
    expect(saved).toBe('def f(n):\n    return n + 2\n');
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(1); // debounced: one save for two keystrokes
    expect(sel.draftStatus(actor.getSnapshot())).toBe('saved');

    actor.send({ type: 'run.requested' });
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.lastRun(actor.getSnapshot())).toEqual(run);
    expect(mock.calls.some((c) => c.path.endsWith('/code'))).toBe(false);

    actor.send({ type: 'submit.requested' });
    expect(sel.isConfirmingSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'submit.confirmed' });
    await new Promise((r) => setTimeout(r, 20));
    expect(sel.lastSubmission(actor.getSnapshot())?.grade).toBe(30);
    expect(emitted.map((e) => e.type)).toEqual(['submitted']);

    actor.send({ type: 'replace.requested', code: input.starterCode, reason: 'reset' });
    actor.send({ type: 'replace.confirmed' });
    expect(sel.editorContent(actor.getSnapshot())).toEqual({ code: input.starterCode, revision: 2 });
    actor.stop();
  });
});
