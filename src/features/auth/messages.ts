import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuthFailure } from '../../../machines/auth.machine';
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
};

export const invalidCredentials = msg`Invalid credentials`;
export const systemError = msg`System error please try later !`;
export const federatedFailed = msg`Single sign-on did not work. Please try again.`;

/**
 * Spec §8: the server's message, otherwise 'Invalid credentials' (sign-in) or the system error.
 * The server's own 'Invalid credentials' is shown translated.
 */
export function loginErrorText(i18n: I18n, error: AuthFailure): string {
  if (error.message && error.message !== 'Invalid credentials') return error.message;
  if (error.code === 'auth.federatedFailed') return i18n._(federatedFailed);
  return i18n._(error.code === 'auth.signInFailed' ? invalidCredentials : systemError);
}
