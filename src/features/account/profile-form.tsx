import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { xhrCredentials } from '@/app-services';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { NameFields } from '@/components/ui/credential-fields';
import { SelectField, TextField } from '@/components/ui/field';
import { inputBinder } from '@/components/ui/form-binding';
import { FieldRow } from '@/components/ui/form-controls';
import { toaster } from '@/components/ui/toast';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { type Api, unwrap } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { useAction } from '@/lib/use-action';
import type { components } from '@contract/schema';
import { messageOf } from '@machines/support/errors';
import { fieldErrorsOf } from '@machines/support/errors';

type User = components['schemas']['User'];
type Field = 'firstName' | 'lastName';

/**
 * The account information (product.md#calls PUT /account/profile, "account info"): first and last name and
 * the language of the mails, saved in one request (a plain hook: docs/decisions.md "plain hook or
 * statechart"); the picture, signature and résumé upload on their own (POST /account/picture,
 * /account/signature, /account/resume) with a progress bar each.
 */
export function ProfileForm({ api, auth, user }: { api: Api; auth: AuthActor; user: User }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language ?? 'en',
  });
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = { firstName: useRef<HTMLInputElement>(null), lastName: useRef<HTMLInputElement>(null) };
  const save = useAction(
    async (body: { firstName: string; lastName: string; language: 'en' | 'ar' }) =>
      unwrap(await api.PUT('/account/profile', { body })),
    {
      onSuccess: (saved) => {
        auth.send({ type: 'auth.profileChanged', name: saved.name });
        toaster.create({ title: t`Your profile is saved`, type: 'success' });
        void router.invalidate();
      },
    },
  );
  const credentials = useMemo(() => xhrCredentials(auth), [auth]);
  const picture = useUpload('profilePicture', { ...credentials, onUploaded: () => void router.invalidate() });
  const signature = useUpload('signature', credentials);
  const resume = useUpload('resume', credentials);
  const saveError = save.errorOf();
  const serverErrors = fieldErrorsOf(saveError);

  const field = inputBinder<Field>({
    values,
    change: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    errorOf: (name) => clientErrors[name] ?? serverErrors[name],
    refs,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const errors: Partial<Record<Field, string>> = {};
    if (!firstName) errors.firstName = t`This field is required.`;
    if (!lastName) errors.lastName = t`This field is required.`;
    setClientErrors(errors);
    if (errors.firstName || errors.lastName) {
      refs[errors.firstName ? 'firstName' : 'lastName'].current?.focus();
      return;
    }
    void save.start('profile', { firstName, lastName, language: values.language });
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <Card>
        <CardBody>
          <form noValidate onSubmit={onSubmit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              <Trans>Account information</Trans>
            </h2>
            {saveError && !Object.keys(serverErrors).length ? (
              <FormAlert>{messageOf(saveError) ?? t`System error please try later !`}</FormAlert>
            ) : null}
            <TextField
              label={t`E-mail`}
              name="email"
              type="email"
              value={user.email}
              readOnly
              helperText={t`Your e-mail is your sign-in name; it cannot be changed here.`}
            />
            <FieldRow>
              <NameFields first={field('firstName')} last={field('lastName')} maxLength={100} />
            </FieldRow>
            <SelectField
              label={t`Language of your e-mails`}
              name="language"
              value={values.language}
              onChange={(e) => setValues((v) => ({ ...v, language: e.target.value === 'ar' ? 'ar' : 'en' }))}
            >
              <option value="en">English</option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </SelectField>
            <div>
              <Button type="submit" loading={save.isPending('profile')}>
                <Trans>Save the profile</Trans>
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Card>
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            <Trans>Picture and documents</Trans>
          </h2>
          <UploadField
            label={t`Profile picture`}
            kind="profilePicture"
            preview="image"
            value={picture.result ?? (user.pictureUrl ? { url: user.pictureUrl } : null)}
            progress={picture.progress}
            error={picture.error && uploadErrorText(i18n, picture.error)}
            onFileSelected={picture.start}
            onCancel={picture.cancel}
          />
          <UploadField
            label={t`Signature`}
            kind="signature"
            preview="image"
            value={signature.result}
            progress={signature.progress}
            error={signature.error && uploadErrorText(i18n, signature.error)}
            onFileSelected={signature.start}
            onCancel={signature.cancel}
          />
          <UploadField
            label={t`Résumé`}
            kind="resume"
            value={resume.result}
            progress={resume.progress}
            error={resume.error && uploadErrorText(i18n, resume.error)}
            onFileSelected={resume.start}
            onCancel={resume.cancel}
          />
        </CardBody>
      </Card>
    </div>
  );
}
