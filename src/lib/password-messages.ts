import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NewPasswordCode } from '@machines/password.form';

/** Texts of the new-password rule codes (machines/password.form.ts), for the reset and change forms. */
export const newPasswordMessages: Record<NewPasswordCode, MessageDescriptor> = {
  required: msg`This field is required.`,
  'password.tooShort': msg`Use at least 8 characters.`,
  'password.lower': msg`Add a lower-case letter.`,
  'password.upper': msg`Add an upper-case letter.`,
  'password.digit': msg`Add a digit.`,
  'password.special': msg`Add a special character, like ! or #.`,
  'password.mismatch': msg`The two passwords are not the same.`,
};

/** The hint under a new-password field (product.md#validation policy). */
export const newPasswordHint = msg`At least 8 characters, with a lower-case and an upper-case letter, a digit and a special character.`;
