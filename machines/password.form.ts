/**
 * The new-password rules of the password forms (product.md#validation identity-service policy, #limits minimum 8):
 * at least 8 characters with a lower-case letter, an upper-case letter, a digit and a special
 * character; the server checks the same (server/modules/auth/service.ts `passwordProblem`).
 * Codes, not texts: the UI says them in the reader's language.
 */
export type NewPasswordCode =
  | 'required'
  | 'password.tooShort'
  | 'password.lower'
  | 'password.upper'
  | 'password.digit'
  | 'password.special'
  | 'password.mismatch';

/** The first rule `password` breaks, or null. */
export function newPasswordProblem(password: string): NewPasswordCode | null {
  if (!password) return 'required';
  if (password.length < 8) return 'password.tooShort';
  if (!/[a-z]/.test(password)) return 'password.lower';
  if (!/[A-Z]/.test(password)) return 'password.upper';
  if (!/\d/.test(password)) return 'password.digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'password.special';
  return null;
}

/**
 * Checks a new password and its confirmation.
 * @returns per field its first problem (`password`, `confirmPassword`); empty when both are fine.
 */
export function checkNewPassword(
  password: string,
  confirmPassword: string,
): Partial<Record<'password' | 'confirmPassword', NewPasswordCode>> {
  const out: Partial<Record<'password' | 'confirmPassword', NewPasswordCode>> = {};
  const problem = newPasswordProblem(password);
  if (problem) out.password = problem;
  if (!confirmPassword) out.confirmPassword = 'required';
  else if (confirmPassword !== password) out.confirmPassword = 'password.mismatch';
  return out;
}
