import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { type SignUpContext, signUpMachine } from '../../machines/signup.machine';
import { type SignUpSnapshot, hasFailed, hasSucceeded, isSubmitting, serverFieldErrors } from '../../machines/signup.selectors';
import { allTransitions, coverageReport, edgePaths, pendingActors, replay } from './model';

const form = { firstName: 'Lina', lastName: 'Learner', email: 'lina@halaqa.test', password: 'Str0ng!pass' };
const result = { token: 'jwt', expiresAt: '2999-01-01T00:00:00.000Z', user: { id: 30, email: form.email, name: 'Lina Learner', role: 'LEARNER' } };

const events: AnyEventObject[] = [
  { type: 'signup.submitted', form },
  { type: 'xstate.done.actor.signUp', output: result },
  { type: 'xstate.error.actor.signUp', error: { status: 400, serverMessage: 'Validation failed', fieldErrors: { email: 'must match format "email"' } } },
  { type: 'xstate.error.actor.signUp', error: { status: 409, serverMessage: 'Email already registered', fieldErrors: {} } },
];

function checkState(s: AnyMachineSnapshot) {
  // Selectors (machines/signup.selectors.ts): the flags follow the states, and a 409 without field
  // errors (the e-mail is taken) becomes the e-mail field's error.
  const snap = s as SignUpSnapshot;
  expect(isSubmitting(snap)).toBe(s.matches('submitting'));
  expect(hasFailed(snap)).toBe(s.matches('failed'));
  expect(hasSucceeded(snap)).toBe(s.matches('succeeded'));
  const ctx = s.context as SignUpContext;
  expect(serverFieldErrors(snap)).toEqual(
    ctx.error?.status === 409 && Object.keys(ctx.fieldErrors).length === 0 ? { email: 'Email already registered' } : ctx.fieldErrors,
  );
  const c = s.context as SignUpContext;
  expect(s.hasTag('loading')).toBe(s.matches('submitting'));
  if (s.matches('submitting')) {
    expect(c.error).toBeNull(); // a new attempt clears the previous failure
    expect(c.fieldErrors).toEqual({});
  }
  if (s.matches('failed')) {
    expect(c.error?.code).toBe('signup.failed');
    expect(s.can({ type: 'signup.submitted', form })).toBe(true);
  }
  if (s.matches('succeeded')) {
    expect(s.status).toBe('done');
    expect(s.output).toEqual(result);
  }
}

const all = allTransitions(signUpMachine);
const fired = new Set<string>();
const paths = edgePaths(signUpMachine, { events });

afterAll(() => {
  const report = coverageReport('signup.machine', all, fired);
  console.log(report.line);
  if (report.missing.length) console.log(`not covered:\n  ${report.missing.join('\n  ')}`);
});

describe('signup.machine (model-based)', () => {
  it.each(paths.map((p, i) => [i, p.events.map((e) => e.type).join(' → ') || '(initial)', p] as const))('path %i: %s', (_i, _l, path) => {
    const { actors, starts } = pendingActors(['signUp']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const machine = signUpMachine.provide({ actors: actors as any });
    const r = replay(machine, path, (a, e, where) => expect(a, where).toEqual(e), (snap, event) => {
      checkState(snap);
      if (event.type === 'xstate.error.actor.signUp') {
        const error = (event as unknown as { error: { serverMessage: string; fieldErrors: Record<string, string> } }).error;
        expect(snap.context.error.message).toBe(error.serverMessage);
        expect(snap.context.fieldErrors).toEqual(error.fieldErrors);
      }
    });
    for (const [, input] of starts) expect(input).toEqual(form);
    r.fired.forEach((k) => fired.add(k));
  });

  it('covers every transition of the machine', () => {
    const report = coverageReport('signup.machine', all, fired);
    expect(report.missing, report.line).toEqual([]);
  });
});
