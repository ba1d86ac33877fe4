import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CheckoutInput, CheckoutOutput, PaymentResult } from '@machines/checkout.machine';
import { type EnrollmentContext, type EnrollmentInput, enrollmentMachine } from '@machines/enrollment.machine';
import { describeModelBased, pendingActors } from './model';

const SEED = 'test-seed';
const paid: PaymentResult = { id: 'pi_1', status: 'succeeded', amount: 15695, enrollmentId: 301 };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.checkout', output: { outcome: 'paid', payment: paid } },
  { type: 'xstate.done.actor.checkout', output: { outcome: 'full' } },
  { type: 'xstate.done.actor.checkout', output: { outcome: 'canceled', releaseFailed: false, heldUntil: null } },
  {
    type: 'xstate.done.actor.checkout',
    output: { outcome: 'canceled', releaseFailed: true, heldUntil: '2031-03-01T10:15:00Z' },
  },
  { type: 'xstate.error.actor.checkout', error: new Error('checkout crashed') },
  { type: 'xstate.done.actor.enroll', output: { id: 301, sessionId: 41, paidAmount: 15695 } },
  { type: 'xstate.error.actor.enroll', error: { status: 409, serverMessage: 'Session is full' } },
  { type: 'xstate.error.actor.enroll', error: { status: 402, serverMessage: 'Payment required' } },
];

const inputs: Array<[string, EnrollmentInput]> = [
  ['free', { session: { id: 40, price: 0, seatsLeft: 5 }, keySeed: SEED }],
  ['paid', { session: { id: 41, price: 149, seatsLeft: 7 }, keySeed: SEED }],
  ['full', { session: { id: 42, price: 149, seatsLeft: 0 }, keySeed: SEED }],
  ['enrolled', { session: { id: 43, price: 149, seatsLeft: 0 }, enrolled: true, keySeed: SEED }],
];

/**
 * Checkout runs grow without bound (each gets its own key seed); the traversal identifies states
 * by whether one started, the replay still checks the real values.
 */
const serializeState = (s: AnyMachineSnapshot) => {
  const { checkoutRun, ...rest } = s.context as EnrollmentContext;
  return JSON.stringify({ value: s.value, context: { ...rest, started: checkoutRun > 0 } });
};

const ACTORS = ['checkout', 'enroll'];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as EnrollmentContext;
  expect(s.hasTag('loading')).toBe(s.matches('enrolling'));
  expect(s.matches('checking')).toBe(false); // transient
  if (s.matches('enrolled')) expect(c.enrolled).toBe(true);
  if (s.matches('full')) expect(c.session.seatsLeft).toBe(0);
  if (s.matches('idle')) {
    expect(c.error).toBeNull();
    expect(s.can({ type: 'enrollment.requested' })).toBe(true);
  }
  // The checkout child runs exactly while in `checkout` (it is the paid sessions' payment).
  expect(Boolean(s.children.checkout)).toBe(s.matches('checkout'));
  if (s.matches('checkout')) {
    expect(c.session.price).toBeGreaterThan(0);
    expect(c.checkoutRun).toBeGreaterThan(0);
  }
  if (s.matches('failed')) {
    expect(c.error).not.toBeNull();
    expect(s.can({ type: 'enrollment.retried' })).toBe(true);
  }
  expect(s.can({ type: 'enrollment.reset' })).toBe(true);
}

