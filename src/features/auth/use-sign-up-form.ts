import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { serverText, validationMessages } from './messages';
import { type ValidationCode, validate } from './validation';

type FormSchema = v.GenericSchema<Record<string, string>, Record<string, string>>;

/**
 * The state of a sign-up form (personal or company) checked with a valibot `schema` (validation.ts):
 * its values, `change` (re-checks every field once the form was submitted), `submit` (checks, focuses
 * the first invalid field with `focus`, else hands the parsed values to `onValid`), `errorOf` (the
 * field's client error, else the server's when `failed`, in the reader's language) and `otherServerErrors`
 * (the server's messages about fields the form does not have). The first server field error is focused
 * when the machine's state changes (`stateKey`).
 */
export function useSignUpForm<F extends string, S extends FormSchema>({
  schema,
  fields,
  initial,
  serverErrors,
  failed,
  stateKey,
  focus,
}: {
  schema: S;
  fields: readonly F[];
  initial: Record<F, string>;
  serverErrors: Record<string, string>;
  failed: boolean;
  stateKey: unknown;
  focus: (name: F) => void;
}) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, ValidationCode>>>({});
  const [submitted, setSubmitted] = useState(false);

  // Server field errors: move focus to the first one.
  useEffect(() => {
    if (!failed) return;
    const first = fields.find((f) => serverErrors[f]);
    if (first) focus(first);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stateKey]);

  const change = (name: F, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      const r = validate(schema, next);
      setClientErrors(r.ok ? {} : r.errors);
    }
  };

  const submit = (onValid: (value: v.InferOutput<S>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const r = validate(schema, values);
    if (!r.ok) {
      setClientErrors(r.errors);
      const first = fields.find((f) => r.errors[f]);
      if (first) focus(first);
      return;
    }
    setClientErrors({});
    onValid(r.value);
  };

  const errorOf = (name: F): string | undefined => {
    const code = clientErrors[name];
    if (code) return t(validationMessages[code]);
    const server = failed ? serverErrors[name] : undefined;
    return server ? serverText(i18n, server) : undefined;
  };

  const otherServerErrors = Object.entries(serverErrors)
    .filter(([k]) => !(fields as readonly string[]).includes(k))
    .map(([, m]) => m);

  return { values, setValues, change, submit, errorOf, otherServerErrors };
}
