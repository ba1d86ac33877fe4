import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type ModerationAction,
  type ModerationContext,
  type ModerationEmitted,
  type ModerationInput,
  type ModerationItem,
  moderationMachine,
} from '@machines/moderation.machine';
import type { SessionRequestBody } from '@machines/session-request.machine';
import { describeModelBased } from './model';
import { weekly, EVENING } from '../fixtures';

const pending: ModerationItem = { id: 41, status: 'PENDING' };
const approved: ModerationItem = { id: 42, status: 'APPROVED' };
/** A published course (admins unpublish it). */
const published: ModerationItem = { id: 43, status: 'PUBLISHED' };
const page = { items: [pending, approved, published], total: 3, page: 1, pageSize: 12 };

/** The statuses each confirmed action applies to (delete: any), as the machine's `canConfirm` says. */
const APPLIES_TO: Partial<Record<ModerationAction, string[]>> = {
  approve: ['PENDING'],
  reject: ['PENDING'],
  unpublish: ['PUBLISHED'],
  publish: ['APPROVED', 'UNPUBLISHED'],
};
const appliesTo = (action: ModerationAction, status: string) => APPLIES_TO[action]?.includes(status) ?? true;

const request: SessionRequestBody = {
  courseId: 12,
  startDate: '2031-05-05',
  endDate: '2031-06-27',
  timezone: 'America/New_York',
  schedule: weekly({ monday: EVENING }),
  maxSeats: 25,
  price: 149,
};

const ACTIONS: ModerationAction[] = ['approve', 'reject', 'delete', 'duplicate'];
const COURSE_ACTIONS: ModerationAction[] = ['approve', 'reject', 'unpublish', 'publish'];

/** Invoke results and user events the traversal may send (others are sent as `{ type }`). */
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadQueue', output: page },
  { type: 'xstate.error.actor.loadQueue', error: { status: 500, serverMessage: 'Boom' } },
  { type: 'queue.filtered', filter: { status: 'APPROVED', page: 1 } },
  { type: 'queue.reloaded' },
  ...[...ACTIONS, 'unpublish', 'publish'].flatMap((action) =>
    [pending, approved, published].map((item) => ({ type: 'moderation.requested', action, item })),
  ),
  { type: 'moderation.confirmed', message: '  ' },
  { type: 'moderation.confirmed', message: ' The schedule overlaps another session. ' },
  { type: 'moderation.cancelled' },
  { type: 'duplicate.submitted', request },
  { type: 'xstate.done.actor.approveItem', output: { ...pending, status: 'APPROVED' } },
  {
    type: 'xstate.error.actor.approveItem',
    error: { status: 400, serverMessage: 'The educator has no verified e-mail' },
  },
  { type: 'xstate.done.actor.rejectItem', output: { ...pending, status: 'REJECTED' } },
  { type: 'xstate.error.actor.rejectItem', error: { status: 409, serverMessage: 'Session is not pending' } },
  { type: 'xstate.done.actor.deleteItem', output: { id: 41 } },
  { type: 'xstate.error.actor.deleteItem', error: { status: 0 } },
  { type: 'xstate.done.actor.unpublishItem', output: { ...published, status: 'UNPUBLISHED' } },
  {
    type: 'xstate.error.actor.unpublishItem',
    error: { status: 409, serverMessage: 'Only a course that is PUBLISHED can be unpublished' },
  },
  { type: 'xstate.done.actor.publishItem', output: { ...approved, status: 'PUBLISHED' } },
  {
    type: 'xstate.error.actor.publishItem',
    error: { status: 403, serverMessage: 'You can only publish your own courses' },
  },
  { type: 'xstate.done.actor.duplicateItem', output: { id: 57 } },
  {
    type: 'xstate.error.actor.duplicateItem',
    error: {
      status: 422,
      serverMessage: 'endDate is before startDate',
      fieldErrors: { endDate: 'Must not be before startDate' },
    },
  },
];

const inputs: Array<[string, ModerationInput]> = [
  ['admin session queue', { filter: { status: 'PENDING', page: 1 }, actions: ACTIONS }],
  ['educator sessions', { filter: { page: 1 }, actions: ['duplicate', 'delete'] }],
  [
    'admin user list',
    { filter: { list: 'educators', status: 'PENDING', page: 1 }, actions: ['approve', 'reject', 'delete'] },
  ],
  ['admin course queue', { filter: { status: 'PENDING', page: 1 }, actions: COURSE_ACTIONS }],
];

const ACTORS = [
  'loadQueue',
  'approveItem',
  'rejectItem',
  'deleteItem',
  'duplicateItem',
  'unpublishItem',
  'publishItem',
];
const BUSY = [{ confirming: 'deciding' }, { duplicating: 'submitting' }] as const;

