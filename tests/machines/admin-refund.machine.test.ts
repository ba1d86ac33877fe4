import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type AdminRefundContext, adminRefundMachine, refundMessageIssue } from '@machines/admin-refund.machine';
import { errorOf, isDialogOpen, isRefunded, isRefunding, issueOf } from '@machines/admin-refund.selectors';
import { describeModelBased } from './model';

/** An admin's refund of one enrollment, model-based: every transition of the real machine is walked. */
const input = { sessionId: 41, learnerId: 12 };
const message = 'The meeting links did not work in your first week.';
const refund = {
  id: 're_1',
  sessionId: 41,
  enrollmentId: 310,
  userId: 12,
  amount: 5299,
  stage: 'FULL',
  percent: 100,
  destination: 'card',
  status: 'succeeded',
  createdAt: '2031-03-04T10:00:00Z',
};

const events: AnyEventObject[] = [
  { type: 'refund.opened' },
  { type: 'refund.submitted', message: `  ${message} ` },
  { type: 'refund.submitted', message: '   ' },
  { type: 'refund.closed' },
  { type: 'xstate.done.actor.refundEnrollment', output: refund },
  {
    type: 'xstate.error.actor.refundEnrollment',
    error: { status: 409, serverMessage: 'This enrollment is already cancelled' },
  },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as AdminRefundContext;
  const snap = s as Parameters<typeof isDialogOpen>[0];
  expect(isDialogOpen(snap)).toBe(s.matches('editing') || s.matches('refunding'));
  expect(isRefunding(snap)).toBe(s.matches('refunding'));
  expect(isRefunded(snap)).toBe(s.matches('refunded'));
  if (s.matches('idle')) expect(c).toMatchObject({ message: '', issue: null, refund: null, error: null });
  if (s.matches('refunding')) {
    expect(c.message).toBe(message);
    expect(issueOf(snap)).toBeNull();
    expect(errorOf(snap)).toBeNull();
  }
  if (s.matches('refunded')) expect(c.refund).toEqual(refund);
}

describeModelBased(adminRefundMachine, {
  name: 'admin-refund.machine',
  input,
  events,
  actors: ['refundEnrollment'],
  check: ({ snapshot, event, started }) => {
    checkState(snapshot);
    if (event.type === 'refund.submitted' && event.message.trim() === '')
      expect(issueOf(snapshot as Parameters<typeof issueOf>[0])).toBe('message.required');
    if (event.type === 'xstate.error.actor.refundEnrollment')
      expect(snapshot.context.error).toMatchObject({ status: 409, message: 'This enrollment is already cancelled' });
    for (const [, sent] of started) expect(sent).toEqual({ ...input, message });
  },
});

describe('admin-refund.machine', () => {
  it('asks for a message of 1 to 2000 characters once trimmed', () => {
    expect(refundMessageIssue('  ')).toBe('message.required');
    expect(refundMessageIssue('x'.repeat(2001))).toBe('message.tooLong');
    expect(refundMessageIssue(` ${'x'.repeat(2000)} `)).toBeNull();
  });
});
