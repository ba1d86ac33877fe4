import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { type InvitationPreview, type SignUpContext, signUpMachine } from '@machines/signup.machine';
import {
  type SignUpSnapshot,
  canChooseRole,
  captchaProblem,
  captchaRound,
  captchaSolved,
  formFailure,
  hasFailed,
  hasSucceeded,
  invitationProblem,
  isLoadingInvitation,
  isSubmitting,
  selectInvitation,
  selectRole,
  serverFieldErrors,
  showsForm,
} from '@machines/signup.selectors';
import { describeModelBased, serializeCappingCaptchaRound } from './model';

const form = { firstName: 'Lina', lastName: 'Learner', email: 'lina@halaqa.test', password: 'Str0ng!pass' };
const result = {
  token: 'jwt',
  expiresAt: '2999-01-01T00:00:00.000Z',
  user: { id: 30, email: form.email, name: 'Lina Learner', role: 'LEARNER' },
};
const invitation: InvitationPreview = {
  email: 'lina@halaqa.test',
  role: 'EDUCATOR',
  companyName: 'National Center for AI',
  companyAcronym: 'NCAI',
  status: 'PENDING',
  expiresAt: '2999-01-01T00:00:00.000Z',
  hasAccount: false,
};
const TOKEN = 'invite-token';

const events: AnyEventObject[] = [
  { type: 'signup.submitted', form, language: 'ar' },
  { type: 'signup.roleChosen', role: 'EDUCATOR' },
  { type: 'signup.roleChosen', role: 'LEARNER' },
  { type: 'captcha.solved', payload: 'captcha-payload' },
  { type: 'captcha.reset' },
  { type: 'invitation.dismissed' },
  { type: 'xstate.done.actor.getInvitation', output: invitation },
  { type: 'xstate.done.actor.getInvitation', output: { ...invitation, status: 'ACCEPTED' } },
  { type: 'xstate.done.actor.getInvitation', output: { ...invitation, status: 'EXPIRED' } },
  { type: 'xstate.error.actor.getInvitation', error: { status: 404, serverMessage: 'Invitation not found' } },
  { type: 'xstate.error.actor.getInvitation', error: { status: 503, serverMessage: 'Service unavailable' } },
  { type: 'xstate.done.actor.signUp', output: result },
  {
    type: 'xstate.error.actor.signUp',
    error: {
      status: 400,
      serverMessage: 'Some fields are invalid',
      fieldErrors: { email: 'must be a valid email address' },
    },
  },
  {
    type: 'xstate.error.actor.signUp',
    error: { status: 409, serverMessage: 'An account with this email already exists', fieldErrors: {} },
  },
  {
    type: 'xstate.error.actor.signUp',
    error: {
      status: 400,
      serverMessage: 'Please complete the captcha',
      fieldErrors: { 'g-recaptcha-response': 'Please complete the captcha' },
    },
  },
  {
    type: 'xstate.error.actor.signUp',
    error: { status: 410, serverMessage: 'This invitation has expired', fieldErrors: {} },
  },
];

