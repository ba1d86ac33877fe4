import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CompanySignUpContext,
  type CompanySignUpFields,
  companySignUpMachine,
} from '@machines/company-signup.machine';
import {
  type CompanySignUpSnapshot,
  captchaProblem,
  captchaRound,
  formFailure,
  hasFailed,
  hasSucceeded,
  isSubmitting,
  serverFieldErrors,
} from '@machines/company-signup.selectors';
import { allTransitions, coverageReport, edgePaths, type ModelPath, pendingActors, replay } from './model';

const form: CompanySignUpFields = {
  company: {
    name: 'Gulf Data Academy',
    acronym: 'GDA',
    language: 'ar',
    address: { line1: '12 Corniche Road', city: 'Doha', postalCode: '00974', country: 'QA' },
  },
  account: {
    firstName: 'Mariam',
    lastName: 'Saleh',
    email: 'mariam@gda.example.org',
    password: 'Str0ng!pass',
    language: 'ar',
  },
};
const result = {
  token: 'jwt',
  expiresAt: '2999-01-01T00:00:00.000Z',
  user: { id: 40, email: form.account.email, name: 'Mariam Saleh', role: 'PARTNER' },
};

const events: AnyEventObject[] = [
  { type: 'company.submitted', form },
  { type: 'captcha.solved', payload: 'captcha-payload' },
  { type: 'captcha.reset' },
  { type: 'xstate.done.actor.signUpCompany', output: result },
  {
    type: 'xstate.error.actor.signUpCompany',
    error: {
      status: 400,
      serverMessage: 'Some fields are invalid',
      fieldErrors: {
        'account.email': 'must be a valid email address',
        'company.address.city': 'is required',
        'company.name': 'is required',
      },
    },
  },
  {
    type: 'xstate.error.actor.signUpCompany',
    error: { status: 409, serverMessage: 'A company with this acronym already exists', fieldErrors: {} },
  },
  {
    type: 'xstate.error.actor.signUpCompany',
    error: { status: 409, serverMessage: 'An account with this email already exists', fieldErrors: {} },
  },
  {
    type: 'xstate.error.actor.signUpCompany',
    error: {
      status: 400,
      serverMessage: 'Please complete the captcha',
      fieldErrors: { 'g-recaptcha-response': 'Please complete the captcha' },
    },
  },
  { type: 'xstate.error.actor.signUpCompany', error: new TypeError('Failed to fetch') },
];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as CompanySignUpContext;
  return JSON.stringify({ value: s.value, context: { ...c, captchaRound: Math.min(c.captchaRound, 2) } });
};

function checkState(s: AnyMachineSnapshot) {
  const snap = s as CompanySignUpSnapshot;
  const c = s.context as CompanySignUpContext;
  expect(isSubmitting(snap)).toBe(s.matches('submitting'));
  expect(hasFailed(snap)).toBe(s.matches({ form: 'failed' }));
  expect(hasSucceeded(snap)).toBe(s.matches('succeeded'));
  expect(s.hasTag('loading')).toBe(s.matches('submitting'));
  expect(captchaRound(snap)).toBe(c.captchaRound);
  expect(captchaProblem(snap)).toBe(
    s.matches('form') && (c.error?.code === 'captcha.required' || c.error?.code === 'captcha.refused')
      ? c.error.code
      : null,
  );
  expect(formFailure(snap)).toBe(s.matches({ form: 'failed' }) && c.error?.code === 'signup.failed' ? c.error : null);
  // Server errors land on the form's own field names; a 409 goes to the e-mail or the acronym.
  const errors = serverFieldErrors(snap);
  if (c.fieldErrors['account.email'])
    expect(errors).toMatchObject({
      email: c.fieldErrors['account.email'],
      city: 'is required',
      companyName: 'is required',
    });
  if (c.error?.status === 409 && c.error.message?.includes('acronym'))
    expect(errors).toEqual({ acronym: c.error.message });
  if (c.error?.status === 409 && c.error.message?.includes('email')) expect(errors).toEqual({ email: c.error.message });
  if (s.matches('submitting')) {
    expect(c.error).toBeNull();
    expect(c.captcha).not.toBeNull();
  }
  if (s.matches('succeeded')) {
    expect(s.status).toBe('done');
    expect(s.output).toEqual(result);
  }
}

const all = allTransitions(companySignUpMachine);
const fired = new Set<string>();
const paths = edgePaths(companySignUpMachine, { events, serializeState });

afterAll(() => {
  const report = coverageReport('company-signup.machine', all, fired);
  console.log(report.line);
  if (report.missing.length) console.log(`not covered:\n  ${report.missing.join('\n  ')}`);
});

function runPath(path: ModelPath) {
  const { actors, starts } = pendingActors(['signUpCompany']);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const machine = companySignUpMachine.provide({ actors: actors as any });
  let seen = 0;
  let previous: AnyMachineSnapshot | null = null;
  const r = replay(
    machine,
    path,
    (a, e, where) => expect(a, where).toEqual(e),
    (snap, event) => {
      checkState(snap);
      const c = snap.context as CompanySignUpContext;
      for (const [, input] of starts.slice(seen))
        expect(input).toEqual({ form, captcha: (previous!.context as CompanySignUpContext).captcha });
      seen = starts.length;
      if (
        event.type === 'company.submitted' &&
        previous &&
        (previous.context as CompanySignUpContext).captcha === null
      ) {
        expect(snap.matches({ form: 'editing' })).toBe(true);
        expect(c.error?.code).toBe('captcha.required');
      }
      if (event.type === 'xstate.error.actor.signUpCompany') {
        expect(c.captcha).toBeNull();
        expect(c.captchaRound).toBe((previous!.context as CompanySignUpContext).captchaRound + 1);
        expect(c.error!.code).toBe(c.fieldErrors['g-recaptcha-response'] ? 'captcha.refused' : 'signup.failed');
      }
      previous = snap;
    },
  );
  r.fired.forEach((k) => fired.add(k));
}

describe('company-signup.machine (model-based)', () => {
  it(`walks ${paths.length} paths over every edge of the state graph`, () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) runPath(path);
  });

  it('covers every transition of the machine', () => {
    const report = coverageReport('company-signup.machine', all, fired);
    expect(report.missing, report.line).toEqual([]);
  });
});
