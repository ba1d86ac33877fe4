import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { type CancelEnrollmentContext, cancelEnrollmentMachine } from '@machines/cancel-enrollment.machine';
import {
  canConfirm,
  destinationOf,
  errorOf,
  isBusy,
  isCancelled,
  isCancelling,
  isDialogOpen,
  isQuoting,
  quoteFailed,
  quoteOf,
  wasAlreadyCancelled,
} from '@machines/cancel-enrollment.selectors';
import { describeModelBased } from './model';

/**
 * The cancel-and-refund statechart, model-based: every transition of the real machine is walked,
 * with a quote that can only go to the wallet (before the first day) and one the card may take (a
 * share of the price), a refusal of the quote, a refusal of the cancellation (409: already
 * cancelled; 500 and no answer: try again) and its success.
 */
const sessionId = 41;
const policy = { partialPercent: 50, partialDays: 7 };
const walletOnly = {
  sessionId,
  enrollmentId: 310,
  courseTitle: 'Modern web apps with React',
  startDate: '2031-03-03',
  paid: 5299,
  amount: 5299,
  stage: 'FULL',
  percent: 100,
  partialUntil: '2031-03-09',
  destinations: ['wallet'],
  card: null,
  policy,
};
const toCard = {
  ...walletOnly,
  amount: 2500,
  stage: 'PARTIAL',
  percent: 50,
  destinations: ['wallet', 'card'],
  card: { brand: 'visa', last4: '4242' },
};
const refund = {
  id: 're_1',
  sessionId,
  enrollmentId: 310,
  userId: 12,
  amount: 2500,
  stage: 'PARTIAL',
  percent: 50,
  destination: 'card',
  status: 'succeeded',
  createdAt: '2031-03-04T10:00:00Z',
};

const events: AnyEventObject[] = [
  { type: 'cancel.opened' },
  { type: 'cancel.retried' },
  { type: 'cancel.closed' },
  { type: 'cancel.confirmed' },
  { type: 'cancel.destinationChosen', destination: 'card' },
  { type: 'cancel.destinationChosen', destination: 'wallet' },
  { type: 'xstate.done.actor.loadQuote', output: walletOnly },
  { type: 'xstate.done.actor.loadQuote', output: toCard },
  { type: 'xstate.error.actor.loadQuote', error: new TypeError('fetch failed') },
  { type: 'xstate.done.actor.cancelEnrollment', output: refund },
  {
    type: 'xstate.error.actor.cancelEnrollment',
    error: { status: 409, serverMessage: 'Your enrollment in this session is already cancelled' },
  },
  { type: 'xstate.error.actor.cancelEnrollment', error: { status: 500, serverMessage: 'Internal error' } },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as CancelEnrollmentContext;
  const snap = s as Parameters<typeof isBusy>[0];
  expect(c.sessionId).toBe(sessionId);
  expect(isDialogOpen(snap)).toBe(!s.matches('idle') && !s.matches('cancelled'));
  expect(isBusy(snap)).toBe(s.matches('quoting') || s.matches('cancelling'));
  expect(isQuoting(snap)).toBe(s.matches('quoting'));
  expect(quoteFailed(snap)).toBe(s.matches('quoteFailed'));
  expect(canConfirm(snap)).toBe(s.matches('confirming'));
  expect(isCancelling(snap)).toBe(s.matches('cancelling'));
  expect(isCancelled(snap)).toBe(s.matches('cancelled'));
  expect(wasAlreadyCancelled(snap)).toBe(s.matches('alreadyCancelled'));
  // The destination is always one the quote offers (the wallet when it offers one only).
  const quote = quoteOf(snap);
  if (quote) expect(quote.destinations).toContain(destinationOf(snap));
  else expect(destinationOf(snap)).toBe('wallet');
  if (s.matches('idle')) expect(c).toMatchObject({ quote: null, refund: null, error: null });
  if (s.matches('quoting')) expect(errorOf(snap)).toBeNull();
  if (s.matches('quoteFailed')) expect(errorOf(snap)?.code).toBe('quote.failed');
  if (s.matches('confirming') || s.matches('cancelling')) expect(quote).not.toBeNull();
  if (s.matches('cancelled')) expect(c.refund).toEqual(refund);
  if (s.matches('alreadyCancelled')) {
    expect(errorOf(snap)).toMatchObject({ code: 'cancel.failed', status: 409 });
    expect(errorOf(snap)?.message).toBe('Your enrollment in this session is already cancelled');
  }
}

describeModelBased(cancelEnrollmentMachine, {
  name: 'cancel-enrollment.machine',
  input: { sessionId },
  events,
  actors: ['loadQuote', 'cancelEnrollment'],
  check: ({ snapshot, previous, started, event }) => {
    checkState(snapshot);
    // A card the quote does not offer is never chosen.
    if (event.type === 'cancel.destinationChosen' && !previous.context.quote?.destinations.includes(event.destination))
      expect(snapshot.context.destination).toBe(previous.context.destination);
    // A failed cancellation keeps the dialog with the quote and says why.
    if (event.type === 'xstate.error.actor.cancelEnrollment' && snapshot.matches('confirming'))
      expect(snapshot.context.error).toMatchObject({ code: 'cancel.failed', status: 500 });
    for (const [name, input] of started) {
      if (name === 'loadQuote') expect(input).toEqual({ sessionId });
      else expect(input).toEqual({ sessionId, destination: snapshot.context.destination });
    }
  },
});
