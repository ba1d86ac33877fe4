import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { inputBinder } from '@/components/ui/form-binding';
import { NewPasswordFields } from '@/components/ui/credential-fields';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { newPasswordMessages } from '@/lib/password-messages';
import { tooManyAttemptsText } from '@/lib/too-many-attempts';
import { createPasswordActors } from '@machines/password.actors';
import { checkNewPassword, type NewPasswordCode } from '@machines/password.form';
import { resetPasswordMachine } from '@machines/password.machine';
import { isResetting, resetFailure, resetFieldErrors, resetLinkProblem } from '@machines/password.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { systemError } from './messages';
import { later } from '@/lib/later';

type Field = 'password' | 'confirmPassword';

/**
 * `/reset-password?email=&token=` (product.md#validation "Reset password needs email, token, password,
 * confirmPassword"): the new password twice, checked with the #validation policy, sent by the reset machine.
 * Success toasts 'Your password has been reset, you can now login!' and goes to / (product.md#screens).
 * A link used before, older than an hour or not valid says so and offers a new one.
 */
export function ResetPasswordScreen({ api, email, token }: { api: Api; email: string; token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`);
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      resetPasswordMachine.provide({
        actors: createPasswordActors(api),
        actions: {
          resetDone: () => {
            const title = t`Your password has been reset, you can now login!`;
            later(() => {
              toaster.create({ title, type: 'success' });
              void navigate({ to: '/' });
            });
          },
        },
      }),
    [api, navigate, t],
  );
  const [snapshot, send] = useMachine(machine, { input: { email, token } });
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, NewPasswordCode>>>({});
  const refs = { password: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };
  const problem = email && token ? resetLinkProblem(snapshot) : 'invalid';
  const failure = resetFailure(snapshot);
  const serverErrors = resetFieldErrors(snapshot);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = checkNewPassword(values.password, values.confirmPassword);
    setClientErrors(errors);
    const first = (['password', 'confirmPassword'] as const).find((f) => errors[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    send({ type: 'reset.submitted', password: values.password, confirmPassword: values.confirmPassword });
  };

  const fieldError = (name: Field) => {
    const code = clientErrors[name];
    return code ? t(newPasswordMessages[code]) : serverErrors[name];
  };
  const field = inputBinder({
    values,
    change: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    errorOf: fieldError,
    refs,
  });

  const footer = (
    <Link to="/login" className={linkStyles}>
      <Trans>Back to sign in</Trans>
    </Link>
  );

  if (problem) {
    return (
      <AuthLayout title={<Trans>This link cannot be used</Trans>} footer={footer}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <FormAlert tone="warning">
            {problem === 'used' ? (
              <Trans>This reset link has already been used. Each link works once: ask for a new one.</Trans>
            ) : problem === 'expired' ? (
              <Trans>This reset link has expired: links work for one hour. Ask for a new one.</Trans>
            ) : (
              <Trans>
                This reset link is not valid. Check that you opened the whole link from the mail, or ask for a new one.
              </Trans>
            )}
          </FormAlert>
          <Link
            to="/forgot-password"
            search={email ? { email } : {}}
            className={buttonStyles({ variant: 'solid', size: 'lg', fullWidth: true })}
          >
            <Trans>Ask for a new link</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Choose a new password</Trans>}
      lead={
        <Trans>
          For the account <bdi>{email}</bdi>. Once it is changed, every device signed in to this account is signed out.
        </Trans>
      }
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {failure && !Object.keys(serverErrors).length ? (
          <FormAlert>{tooManyAttemptsText(failure) ?? failure.message ?? t(systemError)}</FormAlert>
        ) : null}
        <NewPasswordFields label={t`New password`} password={field('password')} confirm={field('confirmPassword')} />
        <Button type="submit" size="lg" fullWidth loading={isResetting(snapshot)}>
          <Trans>Reset my password</Trans>
        </Button>
      </form>
    </AuthLayout>
  );
}
