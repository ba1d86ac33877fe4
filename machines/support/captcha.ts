/**
 * The captcha rules the sign-up statecharts share (product.md#validation "sign-up sends a captcha response as a
 * query parameter": ALTCHA, single use, checked at the edge).
 */

/** The query parameter, and the field its refusal is reported on (400 field error). */
export const CAPTCHA_PARAM = 'g-recaptcha-response';

/**
 * The failure left once a captcha is solved: a captcha problem is answered by it, any other
 * failure (the server's message, an invitation problem) stays shown until the next try.
 */
export function failureAfterCaptchaSolved<E extends { code: string }>(error: E | null): E | null {
  return error?.code === 'captcha.required' || error?.code === 'captcha.refused' ? null : error;
}

/** Whether the server's field errors say the captcha was refused (missing, invalid, expired, used). */
export const captchaRefused = (fieldErrors: Record<string, string>): boolean => Boolean(fieldErrors[CAPTCHA_PARAM]);
