import type { SnapshotFrom } from 'xstate';
import type { signUpMachine } from './signup.machine';

/** A snapshot of the sign-up machine. */
export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** True while the account is being created (the button spins). */
export const isSubmitting = (s: SignUpSnapshot): boolean => s.hasTag('loading');

/** True once the account exists (the auth actor then signs the user in). */
export const hasSucceeded = (s: SignUpSnapshot): boolean => s.matches('succeeded');

/** True when the server refused the sign-up (its field errors and message are shown). */
export const hasFailed = (s: SignUpSnapshot): boolean => s.matches('failed');

/**
 * The server's errors by field. A 409 without field errors is the e-mail already being registered:
 * its message belongs to the e-mail field.
 */
export function serverFieldErrors(s: SignUpSnapshot): Record<string, string> {
  const { error, fieldErrors } = s.context;
  return error?.status === 409 && error.message && Object.keys(fieldErrors).length === 0 ? { email: error.message } : fieldErrors;
}
