import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { type InvitationContext, type InviteRequest, invitationMachine } from '@machines/invitation.machine';
import { describeModelBased } from './model';

const request: InviteRequest = { email: 'new.hire@ncai.example.org', role: 'LEARNER' };

const events: AnyEventObject[] = [
  { type: 'invite.submitted', request },
  { type: 'invite.reset' },
  {
    type: 'xstate.done.actor.sendInvitation',
    output: { id: 14, email: request.email, role: 'LEARNER', status: 'PENDING', expiresAt: '2031-05-12T08:00:00Z' },
  },
  {
    type: 'xstate.error.actor.sendInvitation',
    error: { status: 409, serverMessage: 'This e-mail already has a pending invitation' },
  },
  {
    type: 'xstate.error.actor.sendInvitation',
    error: { status: 400, serverMessage: 'Some fields are invalid', fieldErrors: { email: 'is not a valid e-mail' } },
  },
  { type: 'xstate.error.actor.sendInvitation', error: new TypeError('fetch failed') },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as InvitationContext;
  expect(s.hasTag('busy')).toBe(s.matches('sending'));
  if (s.matches('editing')) expect(c).toEqual({ request: null, result: null, error: null, fieldErrors: {} });
  if (s.matches('sending')) {
    expect(c.request).toEqual(request);
    expect(c.error).toBeNull();
    expect(c.fieldErrors).toEqual({});
  }
  if (s.matches('sent')) expect(c.result).toMatchObject({ email: request.email, status: 'PENDING' });
  if (s.matches('failed')) {
    expect(c.error?.code).toBe('invite.failed');
    // The server's message is kept for the toast ('Could not invite the user: <message>' on 400).
    if (c.error?.status === 400) expect(c.fieldErrors.email).toBe('is not a valid e-mail');
    if (c.error?.status) expect(c.error.message).toBeTruthy();
  }
}

describeModelBased(invitationMachine, {
  name: 'invitation.machine',
  events,
  actors: ['sendInvitation'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    for (const [, input] of started) expect(input).toEqual(request);
  },
});
