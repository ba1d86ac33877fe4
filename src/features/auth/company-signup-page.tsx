import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { EmailField, NameFields } from '@/components/ui/credential-fields';
import { SelectField, TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { usePageTitle } from '@/lib/document-head';
import { isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { selectLoginError } from '@machines/auth.selectors';
import { createCompanySignUpActors } from '@machines/company-signup.actors';
import { companySignUpMachine, type CompanySignUpFields } from '@machines/company-signup.machine';
import {
  captchaProblem,
  captchaRound,
  formFailure,
  hasSucceeded,
  isSubmitting,
  serverFieldErrors,
} from '@machines/company-signup.selectors';
import { AuthLayout, linkStyles } from './auth-layout';
import { serverText, systemError } from './messages';
import { useAfterLogin } from './use-after-login';
import { useSignUpForm } from './use-sign-up-form';
import { companySignUpSchema, type CompanySignUpForm } from './validation';
import { ServerErrorsAlert, SignInAfterSignUpAlert, SignUpCaptcha, SignUpPasswordField } from './signup-parts';

type FieldName = keyof CompanySignUpForm;
const FIELDS: FieldName[] = [
  'companyName',
  'acronym',
  'companyLanguage',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
  'firstName',
  'lastName',
  'email',
  'password',
];

/** Countries offered for the address (ISO 3166-1 alpha-2), named in the interface language. */
const COUNTRIES = [
  'QA',
  'SA',
  'AE',
  'KW',
  'BH',
  'OM',
  'JO',
  'EG',
  'MA',
  'TN',
  'DZ',
  'LB',
  'IQ',
  'TR',
  'PK',
  'IN',
  'GB',
  'FR',
  'DE',
  'NL',
  'ES',
  'US',
  'CA',
];

/** The form's fields → the contract's request (trimmed; empty optional fields left out). */
function toRequest(f: CompanySignUpForm, language: 'en' | 'ar'): CompanySignUpFields {
  return {
    company: {
      name: f.companyName,
      acronym: f.acronym,
      language: f.companyLanguage,
      address: {
        line1: f.line1,
        ...(f.line2 ? { line2: f.line2 } : {}),
        city: f.city,
        ...(f.state ? { state: f.state } : {}),
        postalCode: f.postalCode,
        country: f.country,
      },
    },
    account: { firstName: f.firstName, lastName: f.lastName, email: f.email, password: f.password, language },
  };
}

function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', padding: 0, margin: 0 })}
    >
      <legend className={css({ fontSize: 'md', fontWeight: 'semibold', marginBlockEnd: '3' })}>{title}</legend>
      {children}
    </fieldset>
  );
}

const pair = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } });

/**
 * Company sign-up (`/signup/company`, product.md#validation "partner sign-up", #calls): the company (name, acronym,
 * language), its address, the partner's account (names, e-mail, password) and the captcha,
 * checked on the client with the valibot schema of validation.ts, then sent by the company sign-up
 * machine (`POST /auth/signup/company?g-recaptcha-response=…`). Server field errors show at their
 * fields (a taken e-mail or acronym too). On success the partner is signed in, PENDING: the
 * dashboard says the company waits for an administrator's approval.
 */
