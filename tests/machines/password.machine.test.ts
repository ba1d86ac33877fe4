import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type ChangeContext,
  type PasswordChanged,
  type ResetContext,
  changePasswordMachine,
  forgotPasswordMachine,
  resetPasswordMachine,
  tokenProblemOf,
} from '@machines/password.machine';
import {
  changeFailure,
  changeFieldErrors,
  forgotFailure,
  isChangingPassword,
  isResetDone,
  isResetting,
  isSendingReset,
  passwordWasChanged,
  resetFailure,
  resetFieldErrors,
  resetLinkProblem,
  resetSentTo,
} from '@machines/password.selectors';
import { describeModelBased } from './model';

/** An `ApiError`-like rejection: status, server message, field errors, Retry-After. */
const apiError = (
  status: number,
  serverMessage: string,
  fieldErrors: Record<string, string> = {},
  retryAfter?: number,
) => ({
  status,
  serverMessage,
  fieldErrors,
  ...(retryAfter !== undefined ? { retryAfter } : {}),
});
const tooMany = apiError(429, 'Too many attempts. Please try again in 42 seconds.', {}, 42);

describe('forgotPassword machine', () => {
  const events: AnyEventObject[] = [
    { type: 'forgot.submitted', email: 'omar@example.org', language: 'ar' },
    { type: 'forgot.restart' },
    { type: 'xstate.done.actor.requestReset', output: undefined },
    { type: 'xstate.error.actor.requestReset', error: tooMany },
    { type: 'xstate.error.actor.requestReset', error: new TypeError('fetch failed') },
  ];

  function check(s: AnyMachineSnapshot) {
    expect(isSendingReset(s as never)).toBe(s.matches('sending'));
    expect(resetSentTo(s as never)).toBe(s.matches('sent') ? 'omar@example.org' : null);
    const failure = forgotFailure(s as never);
    if (s.matches('failed')) expect(failure?.code).toBe('forgot.failed');
    else expect(failure).toBeNull();
    if (s.matches('idle')) expect(s.context).toEqual({ email: null, error: null });
  }

  describeModelBased(forgotPasswordMachine, {
    name: 'forgotPassword',
    events,
    actors: ['requestReset'],
    check: ({ snapshot, starts }) => {
      check(snapshot);
      // The request carries the address typed and the interface language.
      if (snapshot.matches('sending'))
        expect(starts.at(-1)).toEqual(['requestReset', { email: 'omar@example.org', language: 'ar' }]);
    },
  });

  it('keeps the wait of a 429 for the message', () => {
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestReset: fromPromise(() => Promise.reject(tooMany)) } }),
    ).start();
    actor.send({ type: 'forgot.submitted', email: 'a@b.co', language: 'en' });
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(forgotFailure(actor.getSnapshot())).toEqual({
          code: 'forgot.failed',
          status: 429,
          message: tooMany.serverMessage,
          retryAfter: 42,
        });
        resolve();
      }, 0),
    );
  });
});

