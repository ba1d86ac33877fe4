import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The password mails (product.md#calls POST /account/reset-password/request), in English and
 * Arabic. `url` is the single-use reset link (valid `minutes` minutes).
 */

/** To an account whose owner (or someone) asked to reset its password. */
export const passwordResetLink = mailTemplateFile<{ firstName: string; url: string; minutes: number }>(
  TEMPLATES,
  'password-reset',
);

/** To an address with no account, so that a request for it does the same work as for an account. */
export const passwordResetNoAccount = mailTemplateFile<{ url: string }>(TEMPLATES, 'password-reset-no-account');

/**
 * To an account that signs in through its organisation's directory (MA or QA single sign-on): it
 * has no Halaqa password to reset, so the mail says where to sign in instead.
 */
export const passwordResetFederated = mailTemplateFile<{ firstName: string; provider: string; url: string }>(
  TEMPLATES,
  'password-reset-federated',
);

/**
 * To the address of a self-service sign-up (learner, educator, company partner): the link that
 * proves it is the owner's (server/modules/auth/verification.ts), valid `days` days.
 */
export const emailVerificationLink = mailTemplateFile<{ firstName: string; url: string; days: number }>(
  TEMPLATES,
  'email-verification',
);
