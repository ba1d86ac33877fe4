import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type TopUpCard,
  type TopUpContext,
  type TopUpGateway,
  type TopUpResult,
  isTopUpAmount,
  topUpMachine,
} from '@machines/top-up.machine';
import {
  selectCanTopUp,
  selectCardFailure,
  selectCredited,
  selectTopUpFailure,
  selectTopUpView,
  selectUnknownOutcome,
} from '@machines/top-up.selectors';
import { describeModelBased } from './model';

const visa: TopUpCard = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };
const mastercard: TopUpCard = { ...visa, id: 'pm_mc', brand: 'mastercard', last4: '4444', isDefault: false };
const config: TopUpGateway = { gateway: 'sandbox', publishableKey: null, holdMinutes: 15, testCards: [] };
const topUp = (status: TopUpResult['status']): TopUpResult => ({
  id: 'tu_1',
  status,
  amount: 2500,
  currency: 'USD',
  paymentMethod: 'pm_visa',
  createdAt: '2031-05-01T10:00:00Z',
  lastPaymentError: null,
  nextAction: status === 'requires_action' ? { type: 'three_d_secure', url: '/x' } : null,
});

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.prepare', output: { cards: [visa], config } },
  { type: 'xstate.done.actor.prepare', output: { cards: [], config } },
  { type: 'xstate.error.actor.prepare', error: { status: 503, serverMessage: 'Down' } },
  { type: 'load.retried' },
  { type: 'amount.changed', amount: 2500 },
  { type: 'amount.changed', amount: 50 },
  { type: 'card.selected', cardId: 'pm_mc' },
  { type: 'card.selected', cardId: 'pm_visa' },
  { type: 'card.submitted', token: 'tok_mastercard' },
  { type: 'xstate.done.actor.addCard', output: mastercard },
  { type: 'xstate.error.actor.addCard', error: { status: 422, serverMessage: 'No such token' } },
  { type: 'topUp.submitted' },
  { type: 'xstate.done.actor.topUp', output: topUp('succeeded') },
  { type: 'xstate.done.actor.topUp', output: topUp('requires_action') },
  { type: 'xstate.error.actor.topUp', error: { status: 402, serverMessage: 'Your card was declined.' } },
  { type: 'xstate.error.actor.topUp', error: { status: 422, serverMessage: 'Unknown card' } },
  { type: 'xstate.error.actor.topUp', error: new TypeError('fetch failed') },
  { type: 'authentication.submitted', result: 'succeed' },
  { type: 'authentication.cancelled' },
  { type: 'xstate.done.actor.authenticate', output: topUp('succeeded') },
  { type: 'xstate.error.actor.authenticate', error: { status: 402, serverMessage: 'Authentication failed' } },
  { type: 'xstate.error.actor.authenticate', error: { status: 502 } },
  { type: 'topUp.retried' },
  { type: 'topUp.restarted' },
];

/** Attempts past 2 count as 2, so retries do not make the state graph endless. */
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context as TopUpContext;
  return JSON.stringify({ value: s.value, context: { ...c, attempt: Math.min(c.attempt, 2), key: c.key !== null } });
};

function checkStep(before: AnyMachineSnapshot, s: AnyMachineSnapshot, event: AnyEventObject) {
  const c = s.context as TopUpContext;
  const prev = before.context as TopUpContext;
  const snapshot = s as Parameters<typeof selectTopUpView>[0];
  // Only a charge in flight or one whose outcome is unknown holds a key.
  if (s.matches('charging')) {
    expect(c.key).toBe(`seed-${c.attempt}`);
    expect(isTopUpAmount(c.amount)).toBe(true);
    expect(c.cards.some((card) => card.id === c.cardId)).toBe(true);
    if (event.type === 'topUp.retried' && before.matches('failed') && prev.error?.code === 'unknown')
      expect(c.key).toBe(prev.key);
    else if (event.type === 'topUp.submitted' || event.type === 'topUp.retried')
      expect(c.attempt).toBe(prev.attempt + 1);
  }
  if (s.matches('failed')) {
    expect(c.error).not.toBeNull();
    expect(c.key === null).toBe(c.error?.code !== 'unknown');
    expect(selectUnknownOutcome(snapshot)).toBe(c.error?.code === 'unknown');
  }
  if (s.matches('credited')) {
    expect(selectCredited(snapshot)?.status).toBe('succeeded');
    expect(selectTopUpFailure(snapshot)).toBeNull();
  } else expect(selectCredited(snapshot)).toBeNull();
  if (s.matches('authenticating')) expect(c.topUp?.status).toBe('requires_action');
  // What the amount field shows is what is charged, also when it was typed while a card was checked.
  if (event.type === 'amount.changed' && (before.matches('choosing') || before.matches('addingCard')))
    expect(c.amount).toBe(event.amount);
  if (event.type === 'xstate.error.actor.addCard') expect(selectCardFailure(snapshot)?.code).toBe('card');
  expect(selectCanTopUp(snapshot)).toBe(
    s.matches('choosing') && isTopUpAmount(c.amount) && c.cards.some((card) => card.id === c.cardId),
  );
  expect(selectTopUpView(snapshot)).toBeTypeOf('string');
}

