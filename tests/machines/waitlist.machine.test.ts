import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type WaitlistContext, confirmFailureCode, waitlistMachine } from '@machines/waitlist.machine';
import {
  awaitsConfirmation,
  confirmFailed,
  hasJoined,
  isBusy,
  joinFailed,
  showsForm,
} from '@machines/waitlist.selectors';
import { describeModelBased } from './model';

/**
 * The waitlist statechart, model-based: every transition of the real machine is
 * walked, for a course page (no token) and for a guest's confirmation link (a token).
 */
const courseId = 12;
const email = 'omar.haddad@example.org';

const events: AnyEventObject[] = [
  { type: 'waitlist.opened' },
  { type: 'waitlist.submitted', email: ` ${email} `, language: 'ar' },
  { type: 'waitlist.cancelled' },
  { type: 'xstate.done.actor.joinWaitlist', output: { kind: 'entry', created: true, email } },
  { type: 'xstate.done.actor.joinWaitlist', output: { kind: 'pending', email } },
  {
    type: 'xstate.error.actor.joinWaitlist',
    error: {
      status: 422,
      serverMessage: 'You can only put your own e-mail address (x@y.z) on a waitlist',
      fieldErrors: { email: 'must be the address of your account' },
    },
  },
  { type: 'xstate.error.actor.joinWaitlist', error: new TypeError('fetch failed') },
  { type: 'xstate.done.actor.confirmWaitlist', output: { courseId, courseTitle: 'Intro to Algorithms', email } },
  { type: 'xstate.error.actor.confirmWaitlist', error: { status: 404, serverMessage: 'Waitlist link not found' } },
  {
    type: 'xstate.error.actor.confirmWaitlist',
    error: { status: 410, serverMessage: 'This link has expired: join the waitlist again to get a new one' },
  },
  { type: 'xstate.error.actor.confirmWaitlist', error: new TypeError('fetch failed') },
];

function checkState(s: AnyMachineSnapshot, token: string | null) {
  const c = s.context as WaitlistContext;
  const snap = s as Parameters<typeof isBusy>[0];
  expect(c.courseId).toBe(courseId);
  expect(c.token).toBe(token);
  expect(isBusy(snap)).toBe(s.matches('joining') || s.matches('confirming'));
  expect(showsForm(snap)).toBe(s.matches('editing') || s.matches('joining') || s.matches('failed'));
  expect(hasJoined(snap)).toBe(s.matches('joined') || s.matches('confirmed'));
  expect(awaitsConfirmation(snap)).toBe(s.matches('pending'));
  expect(joinFailed(snap)).toBe(s.matches('failed'));
  expect(confirmFailed(snap)).toBe(s.matches('confirmFailed'));
  if (s.matches('idle')) expect(c).toMatchObject({ request: null, joined: null, error: null, fieldErrors: {} });
  if (s.matches('joining')) {
    // The address is sent trimmed, with the course and the chosen language.
    expect(c.request).toEqual({ courseId, email, language: 'ar' });
    expect(c.error).toBeNull();
  }
  if (s.matches('joined')) expect(c.joined).toEqual({ kind: 'entry', created: true, email });
  if (s.matches('pending')) expect(c.joined).toEqual({ kind: 'pending', email });
  if (s.matches('failed')) {
    expect(c.error?.code).toBe('join.failed');
    if (c.error?.status === 422) {
      expect(c.error.message).toMatch(/own e-mail address/);
      expect(c.fieldErrors.email).toBe('must be the address of your account');
    } else expect(c.error?.status).toBeUndefined();
  }
  if (s.matches('confirmed')) expect(c.confirmed).toEqual({ courseId, courseTitle: 'Intro to Algorithms', email });
  if (s.matches('confirmFailed')) {
    const expected =
      c.error?.status === 404 ? 'link.notFound' : c.error?.status === 410 ? 'link.expired' : 'confirm.failed';
    expect(c.error?.code).toBe(expected);
  }
}

describeModelBased(waitlistMachine, {
  name: 'waitlist.machine',
  inputs: [
    { name: 'course', input: { courseId } },
    { name: 'link', input: { courseId, token: 'abc-token' } },
  ],
  events,
  actors: ['joinWaitlist', 'confirmWaitlist'],
  check: ({ snapshot, started, path }) => {
    checkState(snapshot, (path.input as { token?: string }).token ?? null);
    for (const [name, input] of started) {
      if (name === 'joinWaitlist') expect(input).toEqual({ courseId, email, language: 'ar' });
      else expect(input).toEqual({ token: 'abc-token' });
    }
  },
});

describe('waitlist.machine', () => {
  it('names the failure of a confirmation link by its status', () => {
    expect(confirmFailureCode({ status: 404 })).toBe('link.notFound');
    expect(confirmFailureCode({ status: 410 })).toBe('link.expired');
    expect(confirmFailureCode({ status: 500 })).toBe('confirm.failed');
    expect(confirmFailureCode(new TypeError('fetch failed'))).toBe('confirm.failed');
  });
});
