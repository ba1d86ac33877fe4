import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthFailure } from '@machines/auth.machine';
import { tooManyAttemptsText } from '@/lib/too-many-attempts';
import type { ValidationCode } from './validation';

/** Texts of the client-side validation codes. */
export const validationMessages: Record<ValidationCode, MessageDescriptor> = {
  required: msg`This field is required.`,
  'email.invalid': msg`Enter a valid e-mail address, like name@example.com.`,
  'password.tooShort': msg`Use at least 8 characters.`,
  'password.lower': msg`Add a lower-case letter.`,
  'password.upper': msg`Add an upper-case letter.`,
  'password.digit': msg`Add a digit.`,
  'password.special': msg`Add a special character, like ! or #.`,
  'acronym.invalid': msg`Use 2 to 20 capital letters or digits, like NCAI.`,
  tooLong: msg`This is too long.`,
};

export const invalidCredentials = msg`Invalid credentials`;
export const systemError = msg`System error please try later !`;
export const federatedFailed = msg`Single sign-on did not work. Please try again.`;

/** A directory whose sign-in this server does not offer (the SSO buttons, and the server's 404). */
export const federatedUnavailable = {
  MA: msg`Sign-in with MA is not available on this server.`,
  QA: msg`Sign-in with QA is not available on this server.`,
} as const;

/** The server's refusals of a federated sign-in that the sign-in pages show in the interface language. */
const knownSignInMessages: Record<string, MessageDescriptor> = {
  'Sign-in with MA is not available on this server.': federatedUnavailable.MA,
  'Sign-in with QA is not available on this server.': federatedUnavailable.QA,
  'Sign-in with MA is not open yet: its company is not approved on Halaqa. Please contact us.': msg`Sign-in with MA is not open yet: its company is not approved on Halaqa. Please contact us.`,
  'Sign-in with QA is not open yet: its company is not approved on Halaqa. Please contact us.': msg`Sign-in with QA is not open yet: its company is not approved on Halaqa. Please contact us.`,
};

/**
 * product.md#messages: a refusal shows the server's message, otherwise 'Invalid credentials'
 * (sign-in); a server error (5xx) or no answer at all shows 'System error please try later !',
 * never 'Invalid credentials' (the password was not judged). The server's own 'Invalid
 * credentials' and the federated refusals above are shown translated.
 */
export function loginErrorText(i18n: I18n, error: AuthFailure): string {
  // 429: how long to wait, in the reader's language.
  const wait = tooManyAttemptsText(error);
  if (wait) return wait;
  if (error.status !== undefined && (error.status === 0 || error.status >= 500)) return i18n._(systemError);
  const known = error.message ? knownSignInMessages[error.message] : undefined;
  if (known) return i18n._(known);
  if (error.message && error.message !== 'Invalid credentials') return error.message;
  if (error.code === 'auth.federatedFailed') return i18n._(federatedFailed);
  return i18n._(error.code === 'auth.signInFailed' ? invalidCredentials : systemError);
}

/** What the sign-up screens say about the captcha (server messages are replaced by these). */
export const captchaMessages = {
  'captcha.required': msg`Please complete the captcha`,
  'captcha.refused': msg`The captcha was not accepted, please try again`,
} as const;

/** Why an invitation link cannot be used. */
export const invitationProblemMessages = {
  'invitation.used': msg`This invitation was already used. Sign in with the account that accepted it.`,
  'invitation.expired': msg`This invitation has expired. Ask the person who invited you for a new one.`,
  'invitation.invalid': msg`This invitation link is not valid. Check the link in your e-mail.`,
  'invitation.unavailable': msg`We could not read this invitation. Try again in a moment.`,
} as const;

/** The server's sign-up messages the screens know, shown in the interface language. */
const knownServerMessages: Record<string, MessageDescriptor> = {
  'An account with this email already exists': msg`An account with this email already exists`,
  'A company with this acronym already exists': msg`A company with this acronym already exists`,
  "This acronym is reserved for an organisation's single sign-on": msg`This acronym is reserved for an organisation's single sign-on`,
  'This invitation is for another e-mail': msg`This invitation is for another e-mail`,
  'is required': msg`This field is required.`,
  'must be a valid email address': msg`Enter a valid e-mail address, like name@example.com.`,
};

/** A server message in the interface language when it is one the sign-up screens know; else as sent. */
export function serverText(i18n: I18n, text: string): string {
  const known = knownServerMessages[text];
  return known ? i18n._(known) : text;
}