/** Invariants of every reachable state, by meaning. */
function checkState(s: AnyMachineSnapshot) {
  const c = s.context as ModerationContext;
  expect(s.hasTag('loading')).toBe(s.matches('loading'));
  expect(s.hasTag('busy')).toBe(BUSY.some((v) => s.matches(v)));
  if (s.matches('ready')) {
    expect(c.loaded).toBe(true);
    expect(c.target).toBeNull();
    expect(c.action).toBeNull();
    expect(c.error).toBeNull();
  }
  if (s.matches('loadFailed')) expect(c.error?.code).toBe('moderation.loadFailed');
  if (s.matches('confirming') || s.matches('duplicating')) {
    expect(c.target).not.toBeNull();
    expect(c.action).not.toBeNull();
    expect(c.actions).toContain(c.action);
    // Dialogs can be cancelled except while a call is in progress.
    expect(s.can({ type: 'moderation.cancelled' })).toBe(!s.hasTag('busy'));
  }
  if (s.matches('confirming')) {
    expect(c.action).not.toBe('duplicate');
    expect(appliesTo(c.action!, c.target!.status)).toBe(true);
  }
  if (s.matches('duplicating')) expect(c.action).toBe('duplicate');
  if (s.matches({ confirming: 'deciding' }) && ['reject', 'delete', 'unpublish'].includes(c.action!)) {
    expect(c.message.length).toBeGreaterThan(0);
    expect(c.message).toBe(c.message.trim());
  }
  if (s.matches({ confirming: 'failed' }) || s.matches({ duplicating: 'failed' })) {
    expect(c.error?.code).toBe(`moderation.${c.action}Failed`);
  }
  if (s.matches({ duplicating: 'submitting' })) expect(c.request).toEqual(request);
}

describeModelBased(moderationMachine, {
  name: 'moderation.machine',
  inputs: inputs.map(([name, input]) => ({ name, input })),
  events,
  actors: ACTORS,
  check: ({ snapshot, previous, event, index, started, path }) => {
    checkState(snapshot);
    const c = snapshot.context as ModerationContext;
    // Actor inputs: the list gets the current filter; actions get the item and the trimmed message.
    const fresh = [...started];
    if (index === 0) {
      // The first load starts with the actor, on the input's filter.
      expect(fresh[0]).toEqual(['loadQueue', (path.input as ModerationInput).filter]);
      fresh.shift();
    }
    for (const [name, input] of fresh) {
      if (name === 'loadQueue') expect(input).toEqual(c.filter);
      if (['approveItem', 'rejectItem', 'deleteItem', 'unpublishItem', 'publishItem'].includes(name)) {
        expect(input).toEqual({ item: c.target, message: c.message });
      }
      if (name === 'duplicateItem') expect(input).toEqual({ item: c.target, request });
    }
    const prev = previous.context as ModerationContext;
    // Reject, delete and unpublish are never sent without a message; approve and publish may be.
    if (
      event.type === 'moderation.confirmed' &&
      (previous.matches({ confirming: 'editing' }) || previous.matches({ confirming: 'failed' }))
    ) {
      const message = (event as unknown as { message: string }).message;
      if (!message.trim() && prev.action !== 'approve' && prev.action !== 'publish') {
        expect(snapshot.matches({ confirming: 'editing' })).toBe(true);
        expect(c.error?.code).toBe('moderation.messageRequired');
      } else {
        expect(snapshot.matches({ confirming: 'deciding' })).toBe(true);
        expect(c.action).toBe(prev.action);
      }
    }
    // A success reloads the list and closes the dialog; a failure keeps it open with the error.
    if (/^xstate\.done\.actor\.(approve|reject|delete|duplicate|unpublish|publish)Item$/.test(event.type)) {
      expect(snapshot.matches('loading')).toBe(true);
      expect(c.target).toBeNull();
    }
    if (/^xstate\.error\.actor\.(approve|reject|delete|duplicate|unpublish|publish)Item$/.test(event.type)) {
      const error = (event as unknown as { error: { status: number; serverMessage?: string } }).error;
      expect(c.target).toEqual(prev.target);
      expect(c.error?.status).toBe(error.status);
      expect(c.error?.message).toBe(error.serverMessage);
    }
    if (event.type === 'moderation.requested' && previous.matches('ready')) {
      const { action, item } = event as unknown as { action: ModerationAction; item: ModerationItem };
      const allowed = c.actions.includes(action) && appliesTo(action, item.status);
      expect(snapshot.matches('ready')).toBe(!allowed);
    }
  },
});