const { pathsByInput } = describeModelBased(enrollmentMachine, {
  name: 'enrollment.machine',
  inputs: inputs.map(([name, input]) => ({ name, input })),
  events,
  serialize: serializeState,
  actors: ACTORS,
  check: ({ snapshot, previous, event }) => {
    checkState(snapshot);
    const c = snapshot.context as EnrollmentContext;
    if (event.type === 'xstate.done.actor.checkout') {
      const output = (event as unknown as { output: CheckoutOutput }).output;
      if (output.outcome === 'paid') {
        expect(snapshot.matches('enrolling')).toBe(true);
        expect(c.payment).toEqual(output.payment);
      }
      if (output.outcome === 'full') expect(snapshot.matches('full')).toBe(true);
      if (output.outcome === 'canceled') {
        expect(snapshot.matches('idle')).toBe(true);
        expect(c.notice).toEqual(
          output.releaseFailed ? { code: 'enrollment.holdNotReleased', heldUntil: output.heldUntil } : null,
        );
      }
    }
    if (
      event.type.startsWith('xstate.error.actor.') &&
      (event as unknown as { error: { status: number } }).error.status === 409
    ) {
      expect(snapshot.matches('full')).toBe(true);
    }
    if (event.type === 'enrollment.requested' && previous.matches('idle')) {
      expect(snapshot.matches(c.session.price > 0 ? 'checkout' : 'enrolling')).toBe(true);
    }
    if (event.type === 'enrollment.reset') {
      expect(c.payment).toBeNull();
      expect(c.enrollment).toBeNull();
      expect(c.error).toBeNull();
    }
    if (snapshot.matches('failed') && event.type.startsWith('xstate.error.actor.')) {
      const message = (event as unknown as { error: { serverMessage?: string } }).error.serverMessage;
      if (message) expect(c.error!.message).toBe(message);
    }
  },
  setup: () => {
    const seeds: string[] = [];
    return {
      check: ({ snapshot, started }) => {
        const c = snapshot.context as EnrollmentContext;
        for (const [name, input] of started) {
          if (name === 'checkout') {
            const i = input as CheckoutInput;
            expect(i).toEqual({ sessionId: c.session.id, price: c.session.price, keySeed: `${SEED}-${c.checkoutRun}` });
            // Every checkout run has its own key seed: two runs never share an Idempotency-Key.
            expect(seeds).not.toContain(i.keySeed);
            seeds.push(i.keySeed!);
          }
          if (name === 'enroll') expect(input).toEqual({ sessionId: c.session.id });
        }
      },
    };
  },
});

describe('enrollment.machine (inputs)', () => {
  it('initial states follow the input', () => {
    const initial = Object.fromEntries(pathsByInput.map(([name, paths]) => [name, paths[0]!.initial.value]));
    expect(initial).toEqual({ free: 'idle', paid: 'idle', full: 'full', enrolled: 'enrolled' });
  });
});

describe('enrollment.machine (specific paths)', () => {
  const paidPaths = pathsByInput.find(([n]) => n === 'paid')![1];
  it('paid happy path: checkout (paid) → enroll → enrolled', () => {
    const path = paidPaths.find(
      (p) =>
        p.states.at(-1)!.matches('enrolled') &&
        p.events.some((e) => e.type === 'xstate.done.actor.checkout') &&
        p.events.length === 3,
    );
    expect(path!.events.map((e) => e.type)).toEqual([
      'enrollment.requested',
      'xstate.done.actor.checkout',
      'xstate.done.actor.enroll',
    ]);
    const end = path!.states.at(-1)!.context as EnrollmentContext;
    expect(end.enrollment).toEqual({ id: 301, sessionId: 41, paidAmount: 15695 });
    expect(end.payment?.status).toBe('succeeded');
  });

  it('runs the real checkout machine as its child, with its own key seed', async () => {
    const { createActor } = await import('xstate');
    const { actors } = pendingActors(['enroll']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const actor = createActor(enrollmentMachine.provide({ actors: actors as any }), {
      input: { session: { id: 41, price: 149, seatsLeft: 7 }, keySeed: SEED },
    }).start();
    actor.send({ type: 'enrollment.requested' });
    const child = actor.getSnapshot().children.checkout!;
    expect(child.getSnapshot().value).toBe('preparing');
    expect(child.getSnapshot().context.keySeed).toBe(`${SEED}-1`);
    child.send({ type: 'checkout.retried' }); // ignored while preparing
    expect(actor.getSnapshot().value).toBe('checkout');
    actor.stop();
  });
});
