import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type SessionRequestBody,
  type SessionRequestContext,
  requestFailureOf,
  sessionRequestMachine,
} from '@machines/session-request.machine';
import { describeModelBased } from './model';
import { weekly, EVENING } from '../fixtures';

const request: SessionRequestBody = {
  courseId: 12,
  startDate: '2031-05-05',
  endDate: '2031-06-27',
  timezone: 'America/New_York',
  schedule: weekly({ monday: EVENING, wednesday: EVENING }),
  maxSeats: 25,
  price: 149,
};

const events: AnyEventObject[] = [
  { type: 'request.submitted', request },
  { type: 'request.reset' },
  { type: 'xstate.done.actor.requestSession', output: { id: 57, courseId: 12, status: 'PENDING' } },
  {
    type: 'xstate.error.actor.requestSession',
    error: {
      status: 422,
      serverMessage: 'endDate is before startDate',
      fieldErrors: { endDate: 'Must not be before startDate' },
    },
  },
  { type: 'xstate.error.actor.requestSession', error: { status: 0 } },
];

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as SessionRequestContext;
  expect(s.hasTag('busy')).toBe(s.matches('submitting'));
  if (s.matches('editing')) expect(c.error).toBeNull();
  if (s.matches('submitting')) {
    expect(c.request).toEqual(request);
    expect(c.error).toBeNull();
  }
  if (s.matches('submitted')) expect(c.result?.status).toBe('PENDING');
  if (s.matches('failed')) expect(c.error?.code).toBe('sessionRequest.failed');
}

describeModelBased(sessionRequestMachine, {
  name: 'session-request.machine',
  events,
  actors: ['requestSession'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    // The body is sent as the form built it.
    for (const [, input] of started) expect(input).toEqual(request);
  },
});

describe('session-request.machine', () => {
  it('keeps the server message, status and field errors of a failure', () => {
    expect(
      requestFailureOf({ status: 422, serverMessage: 'Bad dates', fieldErrors: { endDate: 'Too early' } }),
    ).toEqual({
      error: { code: 'sessionRequest.failed', status: 422, message: 'Bad dates' },
      fieldErrors: { endDate: 'Too early' },
    });
    expect(requestFailureOf(new TypeError('fetch failed'))).toEqual({
      error: { code: 'sessionRequest.failed' },
      fieldErrors: {},
    });
  });
});
