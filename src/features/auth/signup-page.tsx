import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { toaster } from '@/components/ui/toast';
import { EmailField, NameFields } from '@/components/ui/credential-fields';
import { inputBinder } from '@/components/ui/form-binding';
import { PagePending } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';
import { roleLabels } from '@/lib/auth/roles';
import { isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { createSignUpActors } from '@machines/signup.actors';
import { signUpMachine } from '@machines/signup.machine';
import type { AuthActor } from '@/lib/auth/auth-service';
import { selectLoginError } from '@machines/auth.selectors';
import {
  canChooseRole,
  captchaProblem,
  captchaRound,
  formFailure,
  hasFailed,
  hasSucceeded,
  invitationProblem,
  isLoadingInvitation,
  isSubmitting,
  selectInvitation,
  selectRole,
  serverFieldErrors,
} from '@machines/signup.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { FormAlert } from '@/components/ui/alert';
import { invitationProblemMessages, serverText, systemError } from './messages';
import { RoleChoice } from './role-choice';
import { useAfterLogin } from './use-after-login';
import { useSignUpForm } from './use-sign-up-form';
import { signUpSchema } from './validation';
import { ServerErrorsAlert, SignInAfterSignUpAlert, SignUpCaptcha, SignUpPasswordField } from './signup-parts';

type FieldName = 'firstName' | 'lastName' | 'email' | 'password';
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'password'];

/**
 * Sign-up (`/signup`, `/signup?invitation=<token>`): the role (Learner or Educator), first
 * and last name, e-mail and password, checked on the client (product.md#validation e-mail rule and password
 * policy), and the proof-of-work captcha; then sent by the sign-up machine as multipart
 * (`POST /auth/signup?g-recaptcha-response=…`). With an invitation link the machine reads the
 * invitation first: "You are invited to join <company> as <role>", the e-mail is the invited one
 * (read-only) and the role the invited one. Server field errors (normalised) show next to their
 * fields; on success the account is signed in (`auth.signedUp`) and the page leaves for `redirect`
 * or the landing page; an educator is told their account waits for an administrator.
 */
export function SignUpScreen({
  api,
  auth,
  redirect,
  invitationToken,
}: {
  api: Api;
  auth: AuthActor;
  redirect?: string | undefined;
  invitationToken?: string | undefined;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Create your account`);
  useAfterLogin(auth, redirect);
  const machine = useMemo(() => signUpMachine.provide({ actors: createSignUpActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { invitationToken: invitationToken ?? null } });
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  const invitation = selectInvitation(snapshot);
  const problem = invitationProblem(snapshot);
  const role = selectRole(snapshot);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const loginError = useSelector(auth, selectLoginError);
  const submitting = isSubmitting(snapshot);
  // A 409 without field errors is the e-mail already being registered: shown at the e-mail field.
  const serverErrors = serverFieldErrors(snapshot);
  const failed = hasFailed(snapshot);
  const failure = formFailure(snapshot);
  const succeeded = hasSucceeded(snapshot);
  const captchaCode = captchaProblem(snapshot);
  const { values, setValues, change, submit, errorOf, otherServerErrors } = useSignUpForm({
    schema: signUpSchema,
    fields: FIELDS,
    initial: { firstName: '', lastName: '', email: '', password: '' },
    serverErrors,
    failed,
    stateKey: snapshot.value,
    focus: (name) => refs[name].current?.focus(),
  });

  // The invited e-mail is the form's, and cannot be changed.
  useEffect(() => {
    if (invitation) setValues((v) => ({ ...v, email: invitation.email }));
  }, [invitation, setValues]);

  // Hand the new account to the auth actor once (it fetches company and user, then logs in), and greet.
  useEffect(() => {
    const subscription = actorRef.on('signup.succeeded', ({ result }) => {
      auth.send({ type: 'auth.signedUp', result });
      const company = invitation?.companyName ?? '';
      const title =
        invitation !== null
          ? t`Welcome to ${company}!`
          : role === 'EDUCATOR'
            ? t`Your educator account was created`
            : t`Welcome to Halaqa!`;
      const description =
        invitation === null && role === 'EDUCATOR'
          ? t`It is waiting for an administrator's approval. You will get an e-mail when it is decided.`
          : undefined;
      later(() =>
        toaster.create({
          title,
          ...(description ? { description } : {}),
          type: 'success',
          ...(description ? { duration: 10000 } : {}),
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [actorRef, auth, invitation, role, t]);

  const onSubmit = submit((form) => send({ type: 'signup.submitted', form, language }));

  const field = inputBinder({ values, change, errorOf, refs });

  const showGeneral = failure !== null && !(failure.status === 409 && serverErrors.email === failure.message);
  const generalText =
    failure && failure.code !== 'signup.failed' && failure.code in invitationProblemMessages
      ? t(invitationProblemMessages[failure.code as keyof typeof invitationProblemMessages])
      : failure?.message
        ? serverText(i18n, failure.message)
        : t(systemError);

  if (isLoadingInvitation(snapshot)) return <PagePending />;
  if (problem) {
    return (
      <AuthLayout title={<Trans>Your invitation</Trans>}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <FormAlert title={<Trans>This invitation cannot be used</Trans>}>
            {t(
              invitationProblemMessages[problem as keyof typeof invitationProblemMessages] ??
                invitationProblemMessages['invitation.invalid'],
            )}
          </FormAlert>
          <Button variant="outline" onClick={() => send({ type: 'invitation.dismissed' })}>
            <Trans>Create an account without the invitation</Trans>
          </Button>
          <Link to="/login" className={linkStyles}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }
  const invitedCompany = invitation?.companyName ?? '';
  const invitedRole = invitation ? t(roleLabels[invitation.role]) : '';

  return (
    <AuthLayout
      title={<Trans>Create your account</Trans>}
      lead={<Trans>Join live, project-based computer-science courses taught by experts.</Trans>}
      footer={
        <span className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <span>
            <Trans>
              Already have an account?{' '}
              <Link to="/login" search={redirect ? { redirect } : {}} className={linkStyles}>
                Sign in
              </Link>
            </Trans>
          </span>
          <span>
            <Trans>
              Signing up a company?{' '}
              <Link to="/signup/company" className={linkStyles}>
                Register your company
              </Link>
            </Trans>
          </span>
        </span>
      }
    >
      <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {invitation ? (
          <FormAlert
            tone="info"
            title={
              <Trans>
                You are invited to join {invitedCompany} as {invitedRole}
              </Trans>
            }
          >
            <Trans>Create your account with the invited e-mail address to join.</Trans>
          </FormAlert>
        ) : null}
        {canChooseRole(snapshot) ? (
          <RoleChoice value={role} onChange={(r) => send({ type: 'signup.roleChosen', role: r })} />
        ) : null}
        {succeeded && loginError ? (
          <SignInAfterSignUpAlert
            title={<Trans>Your account was created.</Trans>}
            search={redirect ? { redirect } : {}}
          />
        ) : null}
        {showGeneral ? <ServerErrorsAlert text={generalText} others={otherServerErrors} /> : null}
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
          <NameFields first={field('firstName')} last={field('lastName')} />
        </div>
        <EmailField
          {...field('email')}
          readOnly={invitation !== null}
          helperText={invitation ? t`The invitation is for this address.` : undefined}
        />
        <SignUpPasswordField {...field('password')} />
        <SignUpCaptcha key={captchaRound(snapshot)} api={api} language={language} problem={captchaCode} send={send} />
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
    </AuthLayout>
  );
}
