import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { type InvitationContext, type InviteRequest, invitationMachine } from '@machines/invitation.machine';
import { type ModelPath, allTransitions, coverageReport, edgePaths, pendingActors, replay } from './model';

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

const all = allTransitions(invitationMachine);
const fired = new Set<string>();
const paths = edgePaths(invitationMachine, { events });

afterAll(() => console.log(coverageReport('invitation.machine', all, fired).line));

function runPath(path: ModelPath) {
  const { actors, starts } = pendingActors(['sendInvitation']);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const machine = invitationMachine.provide({ actors: actors as any });
  const result = replay(
    machine,
    path,
    (a, e, where) => expect(a, where).toEqual(e),
    (snap) => {
      checkState(snap);
      for (const [, input] of starts) expect(input).toEqual(request);
    },
  );
  result.fired.forEach((k) => fired.add(k));
}

describe('invitation.machine (model-based)', () => {
  it.each(
    paths.map((p, i) => [i, p.events.map((e) => e.type.replace('xstate.', '')).join(' → ') || '(initial)', p] as const),
  )('path %i: %s', (_i, _label, path) => runPath(path));

  it('covers every transition of the machine', () => {
    const report = coverageReport('invitation.machine', all, fired);
    expect(report.missing, report.line).toEqual([]);
  });
});
