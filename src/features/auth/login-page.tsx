import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField } from '@/components/ui/credential-fields';
import { usePageTitle } from '@/lib/document-head';
import type { AuthActor } from '@/lib/auth/auth-service';
import type { FederatedProvider } from '@machines/auth.machine';
import { selectIsLoggingIn, selectLoginError } from '@machines/auth.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { FormAlert } from '@/components/ui/alert';
import { loginErrorText, validationMessages } from './messages';
import { SsoButtons } from './sso-buttons';
import { useAfterLogin } from './use-after-login';
import { loginSchema, type ValidationCode, validate } from './validation';

/**
 * The sign-in page (`/login?redirect=`): e-mail and password, sent to the auth actor
 * (`auth.login`). While the actor logs in the button spins; a failure shows the server's message or
 * 'Invalid credentials' (product.md#messages); once logged in the page leaves for `redirect` or the landing page.
 * Below the form, "Sign in with MA / QA" (federated sign-in); `signInWith` starts one at once
 * (`?sign-in-with-redirect=`, product.md#screens); only the directories of `federated` (those the server
 * offers) get a button.
 */
export function LoginScreen({
  auth,
  redirect,
  signInWith,
  federated,
}: {
  auth: AuthActor;
  redirect?: string | undefined;
  signInWith?: FederatedProvider | undefined;
  federated?: readonly FederatedProvider[];
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Sign in`);
  useAfterLogin(auth, redirect);
  const loggingIn = useSelector(auth, selectIsLoggingIn);
  const loginError = useSelector(auth, selectLoginError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, ValidationCode>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(loginSchema, { email, password });
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    auth.send({ type: 'auth.login', email: result.value.email, password: result.value.password });
  };

  const fieldError = (name: 'email' | 'password') => {
    const code = errors[name];
    return code ? t(validationMessages[code]) : undefined;
  };

  return (
    <AuthLayout
      title={<Trans>Sign in</Trans>}
      lead={<Trans>Welcome back! Sign in to continue learning.</Trans>}
      footer={
        <Trans>
          New to Halaqa?{' '}
          <Link to="/signup" search={redirect ? { redirect } : {}} className={linkStyles}>
            Create an account
          </Link>
        </Trans>
      }
    >
      <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {loginError ? <FormAlert>{loginErrorText(i18n, loginError)}</FormAlert> : null}
        <EmailField
          ref={emailRef}
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError('email')}
        />
        <PasswordField
          ref={passwordRef}
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError('password')}
        />
        <Link
          to="/forgot-password"
          search={email.trim() ? { email: email.trim() } : {}}
          className={cx(linkStyles, css({ alignSelf: 'flex-end', fontSize: 'sm' }))}
        >
          <Trans>Forgot password?</Trans>
        </Link>
        <Button type="submit" size="lg" fullWidth loading={loggingIn}>
          {loggingIn ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </form>
      <SsoButtons
        auth={auth}
        redirect={redirect}
        startWith={signInWith}
        {...(federated ? { available: federated } : {})}
      />
    </AuthLayout>
  );
}
