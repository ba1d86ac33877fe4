import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CaptchaStrings } from './captcha';

/**
 * The ALTCHA widget's texts in the interface language, for every screen that shows the captcha
 * (sign-up, company sign-up, contact us). Kept apart from captcha.tsx, which loads the widget.
 */
export function captchaStrings(i18n: I18n): CaptchaStrings {
  return {
    label: i18n._(msg`I'm not a robot`),
    verifying: i18n._(msg`Verifying…`),
    verified: i18n._(msg`Verified`),
    error: i18n._(msg`Verification failed. Try again later.`),
    expired: i18n._(msg`Verification expired. Try again.`),
    waitAlert: i18n._(msg`Verifying… please wait.`),
    ariaLinkLabel: i18n._(msg`Visit altcha.org`),
    footer: i18n._(msg`Protected by ALTCHA`),
  };
}
