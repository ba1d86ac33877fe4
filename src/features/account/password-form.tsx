import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { inputBinder } from '@/components/ui/form-binding';
import { NewPasswordFields, PasswordField } from '@/components/ui/credential-fields';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { newPasswordMessages } from '@/lib/password-messages';
import { tooManyAttemptsText } from '@/lib/too-many-attempts';
import { createPasswordActors } from '@machines/password.actors';
import { checkNewPassword, type NewPasswordCode } from '@machines/password.form';
import { changePasswordMachine, type PasswordChanged } from '@machines/password.machine';
import { changeFailure, changeFieldErrors, isChangingPassword, passwordWasChanged } from '@machines/password.selectors';
import { later } from '@/lib/later';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';

/**
 * Change password (product.md#calls PUT /account/password {oldPassword, newPassword}): the current
 * password, the new one twice (#validation policy), sent by the change-password machine. On success the
 * server ends the account's other sign-ins and answers a fresh token, which goes to the auth actor
 * (`auth.tokenReplaced`) so this session stays signed in; the toast says 'password changed !'.
 * Failures show the server's message (product.md#messages), e.g. a wrong current password.
 */
export function PasswordForm({ api, auth }: { api: Api; auth: AuthActor }) {
  const { t } = useLingui();
  const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, NewPasswordCode>>>({});
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: createPasswordActors(api),
        actions: {
          passwordChanged: (_, result: PasswordChanged) => {
            auth.send({ type: 'auth.tokenReplaced', token: result.token, expiresAt: result.expiresAt });
            const title = t`password changed !`;
            later(() => {
              toaster.create({ title, type: 'success' });
              setValues(empty);
            });
          },
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, auth, t],
  );
  const [snapshot, send] = useMachine(machine);
  const refs = {
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const failure = changeFailure(snapshot);
  const serverErrors = changeFieldErrors(snapshot);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { password, confirmPassword } = checkNewPassword(values.newPassword, values.confirmPassword);
    const errors: Partial<Record<Field, NewPasswordCode>> = {
      ...(values.oldPassword ? {} : { oldPassword: 'required' as const }),
      ...(password ? { newPassword: password } : {}),
      ...(confirmPassword ? { confirmPassword } : {}),
    };
    setClientErrors(errors);
    const first = (['oldPassword', 'newPassword', 'confirmPassword'] as const).find((f) => errors[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    send({ type: 'change.submitted', oldPassword: values.oldPassword, newPassword: values.newPassword });
  };

  const fieldError = (name: Field) => {
    const code = clientErrors[name];
    if (code) return t(newPasswordMessages[code]);
    // The server's one refusal of the current password, said in the reader's language.
    if (name === 'oldPassword' && serverErrors.oldPassword) return t`Your current password is not correct.`;
    return serverErrors[name];
  };
  const field = inputBinder({
    values,
    change: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    errorOf: fieldError,
    refs,
  });

  return (
    <Card>
      <CardBody>
        <form
          noValidate
          onSubmit={onSubmit}
          className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '32rem' })}
        >
          {passwordWasChanged(snapshot) ? (
            <FormAlert tone="success">
              <Trans>password changed !</Trans>{' '}
              <Trans>Your other devices are signed out; this one stays signed in.</Trans>
            </FormAlert>
          ) : null}
          {failure && !Object.keys(serverErrors).length ? (
            <FormAlert>
              {tooManyAttemptsText(failure) ?? failure.message ?? t`System error please try later !`}
            </FormAlert>
          ) : null}
          <PasswordField label={t`Current password`} autoComplete="current-password" {...field('oldPassword')} />
          <NewPasswordFields
            label={t`New password`}
            password={field('newPassword')}
            confirm={field('confirmPassword')}
          />
          <div>
            <Button type="submit" loading={isChangingPassword(snapshot)}>
              <Trans>Change the password</Trans>
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
