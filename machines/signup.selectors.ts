import type { SnapshotFrom } from 'xstate';
import type { InvitationPreview, SignUpFailure, SignUpRole, signUpMachine } from './signup.machine';

/** A snapshot of the sign-up machine. */
export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** True while the account is being created (the button spins). */
export const isSubmitting = (s: SignUpSnapshot): boolean => s.matches('submitting');

/** True while the invitation link is being read (the form waits). */
export const isLoadingInvitation = (s: SignUpSnapshot): boolean => s.matches('loadingInvitation');

/** True while the form is shown (editing, or after a refusal). */
export const showsForm = (s: SignUpSnapshot): boolean => s.matches('form') || s.matches('submitting');

/** True once the account exists (the auth actor then signs the user in). */
export const hasSucceeded = (s: SignUpSnapshot): boolean => s.matches('succeeded');

/** True when the server refused the sign-up (its field errors and message are shown). */
export const hasFailed = (s: SignUpSnapshot): boolean => s.matches({ form: 'failed' });

/** The invitation being accepted, when the link was usable; its e-mail is fixed in the form. */
export const selectInvitation = (s: SignUpSnapshot): InvitationPreview | null => s.context.invitation;

/**
 * Why the invitation link cannot be used (`invitation.used`, `invitation.expired`,
 * `invitation.invalid`, `invitation.unavailable`), while the screen says so; else null.
 */
export const invitationProblem = (s: SignUpSnapshot): SignUpFailure['code'] | null =>
  s.matches('invitationUnusable') ? (s.context.error?.code ?? 'invitation.invalid') : null;

/** The role the account will have (LEARNER or EDUCATOR; fixed by an invitation). */
export const selectRole = (s: SignUpSnapshot): SignUpRole => s.context.role;

/** True when the role can still be chosen (no invitation). */
export const canChooseRole = (s: SignUpSnapshot): boolean => s.can({ type: 'signup.roleChosen', role: 'EDUCATOR' });

/** True when the captcha is solved and unspent. */
export const captchaSolved = (s: SignUpSnapshot): boolean => s.context.captcha !== null;

/** A key the captcha widget is rebuilt with whenever a new captcha is needed. */
export const captchaRound = (s: SignUpSnapshot): number => s.context.captchaRound;

/** The captcha problem to show at the widget: `captcha.required` (not solved yet) or `captcha.refused` (the server refused it). */
export const captchaProblem = (s: SignUpSnapshot): 'captcha.required' | 'captcha.refused' | null => {
  const code = s.context.error?.code;
  return s.matches('form') && (code === 'captcha.required' || code === 'captcha.refused') ? code : null;
};

/**
 * The server's errors by field. A 409 without field errors is the e-mail already being registered:
 * its message belongs to the e-mail field (unless it is about the invitation).
 */
export function serverFieldErrors(s: SignUpSnapshot): Record<string, string> {
  const { error, fieldErrors } = s.context;
  return error?.code === 'signup.failed' &&
    error.status === 409 &&
    error.message &&
    Object.keys(fieldErrors).length === 0
    ? { email: error.message }
    : fieldErrors;
}

/** The refusal to show above the form (not the captcha's, which shows at the widget), or null. */
export function formFailure(s: SignUpSnapshot): SignUpFailure | null {
  const error = s.context.error;
  if (!hasFailed(s) || !error || error.code === 'captcha.refused' || error.code === 'captcha.required') return null;
  return error;
}
