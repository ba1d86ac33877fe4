import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { newPasswordHint } from '@/lib/password-messages';
import { TextField } from './field';
import type { BoundInput } from './form-binding';

/** The required e-mail input of the sign-in and sign-up forms, labelled 'E-mail', with the e-mail keyboard. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'required' | 'label'>) {
  const { t } = useLingui();
  return <TextField label={t`E-mail`} type="email" inputMode="email" autoComplete="email" required {...props} />;
}

/**
 * A person's first and last name, both required, autocompleted as given and family name. A fragment: the caller
 * lays the two out (side by side from tablet up, usually).
 */
export function NameFields({ first, last, maxLength }: { first: BoundInput; last: BoundInput; maxLength?: number }) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={t`First name`} autoComplete="given-name" required maxLength={maxLength} {...first} />
      <TextField label={t`Last name`} autoComplete="family-name" required maxLength={maxLength} {...last} />
    </>
  );
}

/** A required password input: a TextField of type password (the label and autocomplete come from the caller). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'required'>) {
  return <TextField type="password" required {...props} />;
}

/**
 * A new password and its confirmation (product.md#validation policy), for the reset and change forms:
 * the policy hint stands under the first, and both are autocompleted as a new password.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: BoundInput;
  confirm: BoundInput;
}) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" helperText={t(newPasswordHint)} {...password} />
      <PasswordField label={t`Confirm the new password`} autoComplete="new-password" {...confirm} />
    </>
  );
}
