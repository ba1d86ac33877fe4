import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type PayoutContext, type PayoutResult, isRefusal, payoutMachine } from '@machines/payout.machine';
import { isPayingOut, isRetryOfUnknownPayout, payoutFailure, payoutMade } from '@machines/payout.selectors';
import { describeModelBased } from './model';

const paid: PayoutResult = {
  id: 'po_1',
  amount: 14900,
  status: 'paid',
  externalAccountId: 'ba_1',
  createdAt: '2031-05-01T10:00:00Z',
};

const events: AnyEventObject[] = [
  { type: 'payout.requested', key: 'key-1' },
  { type: 'payout.requested', key: 'key-2' },
  { type: 'xstate.done.actor.payout', output: paid },
  { type: 'xstate.error.actor.payout', error: { status: 422, serverMessage: 'Nothing to pay out' } },
  { type: 'xstate.error.actor.payout', error: { status: 503, serverMessage: 'Gateway unavailable' } },
  { type: 'xstate.error.actor.payout', error: new TypeError('fetch failed') },
];

/** The invariants of every state, and the key rule across each step. */
function checkStep(before: AnyMachineSnapshot, s: AnyMachineSnapshot, event: AnyEventObject) {
  const c = s.context as PayoutContext;
  const prev = before.context as PayoutContext;
  expect(isPayingOut(s)).toBe(s.matches('paying'));
  expect(isRetryOfUnknownPayout(s)).toBe(s.matches({ failed: 'unknown' }));
  if (s.matches('paying')) {
    expect(c.key).not.toBeNull();
    expect(c.error).toBeNull();
    if (event.type === 'payout.requested') {
      // A retry after an unknown outcome resends that attempt's key; a new attempt uses the event's key.
      expect(c.key).toBe(before.matches({ failed: 'unknown' }) ? prev.key : event.key);
    }
  }
  if (s.matches('paid')) {
    expect(c.key).toBeNull();
    expect(payoutMade(s)).toEqual(paid);
    expect(payoutFailure(s)).toBeNull();
  } else expect(payoutMade(s)).toBeNull();
  if (s.matches({ failed: 'refused' })) {
    expect(c.key).toBeNull();
    expect(payoutFailure(s)).toEqual({ code: 'payout.refused', status: 422, message: 'Nothing to pay out' });
  }
  if (s.matches({ failed: 'unknown' })) {
    expect(c.key).toBe(prev.key);
    expect(c.key).not.toBeNull();
    expect(payoutFailure(s)?.code).toBe('payout.unknown');
  }
  if (!s.matches('failed')) expect(payoutFailure(s)).toBeNull();
}

describeModelBased(payoutMachine, {
  name: 'payout.machine',
  events,
  actors: ['payout'],
  check: ({ snapshot, previous, event, starts }) => {
    checkStep(previous, snapshot, event);
    // The call carries the key of the attempt, never anything else.
    if (snapshot.matches('paying'))
      expect(starts.at(-1)).toEqual(['payout', { key: (snapshot.context as PayoutContext).key }]);
  },
  setup: ({ provide }) => {
    const sent: PayoutResult[] = [];
    return {
      machine: provide({ actions: { payoutSent: (_, params: PayoutResult) => void sent.push(params) } }),
      done: ({ path, snapshots, starts }) => {
        // `payoutSent` runs once per payout made, with it.
        expect(sent).toEqual(path.events.filter((e) => e.type === 'xstate.done.actor.payout').map(() => paid));
        // One call per entry into `paying` (a click while paying sends nothing).
        const entries = snapshots.filter(
          (s, i) => s.matches('paying') && !(i > 0 ? snapshots[i - 1]! : path.initial).matches('paying'),
        );
        expect(starts).toHaveLength(entries.length);
      },
    };
  },
});

describe('payout.machine', () => {
  it('a refusal is an answered 4xx; no answer, 5xx or a network error is an unknown outcome', () => {
    expect(isRefusal({ status: 409 })).toBe(true);
    expect(isRefusal({ status: 422 })).toBe(true);
    expect(isRefusal({ status: 500 })).toBe(false);
    expect(isRefusal({ status: 0 })).toBe(false);
    expect(isRefusal(new TypeError('fetch failed'))).toBe(false);
  });

  it('resends the same Idempotency-Key after an unknown outcome, and a new one after a refusal or a payout', async () => {
    const keys: string[] = [];
    const answers: Array<() => Promise<PayoutResult>> = [
      () => Promise.reject(Object.assign(new Error('Bad gateway'), { status: 502 })),
      () => Promise.reject(Object.assign(new Error('Nothing to pay'), { status: 422 })),
      () => Promise.resolve(paid),
      () => Promise.resolve(paid),
    ];
    const actor = createActor(
      payoutMachine.provide({
        actors: {
          payout: fromPromise(({ input }: { input: { key: string } }) => (keys.push(input.key), answers.shift()!())),
        },
      }),
    ).start();
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    for (const key of ['a', 'b', 'c', 'd']) {
      actor.send({ type: 'payout.requested', key });
      actor.send({ type: 'payout.requested', key: `${key}-double-click` }); // ignored while paying
      await settle();
    }
    expect(keys).toEqual(['a', 'a', 'c', 'd']);
    actor.stop();
  });
});