describe('resetPassword machine', () => {
  const input = { email: 'omar@example.org', token: 'tok-1' };
  const weak = apiError(400, 'Some fields are invalid', { password: 'must contain a digit' });
  const events: AnyEventObject[] = [
    { type: 'reset.submitted', password: 'N3w!passw0rd', confirmPassword: 'N3w!passw0rd' },
    { type: 'xstate.done.actor.resetPassword', output: undefined },
    {
      type: 'xstate.error.actor.resetPassword',
      error: apiError(422, 'This reset link has already been used', { token: 'used' }),
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: apiError(422, 'This reset link has expired', { token: 'expired' }),
    },
    {
      type: 'xstate.error.actor.resetPassword',
      error: apiError(422, 'This reset link is not valid', { token: 'invalid' }),
    },
    { type: 'xstate.error.actor.resetPassword', error: weak },
    { type: 'xstate.error.actor.resetPassword', error: new TypeError('fetch failed') },
  ];
  function check(s: AnyMachineSnapshot, event: AnyEventObject) {
    const c = s.context as ResetContext;
    expect([c.email, c.token]).toEqual([input.email, input.token]);
    expect(isResetting(s as never)).toBe(s.matches('submitting'));
    expect(isResetDone(s as never)).toBe(s.matches('done'));
    const problem = resetLinkProblem(s as never);
    expect(problem).toBe(
      s.matches('used') ? 'used' : s.matches('expired') ? 'expired' : s.matches('invalid') ? 'invalid' : null,
    );
    // The link's states are final: the form is gone, a new link is needed.
    if (problem || s.matches('done')) expect(s.status).toBe('done');
    if (s.matches('failed')) {
      expect(resetFailure(s as never)?.code).toBe('reset.failed');
      const error = (event as { error?: { fieldErrors?: Record<string, string> } }).error;
      expect(resetFieldErrors(s as never)).toEqual(error?.fieldErrors ?? {});
    } else {
      expect(resetFailure(s as never)).toBeNull();
      expect(resetFieldErrors(s as never)).toEqual({});
    }
  }

  describeModelBased(resetPasswordMachine, {
    name: 'resetPassword',
    input,
    events,
    actors: ['resetPassword'],
    check: ({ snapshot, event, starts }) => {
      check(snapshot, event);
      if (snapshot.matches('submitting')) {
        expect(starts.at(-1)).toEqual([
          'resetPassword',
          { ...input, password: 'N3w!passw0rd', confirmPassword: 'N3w!passw0rd' },
        ]);
      }
    },
    setup: ({ provide }) => {
      let done = 0;
      return {
        machine: provide({ actions: { resetDone: () => void done++ } }),
        // `resetDone` (toast and redirect to /) runs once per success, never on a failure.
        done: ({ path }) =>
          expect(done).toBe(path.events.filter((e) => e.type === 'xstate.done.actor.resetPassword').length),
      };
    },
  });

  it('reads the link problem from the 422 field error on token only', () => {
    expect(tokenProblemOf(apiError(422, 'x', { token: 'expired' }))).toBe('expired');
    expect(tokenProblemOf(apiError(400, 'x', { password: 'used' }))).toBeNull();
    expect(tokenProblemOf(new TypeError('fetch failed'))).toBeNull();
  });
});

describe('changePassword machine', () => {
  const changed: PasswordChanged = {
    message: 'password changed !',
    token: 'tok-fresh',
    expiresAt: '2999-01-01T00:00:00.000Z',
  };
  const wrong = apiError(400, 'Your current password is not correct', { oldPassword: 'is not correct' });
  const events: AnyEventObject[] = [
    { type: 'change.submitted', oldPassword: 'Old-passw0rd!', newPassword: 'N3w!passw0rd' },
    { type: 'xstate.done.actor.changePassword', output: changed },
    { type: 'xstate.error.actor.changePassword', error: wrong },
    { type: 'xstate.error.actor.changePassword', error: tooMany },
  ];
  describeModelBased(changePasswordMachine, {
    name: 'changePassword',
    events,
    actors: ['changePassword'],
    check: ({ snapshot, event, starts }) => {
      const c = snapshot.context as ChangeContext;
      expect(isChangingPassword(snapshot as never)).toBe(snapshot.matches('changing'));
      expect(passwordWasChanged(snapshot as never)).toBe(snapshot.matches('changed'));
      if (snapshot.matches('changing')) {
        expect(starts.at(-1)).toEqual([
          'changePassword',
          { oldPassword: 'Old-passw0rd!', newPassword: 'N3w!passw0rd' },
        ]);
        expect(c).toEqual({ fieldErrors: {}, error: null });
      }
      if (snapshot.matches('failed')) {
        const error = (event as unknown as { error: typeof wrong }).error;
        expect(changeFailure(snapshot as never)).toEqual({
          code: 'change.failed',
          status: error.status,
          message: error.serverMessage,
          ...('retryAfter' in error ? { retryAfter: error.retryAfter } : {}),
        });
        expect(changeFieldErrors(snapshot as never)).toEqual(error.fieldErrors);
      } else {
        expect(changeFailure(snapshot as never)).toBeNull();
        expect(changeFieldErrors(snapshot as never)).toEqual({});
      }
    },
    setup: ({ provide }) => {
      const handed: PasswordChanged[] = [];
      return {
        machine: provide({ actions: { passwordChanged: (_, p: PasswordChanged) => void handed.push(p) } }),
        // The fresh token goes to the auth actor once per change, exactly as answered.
        done: ({ path }) =>
          expect(handed).toEqual(
            path.events.filter((e) => e.type === 'xstate.done.actor.changePassword').map(() => changed),
          ),
      };
    },
  });
});
