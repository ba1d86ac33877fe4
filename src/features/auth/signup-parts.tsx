import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { CaptchaField } from '@/components/ui/captcha';
import { captchaStrings } from '@/components/ui/captcha-strings';
import { PasswordField } from '@/components/ui/credential-fields';
import type { BoundInput } from '@/components/ui/form-binding';
import { type Api, unwrap } from '@/lib/api/client';
import { linkStyles } from './auth-layout';
import { captchaMessages, serverText } from './messages';

/**
 * The sign-up forms' general error: `text` (already in the reader's language), then the server's
 * messages about fields the form does not have (`others`, as sent), as a list.
 */
export function ServerErrorsAlert({ text, others }: { text: string; others: string[] }) {
  const { i18n } = useLingui();
  return (
    <FormAlert>
      {text}
      {others.length ? (
        <ul className={css({ marginBlockStart: '1', paddingInlineStart: '4', listStyleType: 'disc' })}>
          {others.map((m) => (
            <li key={m}>{serverText(i18n, m)}</li>
          ))}
        </ul>
      ) : null}
    </FormAlert>
  );
}

/** The captcha events both sign-up machines take. */
type CaptchaEvent = { type: 'captcha.solved'; payload: string } | { type: 'captcha.reset' };

/**
 * The sign-up forms' captcha: the challenge comes from GET /auth/captcha/challenge, and a solution or a
 * reset goes to the form's machine (`send`); `problem` is the machine's captcha refusal (null when none).
 * Give it `key={captchaRound}` so a refusal asks again.
 */
export function SignUpCaptcha({
  api,
  language,
  problem,
  send,
}: {
  api: Api;
  language: string;
  problem: keyof typeof captchaMessages | null;
  send: (event: CaptchaEvent) => void;
}) {
  const { t, i18n } = useLingui();
  const fetchChallenge = useMemo(() => async () => unwrap(await api.GET('/auth/captcha/challenge')), [api]);
  return (
    <CaptchaField
      fetchChallenge={fetchChallenge}
      strings={captchaStrings(i18n)}
      language={language}
      onSolved={(payload) => send({ type: 'captcha.solved', payload })}
      onReset={() => send({ type: 'captcha.reset' })}
      error={problem ? t(captchaMessages[problem]) : null}
    />
  );
}

/** The new account's password, with the password policy (product.md#validation) under it. */
export function SignUpPasswordField(props: BoundInput) {
  const { t } = useLingui();
  return (
    <PasswordField
      label={t`Password`}
      autoComplete="new-password"
      helperText={t`At least 8 characters, with a lower-case letter, an upper-case letter, a digit and a special character.`}
      {...props}
    />
  );
}

/**
 * After a sign-up that went through but whose automatic sign-in failed: `title` says what was created, and a
 * link leads to the sign-in page (with `search`, e.g. the page to come back to, when given).
 */
export function SignInAfterSignUpAlert({ title, search }: { title: ReactNode; search?: { redirect?: string } }) {
  return (
    <FormAlert tone="info" title={title}>
      <Trans>
        We could not sign you in automatically.{' '}
        <Link to="/login" {...(search ? { search } : {})} className={linkStyles}>
          Sign in
        </Link>{' '}
        to continue.
      </Trans>
    </FormAlert>
  );
}
