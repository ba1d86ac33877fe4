import type { SnapshotFrom } from 'xstate';
import type {
  ChangeFailure,
  ForgotFailure,
  ResetFailure,
  TokenProblem,
  changePasswordMachine,
  forgotPasswordMachine,
  resetPasswordMachine,
} from './password.machine';

export type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
export type ResetSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
export type ChangeSnapshot = SnapshotFrom<typeof changePasswordMachine>;

/** True while the reset request is on its way (the button spins, clicks are ignored). */
export const isSendingReset = (s: ForgotSnapshot): boolean => s.hasTag('busy');
/** The address the link was sent for, once the server accepted the request; else null. */
export const resetSentTo = (s: ForgotSnapshot): string | null => (s.matches('sent') ? s.context.email : null);
/** Why the last request failed (in `failed`), else null. */
export const forgotFailure = (s: ForgotSnapshot): ForgotFailure | null =>
  s.matches('failed') ? s.context.error : null;

/** True while the new password is being saved. */
export const isResetting = (s: ResetSnapshot): boolean => s.hasTag('busy');
/** True once the password was reset (the screen leaves for /). */
export const isResetDone = (s: ResetSnapshot): boolean => s.matches('done');
/** The problem with the link (used twice, expired, not valid), else null: the form gives way to it. */
export const resetLinkProblem = (s: ResetSnapshot): TokenProblem | null =>
  s.matches('used') ? 'used' : s.matches('expired') ? 'expired' : s.matches('invalid') ? 'invalid' : null;
/** The last failure other than the link's (in `failed`), else null. */
export const resetFailure = (s: ResetSnapshot): ResetFailure | null => (s.matches('failed') ? s.context.error : null);
/** The server's field errors of the last attempt (`password`, `confirmPassword`). */
export const resetFieldErrors = (s: ResetSnapshot): Record<string, string> =>
  s.matches('failed') ? s.context.fieldErrors : {};

/** True while the password change is being saved. */
export const isChangingPassword = (s: ChangeSnapshot): boolean => s.hasTag('busy');
/** True right after a successful change (until the next attempt). */
export const passwordWasChanged = (s: ChangeSnapshot): boolean => s.matches('changed');
/** Why the last change failed (in `failed`), else null. */
export const changeFailure = (s: ChangeSnapshot): ChangeFailure | null =>
  s.matches('failed') ? s.context.error : null;
/** The server's field errors of the last attempt (`oldPassword`, `newPassword`). */
export const changeFieldErrors = (s: ChangeSnapshot): Record<string, string> =>
  s.matches('failed') ? s.context.fieldErrors : {};