describeModelBased(topUpMachine, {
  name: 'top-up.machine',
  events,
  input: { amount: 2500, keySeed: 'seed' },
  serialize,
  actors: ['topUp', 'authenticate'],
  check: ({ snapshot, previous, event, starts }) => {
    checkStep(previous, snapshot, event);
    const c = snapshot.context as TopUpContext;
    // The charge carries the attempt's key, amount and card, nothing else.
    if (snapshot.matches('charging') && !previous.matches('charging'))
      expect(starts.at(-1)).toEqual(['topUp', { amount: c.amount, paymentMethod: c.cardId, idempotencyKey: c.key }]);
    if (snapshot.matches('verifying'))
      expect(starts.at(-1)).toEqual(['authenticate', { topUpId: 'tu_1', result: 'succeed' }]);
  },
  setup: ({ provide }) => {
    const credited: TopUpResult[] = [];
    return {
      machine: provide({ actions: { credited: (_, p: TopUpResult) => void credited.push(p) } }),
      done: ({ path }) => {
        // `credited` runs once per success, never for a 3-D Secure step or a failure.
        const successes = path.events.filter(
          (e) =>
            (e.type === 'xstate.done.actor.topUp' && e.output.status === 'succeeded') ||
            e.type === 'xstate.done.actor.authenticate',
        );
        expect(credited).toHaveLength(successes.length);
      },
    };
  },
});

describe('top-up.machine', () => {
  it('resends the same Idempotency-Key after no answer, and a new one after a decline', async () => {
    const keys: string[] = [];
    const answers: Array<() => Promise<TopUpResult>> = [
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.reject(Object.assign(new Error('declined'), { status: 402 })),
      () => Promise.resolve(topUp('succeeded')),
    ];
    const actor = createActor(
      topUpMachine.provide({
        actors: {
          prepare: fromPromise(async () => ({ cards: [visa], config })),
          topUp: fromPromise(
            ({ input }: { input: { amount: number; paymentMethod: string; idempotencyKey: string } }) => {
              keys.push(input.idempotencyKey);
              return answers.shift()!();
            },
          ),
        },
      }),
      { input: { amount: 2500, keySeed: 's' } },
    ).start();
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await settle();
    actor.send({ type: 'topUp.submitted' });
    actor.send({ type: 'topUp.submitted' }); // a double click while charging sends nothing
    await settle();
    actor.send({ type: 'topUp.retried' });
    await settle();
    actor.send({ type: 'topUp.retried' });
    await settle();
    expect(keys).toEqual(['s-1', 's-1', 's-2']);
    expect(actor.getSnapshot().matches('credited')).toBe(true);
    actor.stop();
  });

  it('charges the amount typed while a new card was being checked', async () => {
    let cardAdded: (card: TopUpCard) => void = () => {};
    const charged: number[] = [];
    const actor = createActor(
      topUpMachine.provide({
        actors: {
          prepare: fromPromise(async () => ({ cards: [] as TopUpCard[], config })),
          addCard: fromPromise(() => new Promise<TopUpCard>((resolve) => (cardAdded = resolve))),
          topUp: fromPromise(
            async ({ input }: { input: { amount: number; paymentMethod: string; idempotencyKey: string } }) => {
              charged.push(input.amount);
              return topUp('succeeded');
            },
          ),
        },
      }),
      { input: { amount: null, keySeed: 's' } },
    ).start();
    const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await settle();
    actor.send({ type: 'card.submitted', token: 'tok_visa' });
    actor.send({ type: 'amount.changed', amount: 2000 });
    cardAdded(visa);
    await settle();
    expect(selectCanTopUp(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'topUp.submitted' });
    await settle();
    expect(charged).toEqual([2000]);
    actor.stop();
  });

  it('refuses amounts out of the limits', () => {
    expect(isTopUpAmount(99)).toBe(false);
    expect(isTopUpAmount(100)).toBe(true);
    expect(isTopUpAmount(100_000)).toBe(true);
    expect(isTopUpAmount(100_001)).toBe(false);
    expect(isTopUpAmount(150.5)).toBe(false);
    expect(isTopUpAmount(null)).toBe(false);
  });
});
