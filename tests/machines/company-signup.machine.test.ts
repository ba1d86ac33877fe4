import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
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
import { describeModelBased, serializeCappingCaptchaRound } from './model';
import { gulfDataAcademySignUp } from '../fixtures';

const form: CompanySignUpFields = gulfDataAcademySignUp();
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

describeModelBased(companySignUpMachine, {
  name: 'company-signup.machine',
  events,
  serialize: serializeCappingCaptchaRound,
  actors: ['signUpCompany'],
  check: ({ snapshot, previous, event, started }) => {
    checkState(snapshot);
    const c = snapshot.context as CompanySignUpContext;
    const before = previous.context as CompanySignUpContext;
    for (const [, input] of started) expect(input).toEqual({ form, captcha: before.captcha });
    if (event.type === 'company.submitted' && before.captcha === null) {
      expect(snapshot.matches({ form: 'editing' })).toBe(true);
      expect(c.error?.code).toBe('captcha.required');
    }
    if (event.type === 'xstate.error.actor.signUpCompany') {
      expect(c.captcha).toBeNull();
      expect(c.captchaRound).toBe(before.captchaRound + 1);
      expect(c.error!.code).toBe(c.fieldErrors['g-recaptcha-response'] ? 'captcha.refused' : 'signup.failed');
    }
  },
});