describe('moderation.machine (emitted facts and real actors)', () => {
  function start(input: ModerationInput, overrides: Record<string, unknown> = {}) {
    const calls: Array<[string, unknown]> = [];
    const ok = (name: string, output: unknown) =>
      fromPromise(async ({ input }: { input: unknown }) => {
        calls.push([name, input]);
        return output;
      });
    const machine = moderationMachine.provide({
      actors: {
        loadQueue: ok('loadQueue', page),
        approveItem: ok('approveItem', { ...pending, status: 'APPROVED' }),
        rejectItem: ok('rejectItem', { ...pending, status: 'REJECTED' }),
        deleteItem: ok('deleteItem', { id: pending.id }),
        duplicateItem: ok('duplicateItem', { id: 57 }),
        ...overrides,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
      } as any,
    });
    const actor = createActor(machine, { input });
    const emitted: ModerationEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as ModerationEmitted));
    actor.start();
    return { actor, emitted, calls };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('approve: emits moderation.succeeded and reloads the queue', async () => {
    const { actor, emitted, calls } = start(inputs[0]![1]);
    await settle();
    actor.send({ type: 'moderation.requested', action: 'approve', item: pending });
    actor.send({ type: 'moderation.confirmed', message: '' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    await settle();
    expect(emitted).toEqual([{ type: 'moderation.succeeded', action: 'approve', item: pending }]);
    expect(calls.map(([n]) => n)).toEqual(['loadQueue', 'approveItem', 'loadQueue']);
    expect(calls[1]![1]).toEqual({ item: pending, message: '' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('course queue: unpublish needs a message, then calls unpublishItem; publish goes without one', async () => {
    const { actor, emitted, calls } = start(inputs[3]![1], {
      unpublishItem: fromPromise(async ({ input }: { input: unknown }) => {
        calls.push(['unpublishItem', input]);
        return { ...published, status: 'UNPUBLISHED' };
      }),
      publishItem: fromPromise(async ({ input }: { input: unknown }) => {
        calls.push(['publishItem', input]);
        return { ...approved, status: 'PUBLISHED' };
      }),
    });
    await settle();
    // Unpublish applies to a published course only.
    actor.send({ type: 'moderation.requested', action: 'unpublish', item: pending });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'moderation.requested', action: 'unpublish', item: published });
    actor.send({ type: 'moderation.confirmed', message: '   ' });
    expect(actor.getSnapshot().context.error).toEqual({ code: 'moderation.messageRequired' });
    actor.send({ type: 'moderation.confirmed', message: ' Outdated material ' });
    await settle();
    await settle();
    actor.send({ type: 'moderation.requested', action: 'publish', item: approved });
    actor.send({ type: 'moderation.confirmed', message: '' });
    await settle();
    await settle();
    expect(calls.filter(([n]) => n !== 'loadQueue')).toEqual([
      ['unpublishItem', { item: published, message: 'Outdated material' }],
      ['publishItem', { item: approved, message: '' }],
    ]);
    expect(emitted.map((e) => e.type === 'moderation.succeeded' && e.action)).toEqual(['unpublish', 'publish']);
  });

  it('reject failure: emits moderation.failed with status and server message, dialog stays open', async () => {
    const { actor, emitted } = start(inputs[2]![1], {
      rejectItem: fromPromise(async () => {
        throw { status: 400, serverMessage: 'Message too short' };
      }),
    });
    await settle();
    actor.send({ type: 'moderation.requested', action: 'reject', item: pending });
    actor.send({ type: 'moderation.confirmed', message: 'No résumé' });
    await settle();
    expect(actor.getSnapshot().matches({ confirming: 'failed' })).toBe(true);
    expect(emitted).toEqual([
      {
        type: 'moderation.failed',
        action: 'reject',
        item: pending,
        error: { code: 'moderation.rejectFailed', status: 400, message: 'Message too short' },
      },
    ]);
    expect(actor.getSnapshot().context.message).toBe('No résumé');
  });

  it('a failed load emits queue.failed', async () => {
    const { actor, emitted } = start(inputs[1]![1], {
      loadQueue: fromPromise(async () => {
        throw { status: 500 };
      }),
    });
    await settle();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(emitted).toEqual([{ type: 'queue.failed', error: { code: 'moderation.loadFailed', status: 500 } }]);
  });

  it('an educator cannot approve, and nobody approves a session that is not pending', async () => {
    const educator = start(inputs[1]![1]);
    await settle();
    expect(educator.actor.getSnapshot().can({ type: 'moderation.requested', action: 'approve', item: pending })).toBe(
      false,
    );
    expect(
      educator.actor.getSnapshot().can({ type: 'moderation.requested', action: 'duplicate', item: approved }),
    ).toBe(true);
    const admin = start(inputs[0]![1]);
    await settle();
    expect(admin.actor.getSnapshot().can({ type: 'moderation.requested', action: 'approve', item: approved })).toBe(
      false,
    );
    expect(admin.actor.getSnapshot().can({ type: 'moderation.requested', action: 'delete', item: approved })).toBe(
      true,
    );
  });
});
