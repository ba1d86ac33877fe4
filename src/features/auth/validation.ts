import * as v from 'valibot';

/**
 * Client-side rules of the auth forms (product.md#validation). Messages are codes (see `validationMessages` in
 * messages.ts for their text), so the rules stay free of UI and language.
 */

/** One @, a domain with a top-level part of 2 or more letters (product.md#validation). */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;

/** Identity-service password policy (product.md#validation, #limits): ≥ 8 characters, lower, upper, digit, special. */
export const PASSWORD_MIN_LENGTH = 8;

export type ValidationCode =
  | 'required'
  | 'email.invalid'
  | 'password.tooShort'
  | 'password.lower'
  | 'password.upper'
  | 'password.digit'
  | 'password.special'
  | 'acronym.invalid'
  | 'tooLong';

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

/** A company code: 2 to 20 upper-case letters, digits, `_` or `-` (e.g. NCAI; the contract's pattern). */
export const ACRONYM_PATTERN = /^[A-Z0-9_-]{2,20}$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'));
const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'tooLong'));

/**
 * The company sign-up form (product.md#validation "partner sign-up needs firstName, lastName, email, password,
 * plus company and address"): flat fields, as the screen holds them.
 */
export const companySignUpSchema = v.object({
  companyName: text(200),
  acronym: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty('required'),
    v.regex(ACRONYM_PATTERN, 'acronym.invalid'),
  ),
  companyLanguage: v.picklist(['en', 'ar'], 'required'),
  line1: text(200),
  line2: optionalText(200),
  city: text(100),
  state: optionalText(100),
  postalCode: text(20),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'required')),
  firstName: v.pipe(name, v.maxLength(100, 'tooLong')),
  lastName: v.pipe(name, v.maxLength(100, 'tooLong')),
  email,
  password: strongPassword,
});

export type CompanySignUpForm = v.InferOutput<typeof companySignUpSchema>;

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
