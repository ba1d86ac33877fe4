import type { SnapshotFrom } from 'xstate';
import type { CompanySignUpFailure, companySignUpMachine } from './company-signup.machine';

/** A snapshot of the company sign-up machine. */
export type CompanySignUpSnapshot = SnapshotFrom<typeof companySignUpMachine>;

/** True while the company and its partner are being created. */
export const isSubmitting = (s: CompanySignUpSnapshot): boolean => s.matches('submitting');

/** True once the company exists (the partner is then signed in, PENDING). */
export const hasSucceeded = (s: CompanySignUpSnapshot): boolean => s.matches('succeeded');

/** True when the server refused the sign-up. */
export const hasFailed = (s: CompanySignUpSnapshot): boolean => s.matches({ form: 'failed' });

/** A key the captcha widget is rebuilt with whenever a new captcha is needed. */
export const captchaRound = (s: CompanySignUpSnapshot): number => s.context.captchaRound;

/** The captcha problem to show at the widget, or null. */
export const captchaProblem = (s: CompanySignUpSnapshot): 'captcha.required' | 'captcha.refused' | null => {
  const code = s.context.error?.code;
  return s.matches('form') && (code === 'captcha.required' || code === 'captcha.refused') ? code : null;
};

/**
 * The server's field errors by the form's field names (`account.email` → `email`,
 * `company.address.city` → `city`, `company.name` → `name`…). A 409 without field errors is the
 * e-mail or the acronym being taken: its message goes to that field.
 */
export function serverFieldErrors(s: CompanySignUpSnapshot): Record<string, string> {
  const { error, fieldErrors } = s.context;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.replace(/^(company\.address\.|company\.|account\.)/, '');
    const key =
      path.startsWith('company.') && (field === 'name' || field === 'language')
        ? `company${field[0].toUpperCase()}${field.slice(1)}`
        : field;
    out[key] = message;
  }
  if (
    error?.code === 'signup.failed' &&
    error.status === 409 &&
    error.message &&
    Object.keys(fieldErrors).length === 0
  ) {
    out[/acronym/i.test(error.message) ? 'acronym' : 'email'] = error.message;
  }
  return out;
}

/** The refusal to show above the form (not the captcha's), or null. */
export function formFailure(s: CompanySignUpSnapshot): CompanySignUpFailure | null {
  const error = s.context.error;
  return hasFailed(s) && error && error.code === 'signup.failed' ? error : null;
}