// The captcha round only grows; the traversal treats rounds past 2 as one state (finite graph).
function checkState(s: AnyMachineSnapshot) {
  const snap = s as SignUpSnapshot;
  const c = s.context as SignUpContext;
  // Selectors (machines/signup.selectors.ts) follow the states.
  expect(isSubmitting(snap)).toBe(s.matches('submitting'));
  expect(isLoadingInvitation(snap)).toBe(s.matches('loadingInvitation'));
  expect(hasFailed(snap)).toBe(s.matches({ form: 'failed' }));
  expect(hasSucceeded(snap)).toBe(s.matches('succeeded'));
  expect(showsForm(snap)).toBe(s.matches('form') || s.matches('submitting'));
  expect(s.hasTag('loading')).toBe(s.matches('submitting') || s.matches('loadingInvitation'));
  expect(selectInvitation(snap)).toBe(c.invitation);
  expect(selectRole(snap)).toBe(c.role);
  expect(captchaSolved(snap)).toBe(c.captcha !== null);
  expect(captchaRound(snap)).toBe(c.captchaRound);
  // The role is chosen only without an invitation, and only while the form is shown.
  expect(canChooseRole(snap)).toBe(s.matches('form') && c.invitation === null);
  // An invitation fixes the role: an invited educator is an educator.
  if (c.invitation) expect(c.role).toBe(c.invitation.role === 'EDUCATOR' ? 'EDUCATOR' : 'LEARNER');
  expect(invitationProblem(snap)).toBe(s.matches('invitationUnusable') ? c.error!.code : null);
  if (s.matches('invitationUnusable'))
    expect(['invitation.used', 'invitation.expired', 'invitation.invalid', 'invitation.unavailable']).toContain(
      c.error?.code,
    );
  expect(captchaProblem(snap)).toBe(
    s.matches('form') && (c.error?.code === 'captcha.required' || c.error?.code === 'captcha.refused')
      ? c.error.code
      : null,
  );
  const failure = formFailure(snap);
  if (failure) expect(failure.code).not.toMatch(/^captcha\./);
  expect(serverFieldErrors(snap)).toEqual(
    c.error?.code === 'signup.failed' && c.error.status === 409 && Object.keys(c.fieldErrors).length === 0
      ? { email: c.error.message }
      : c.fieldErrors,
  );
  if (s.matches('submitting')) {
    expect(c.error).toBeNull(); // a new attempt clears the previous failure
    expect(c.fieldErrors).toEqual({});
    expect(c.captcha).not.toBeNull(); // never sent without a solved captcha
  }
  // After a refusal the failure stays until the next try, unless it was the captcha's and a new one is solved.
  if (s.matches({ form: 'failed' }) && c.error === null) expect(c.fieldErrors['g-recaptcha-response']).toBeDefined();
  if (s.matches('succeeded')) {
    expect(s.status).toBe('done');
    expect(s.output).toEqual({
      result,
      role: c.invitation?.role ?? c.role,
      pending: c.invitation === null && c.role === 'EDUCATOR',
    });
  }
}

const inputs: Array<[string, { invitationToken: string | null }]> = [
  ['plain sign-up', { invitationToken: null }],
  ['invitation link', { invitationToken: TOKEN }],
];
describeModelBased(signUpMachine, {
  name: 'signup.machine',
  inputs: inputs.map(([name, input]) => ({ name, input })),
  events,
  serialize: serializeCappingCaptchaRound,
  actors: ['signUp', 'getInvitation'],
  check: ({ snapshot, previous, event, started }) => {
    checkState(snapshot);
    const c = snapshot.context as SignUpContext;
    const before = previous.context as SignUpContext;
    // Actor inputs: the invitation by its token; the sign-up with the form, the role, the solved
    // captcha, the interface language and the invitation token.
    for (const [name, input] of started) {
      if (name === 'getInvitation') expect(input).toBe(TOKEN);
      if (name === 'signUp') {
        expect(input).toEqual({
          form,
          role: before.role,
          captcha: before.captcha,
          language: 'ar',
          invitationToken: before.invitationToken,
        });
      }
    }
    // Submitting without a solved captcha stays on the form and says so.
    if (event.type === 'signup.submitted' && before.captcha === null) {
      expect(snapshot.matches({ form: 'editing' })).toBe(true);
      expect(c.error?.code).toBe('captcha.required');
    }
    // A link that does not verify is invalid; one that could not be read (5xx) is not called invalid.
    if (event.type === 'xstate.error.actor.getInvitation') {
      const status = (event as unknown as { error: { status: number } }).error.status;
      expect(c.error?.code).toBe(status === 404 ? 'invitation.invalid' : 'invitation.unavailable');
    }
    if (event.type === 'xstate.error.actor.signUp') {
      const error = (
        event as unknown as { error: { status: number; serverMessage: string; fieldErrors: Record<string, string> } }
      ).error;
      expect(c.error!.message).toBe(error.serverMessage);
      expect(c.fieldErrors).toEqual(error.fieldErrors);
      // The server spent (or refused) the captcha: it is cleared and the widget starts again.
      expect(c.captcha).toBeNull();
      expect(c.captchaRound).toBe(before.captchaRound + 1);
      const invited = c.invitationToken !== null;
      const expected = error.fieldErrors['g-recaptcha-response']
        ? 'captcha.refused'
        : invited && error.status === 410
          ? 'invitation.expired'
          : invited && error.status === 409 && Object.keys(error.fieldErrors).length === 0
            ? 'invitation.used'
            : 'signup.failed';
      expect(c.error!.code).toBe(expected);
    }
  },
  setup: ({ path }) => ({
    done: ({ starts }) => {
      if (path.input && (path.input as { invitationToken: string | null }).invitationToken)
        expect(starts[0]).toEqual(['getInvitation', TOKEN]);
    },
  }),
});