export function CompanySignUpScreen({ api, auth }: { api: Api; auth: AuthActor }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Sign up your company`);
  useAfterLogin(auth, undefined);
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  const machine = useMemo(() => companySignUpMachine.provide({ actors: createCompanySignUpActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine);
  const formRef = useRef<HTMLFormElement>(null);
  const loginError = useSelector(auth, selectLoginError);
  const serverErrors = serverFieldErrors(snapshot);
  const failure = formFailure(snapshot);
  const succeeded = hasSucceeded(snapshot);
  const captchaCode = captchaProblem(snapshot);
  const { values, change, submit, errorOf, otherServerErrors } = useSignUpForm({
    schema: companySignUpSchema,
    fields: FIELDS,
    initial: {
      companyName: '',
      acronym: '',
      companyLanguage: language,
      line1: '',
      line2: '',
      city: '',
      state: '',
      postalCode: '',
      country: 'QA',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    },
    serverErrors,
    failed: failure !== null,
    stateKey: snapshot.value,
    focus: (name) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus(),
  });

  // Hand the new partner to the auth actor once, and say what happens next (product.md#messages).
  useEffect(() => {
    const subscription = actorRef.on('company.signedUp', ({ result }) => {
      auth.send({ type: 'auth.signedUp', result });
      const title = t`Your company is registered`;
      const description = t`An administrator will review it. You will get an e-mail when it is decided.`;
      later(() => toaster.create({ title, description, type: 'success', duration: 10000 }));
    });
    return () => subscription.unsubscribe();
  }, [actorRef, auth, t]);

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    change(name, name === 'acronym' ? e.target.value.toUpperCase() : e.target.value);
  const onSubmit = submit((form) => send({ type: 'company.submitted', form: toRequest(form, language) }));
  const field = (name: FieldName) => ({ name, value: values[name], onChange: set(name), error: errorOf(name) });
  const countryNames = useMemo(() => new Intl.DisplayNames([language], { type: 'region' }), [language]);
  const countries = useMemo(
    () =>
      COUNTRIES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) =>
        a.name.localeCompare(b.name, language),
      ),
    [countryNames, language],
  );
  const shownAtField = failure?.status === 409 && Object.values(serverErrors).includes(failure.message ?? '');

  return (
    <AuthLayout
      title={<Trans>Sign up your company</Trans>}
      lead={
        <Trans>
          Run your own academy on Halaqa: invite your people and give them private courses. An administrator approves
          new companies.
        </Trans>
      }
      footer={
        <Trans>
          Signing up for yourself?{' '}
          <Link to="/signup" className={linkStyles}>
            Create a personal account
          </Link>{' '}
          ·{' '}
          <Link to="/login" className={linkStyles}>
            Sign in
          </Link>
        </Trans>
      }
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
      >
        {succeeded && loginError ? (
          <SignInAfterSignUpAlert title={<Trans>Your company was registered.</Trans>} />
        ) : null}
        {failure && !shownAtField ? (
          <ServerErrorsAlert
            text={failure.message ? serverText(i18n, failure.message) : t(systemError)}
            others={otherServerErrors}
          />
        ) : null}
        <Group title={<Trans>Company</Trans>}>
          <TextField
            label={t`Company name`}
            autoComplete="organization"
            required
            maxLength={200}
            {...field('companyName')}
          />
          <div className={pair}>
            <TextField
              label={t`Acronym`}
              required
              maxLength={20}
              dir="ltr"
              helperText={t`A short code, like NCAI.`}
              {...field('acronym')}
            />
            <SelectField label={t`Language of the company`} required {...field('companyLanguage')}>
              <option value="en">English</option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </SelectField>
          </div>
        </Group>
        <Group title={<Trans>Address</Trans>}>
          <TextField label={t`Address`} autoComplete="address-line1" required maxLength={200} {...field('line1')} />
          <TextField label={t`Address (line 2)`} autoComplete="address-line2" maxLength={200} {...field('line2')} />
          <div className={pair}>
            <TextField label={t`City`} autoComplete="address-level2" required maxLength={100} {...field('city')} />
            <TextField label={t`State or region`} autoComplete="address-level1" maxLength={100} {...field('state')} />
          </div>
          <div className={pair}>
            <TextField
              label={t`Postal code`}
              autoComplete="postal-code"
              required
              maxLength={20}
              dir="ltr"
              {...field('postalCode')}
            />
            <SelectField label={t`Country`} autoComplete="country" required {...field('country')}>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
        </Group>
        <Group title={<Trans>Your account</Trans>}>
          <div className={pair}>
            <NameFields first={field('firstName')} last={field('lastName')} maxLength={100} />
          </div>
          <EmailField {...field('email')} />
          <SignUpPasswordField {...field('password')} />
        </Group>
        <SignUpCaptcha key={captchaRound(snapshot)} api={api} language={language} problem={captchaCode} send={send} />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting(snapshot)}>
          {isSubmitting(snapshot) ? <Trans>Registering your company…</Trans> : <Trans>Sign up the company</Trans>}
        </Button>
      </form>
    </AuthLayout>
  );
}
