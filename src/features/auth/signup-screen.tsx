import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';
import { createSignUpActors } from '../../../machines/signup.actors';
import { signUpMachine } from '../../../machines/signup.machine';
import type { AuthActor } from '@/lib/auth/auth-service';
import { selectLoginError } from '../../../machines/auth.selectors';
import { hasFailed, hasSucceeded, isSubmitting, serverFieldErrors } from '../../../machines/signup.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { FormAlert } from '@/components/ui/alert';
import { systemError, validationMessages } from './messages';
import { useAfterLogin } from './use-after-login';
import { signUpSchema, type ValidationCode, validate } from './validation';

type FieldName = 'firstName' | 'lastName' | 'email' | 'password';
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'password'];

/**
 * Learner sign-up (`/signup`): first and last name, e-mail and password, checked on the client
 * (spec §5 e-mail rule and password policy), then sent by the sign-up machine as multipart
 * (`POST /auth/signup`). Server field errors (normalised) show next to their fields; on success the
 * account is signed in (`auth.signedUp`) and the page leaves for `redirect` or the landing page.
 */
export function SignUpScreen({ api, auth, redirect }: { api: Api; auth: AuthActor; redirect?: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Create your account`);
  useAfterLogin(auth, redirect);
  const machine = useMemo(() => signUpMachine.provide({ actors: createSignUpActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine);
  const [values, setValues] = useState<Record<FieldName, string>>({ firstName: '', lastName: '', email: '', password: '' });
  const [clientErrors, setClientErrors] = useState<Partial<Record<FieldName, ValidationCode>>>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const loginError = useSelector(auth, selectLoginError);
  const submitting = isSubmitting(snapshot);
  const { error, result } = snapshot.context;
  // A 409 without field errors is the e-mail already being registered: shown at the e-mail field.
  const serverErrors = serverFieldErrors(snapshot);
  const failed = hasFailed(snapshot);
  const succeeded = hasSucceeded(snapshot);

  // Hand the new account to the auth actor once (it fetches company and user, then logs in).
  useEffect(() => {
    if (succeeded && result) {
      auth.send({ type: 'auth.signedUp', result });
      const title = t`Welcome to Halaqa!`;
      setTimeout(() => toaster.create({ title, type: 'success' }), 0); // not while React commits
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.value]);

  // Server field errors: move focus to the first one.
  useEffect(() => {
    if (!failed) return;
    const first = FIELDS.find((f) => serverErrors[f]);
    if (first) refs[first].current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.value]);

  const recheck = (next: Record<FieldName, string>) => {
    if (!submitted) return;
    const r = validate(signUpSchema, next);
    setClientErrors(r.ok ? {} : r.errors);
  };

  const onChange = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: e.target.value };
    setValues(next);
    recheck(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const r = validate(signUpSchema, values);
    if (!r.ok) {
      setClientErrors(r.errors);
      const first = FIELDS.find((f) => r.errors[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    setClientErrors({});
    send({ type: 'signup.submitted', form: r.value });
  };

  const errorOf = (name: FieldName): string | undefined => {
    const code = clientErrors[name];
    if (code) return t(validationMessages[code]);
    return failed ? serverErrors[name] : undefined;
  };

  // Server errors on fields this form does not have go to the general message.
  const otherServerErrors = Object.entries(serverErrors)
    .filter(([k]) => !FIELDS.includes(k as FieldName))
    .map(([, m]) => m);
  const showGeneral = failed && error && !(error.status === 409 && serverErrors.email === error.message);
  const generalText = error?.message ?? t(systemError);

  return (
    <AuthLayout
      title={<Trans>Create your account</Trans>}
      lead={<Trans>Join live, project-based computer-science courses taught by experts.</Trans>}
      footer={
        <Trans>
          Already have an account?{' '}
          <Link to="/login" search={redirect ? { redirect } : {}} className={linkStyles}>
            Sign in
          </Link>
        </Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {succeeded && loginError ? (
          <FormAlert tone="info" title={<Trans>Your account was created.</Trans>}>
            <Trans>
              We could not sign you in automatically.{' '}
              <Link to="/login" search={redirect ? { redirect } : {}} className={linkStyles}>
                Sign in
              </Link>{' '}
              to continue.
            </Trans>
          </FormAlert>
        ) : null}
        {showGeneral ? (
          <FormAlert>
            {generalText}
            {otherServerErrors.length ? (
              <ul className={css({ marginBlockStart: '1', paddingInlineStart: '4', listStyleType: 'disc' })}>
                {otherServerErrors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
          <TextField
            ref={refs.firstName}
            label={t`First name`}
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={onChange('firstName')}
            error={errorOf('firstName')}
          />
          <TextField
            ref={refs.lastName}
            label={t`Last name`}
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={onChange('lastName')}
            error={errorOf('lastName')}
          />
        </div>
        <TextField
          ref={refs.email}
          label={t`E-mail`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={onChange('email')}
          error={errorOf('email')}
        />
        <TextField
          ref={refs.password}
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={onChange('password')}
          error={errorOf('password')}
          helperText={t`At least 8 characters, with a lower-case letter, an upper-case letter, a digit and a special character.`}
        />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
    </AuthLayout>
  );
}
