import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/credential-fields';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { isLocale } from '@/lib/i18n';
import { tooManyAttemptsText } from '@/lib/too-many-attempts';
import { createPasswordActors } from '@machines/password.actors';
import { forgotPasswordMachine } from '@machines/password.machine';
import { forgotFailure, isSendingReset, resetSentTo } from '@machines/password.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { systemError, validationMessages } from './messages';
import { EMAIL_PATTERN } from './validation';

/**
 * "Forgot password?" (`/forgot-password`): the e-mail of the account, sent by the
 * forgot-password machine (`POST /account/reset-password/request`). The answer is the same
 * whether or not the address has an account: a link (single use, one hour) is on its way.
 * A 429 says how long to wait.
 */
export function ForgotPasswordScreen({ api, initialEmail }: { api: Api; initialEmail?: string | undefined }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Forgot your password?`);
  const machine = useMemo(() => forgotPasswordMachine.provide({ actors: createPasswordActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const sentTo = resetSentTo(snapshot);
  const failure = forgotFailure(snapshot);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value
      ? validationMessages.required
      : !EMAIL_PATTERN.test(value)
        ? validationMessages['email.invalid']
        : null;
    if (problem) {
      setError(t(problem));
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    send({ type: 'forgot.submitted', email: value, language: isLocale(i18n.locale) ? i18n.locale : 'en' });
  };

  const footer = (
    <Link to="/login" className={linkStyles}>
      <Trans>Back to sign in</Trans>
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout title={<Trans>Check your mailbox</Trans>} footer={footer}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <FormAlert tone="success" title={<Trans>The request is on its way</Trans>}>
            <Trans>
              If <bdi>{sentTo}</bdi> has a Halaqa account, we have sent it a link to choose a new password. The link
              works once, within one hour.
            </Trans>
          </FormAlert>
          <Button variant="outline" onClick={() => send({ type: 'forgot.restart' })}>
            <Trans>Use another address</Trans>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={<Trans>Forgot your password?</Trans>}
      lead={<Trans>Enter the e-mail of your account: we will send you a link to choose a new password.</Trans>}
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {failure ? <FormAlert>{tooManyAttemptsText(failure) ?? failure.message ?? t(systemError)}</FormAlert> : null}
        <EmailField
          ref={emailRef}
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth loading={isSendingReset(snapshot)}>
          <Trans>Send the reset link</Trans>
        </Button>
      </form>
    </AuthLayout>
  );
}
