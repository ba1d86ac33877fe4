import * as v from 'valibot';

/**
 * Client-side rules of the auth forms (spec §5). Messages are codes (see `validationMessages` in
 * messages.ts for their text), so the rules stay free of UI and language.
 */

/** One @, a domain with a top-level part of 2 or more letters (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;

/** Identity-service password policy (spec §5, §9): ≥ 8 characters, lower, upper, digit, special. */
export const PASSWORD_MIN_LENGTH = 8;

export type ValidationCode =
  | 'required'
  | 'email.invalid'
  | 'password.tooShort'
  | 'password.lower'
  | 'password.upper'
  | 'password.digit'
  | 'password.special';

const email = v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.regex(EMAIL_PATTERN, 'email.invalid'));

const strongPassword = v.pipe(
  v.string(),
  v.nonEmpty('required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'password.tooShort'),
  v.regex(/[a-z]/, 'password.lower'),
  v.regex(/[A-Z]/, 'password.upper'),
  v.regex(/\d/, 'password.digit'),
  v.regex(/[^A-Za-z0-9]/, 'password.special'),
);

const name = v.pipe(v.string(), v.trim(), v.nonEmpty('required'));

export const loginSchema = v.object({ email, password: v.pipe(v.string(), v.nonEmpty('required')) });
export const signUpSchema = v.object({ firstName: name, lastName: name, email, password: strongPassword });

export type LoginForm = v.InferOutput<typeof loginSchema>;
export type SignUpForm = v.InferOutput<typeof signUpSchema>;

/**
 * Validates `values` with `schema`. Returns the parsed (trimmed) values, or for each failing field
 * its first rule code: `{ ok: false, errors: { email: 'email.invalid' } }`.
 */
export function validate<TSchema extends v.GenericSchema<Record<string, string>, Record<string, string>>>(
  schema: TSchema,
  values: Record<string, string>,
): { ok: true; value: v.InferOutput<TSchema> } | { ok: false; errors: Record<string, ValidationCode> } {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, ValidationCode> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue);
    if (key && !(key in errors)) errors[key] = issue.message as ValidationCode;
  }
  return { ok: false, errors };
}
