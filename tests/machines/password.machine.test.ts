import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
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
import { type ModelPath, allTransitions, coverageReport, edgePaths, pendingActors, replay } from './model';

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
const expectEqual = (a: unknown, e: unknown, where: string) => expect(a, where).toEqual(e);
const tooMany = apiError(429, 'Too many attempts. Please try again in 42 seconds.', {}, 42);

describe('forgotPassword machine (model-based)', () => {
  const events: AnyEventObject[] = [
    { type: 'forgot.submitted', email: 'omar@example.org', language: 'ar' },
    { type: 'forgot.restart' },
    { type: 'xstate.done.actor.requestReset', output: undefined },
    { type: 'xstate.error.actor.requestReset', error: tooMany },
    { type: 'xstate.error.actor.requestReset', error: new TypeError('fetch failed') },
  ];
  const all = allTransitions(forgotPasswordMachine);
  const fired = new Set<string>();
  const paths = edgePaths(forgotPasswordMachine, { events });
  afterAll(() => console.log(coverageReport('forgotPassword', all, fired).line));

  function check(s: AnyMachineSnapshot) {
    expect(isSendingReset(s as never)).toBe(s.matches('sending'));
    expect(resetSentTo(s as never)).toBe(s.matches('sent') ? 'omar@example.org' : null);
    const failure = forgotFailure(s as never);
    if (s.matches('failed')) expect(failure?.code).toBe('forgot.failed');
    else expect(failure).toBeNull();
    if (s.matches('idle')) expect(s.context).toEqual({ email: null, error: null });
  }

  it.each(
    paths.map((p, i) => [i, p.events.map((e) => e.type.replace('xstate.', '')).join(' → ') || '(initial)', p] as const),
  )('path %i: %s', (_i, _l, path: ModelPath) => {
    const { actors, starts } = pendingActors(['requestReset']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = replay(forgotPasswordMachine.provide({ actors: actors as any }), path, expectEqual, (snap) => {
      check(snap);
      // The request carries the address typed and the interface language.
      if (snap.matches('sending'))
        expect(starts.at(-1)).toEqual(['requestReset', { email: 'omar@example.org', language: 'ar' }]);
    });
    result.fired.forEach((k) => fired.add(k));
  });

  it('covers every transition', () => {
    const report = coverageReport('forgotPassword', all, fired);
    expect(report.missing, report.line).toEqual([]);
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

describe('resetPassword machine (model-based)', () => {
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
  const all = allTransitions(resetPasswordMachine);
  const fired = new Set<string>();
  const paths = edgePaths(resetPasswordMachine, { events, input });
  afterAll(() => console.log(coverageReport('resetPassword', all, fired).line));

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

  it.each(
    paths.map((p, i) => [i, p.events.map((e) => e.type.replace('xstate.', '')).join(' → ') || '(initial)', p] as const),
  )('path %i: %s', (_i, _l, path: ModelPath) => {
    const { actors, starts } = pendingActors(['resetPassword']);
    let done = 0;
    const machine = resetPasswordMachine.provide({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      actors: actors as any,
      actions: { resetDone: () => void done++ },
    });
    const result = replay(machine, path, expectEqual, (snap, event) => {
      check(snap, event);
      if (snap.matches('submitting')) {
        expect(starts.at(-1)).toEqual([
          'resetPassword',
          { ...input, password: 'N3w!passw0rd', confirmPassword: 'N3w!passw0rd' },
        ]);
      }
    });
    // `resetDone` (toast and redirect to /) runs once per success, never on a failure.
    expect(done).toBe(path.events.filter((e) => e.type === 'xstate.done.actor.resetPassword').length);
    result.fired.forEach((k) => fired.add(k));
  });

  it('covers every transition', () => {
    const report = coverageReport('resetPassword', all, fired);
    expect(report.missing, report.line).toEqual([]);
  });

  it('reads the link problem from the 422 field error on token only', () => {
    expect(tokenProblemOf(apiError(422, 'x', { token: 'expired' }))).toBe('expired');
    expect(tokenProblemOf(apiError(400, 'x', { password: 'used' }))).toBeNull();
    expect(tokenProblemOf(new TypeError('fetch failed'))).toBeNull();
  });
});

describe('changePassword machine (model-based)', () => {
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
  const all = allTransitions(changePasswordMachine);
  const fired = new Set<string>();
  const paths = edgePaths(changePasswordMachine, { events });
  afterAll(() => console.log(coverageReport('changePassword', all, fired).line));

  it.each(
    paths.map((p, i) => [i, p.events.map((e) => e.type.replace('xstate.', '')).join(' → ') || '(initial)', p] as const),
  )('path %i: %s', (_i, _l, path: ModelPath) => {
    const { actors, starts } = pendingActors(['changePassword']);
    const handed: PasswordChanged[] = [];
    const machine = changePasswordMachine.provide({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      actors: actors as any,
      actions: { passwordChanged: (_, p: PasswordChanged) => void handed.push(p) },
    });
    const result = replay(machine, path, expectEqual, (snap, event) => {
      const c = snap.context as ChangeContext;
      expect(isChangingPassword(snap as never)).toBe(snap.matches('changing'));
      expect(passwordWasChanged(snap as never)).toBe(snap.matches('changed'));
      if (snap.matches('changing')) {
        expect(starts.at(-1)).toEqual([
          'changePassword',
          { oldPassword: 'Old-passw0rd!', newPassword: 'N3w!passw0rd' },
        ]);
        expect(c).toEqual({ fieldErrors: {}, error: null });
      }
      if (snap.matches('failed')) {
        const error = (event as unknown as { error: typeof wrong }).error;
        expect(changeFailure(snap as never)).toEqual({
          code: 'change.failed',
          status: error.status,
          message: error.serverMessage,
          ...('retryAfter' in error ? { retryAfter: error.retryAfter } : {}),
        });
        expect(changeFieldErrors(snap as never)).toEqual(error.fieldErrors);
      } else {
        expect(changeFailure(snap as never)).toBeNull();
        expect(changeFieldErrors(snap as never)).toEqual({});
      }
    });
    // The fresh token goes to the auth actor once per change, exactly as answered.
    expect(handed).toEqual(path.events.filter((e) => e.type === 'xstate.done.actor.changePassword').map(() => changed));
    result.fired.forEach((k) => fired.add(k));
  });

  it('covers every transition', () => {
    const report = coverageReport('changePassword', all, fired);
    expect(report.missing, report.line).toEqual([]);
  });
});
