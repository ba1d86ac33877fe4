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
function failureAfterCaptchaSolved<E extends { code: string }>(error: E | null): E | null {
  return error?.code === 'captcha.required' || error?.code === 'captcha.refused' ? null : error;
}

/** Whether the server's field errors say the captcha was refused (missing, invalid, expired, used). */
export const captchaRefused = (fieldErrors: Record<string, string>): boolean => Boolean(fieldErrors[CAPTCHA_PARAM]);

/** The context once a captcha is solved: its payload kept, and a captcha problem answered (`failureAfterCaptchaSolved`). */
export function withSolvedCaptcha<E extends { code: string }>(error: E | null, payload: string) {
  return { captcha: payload, error: failureAfterCaptchaSolved(error) };
}

/** The context once the server has spent (or refused) the captcha: none kept, and a new round asked for. */
export function withSpentCaptcha(captchaRound: number) {
  return { captcha: null, captchaRound: captchaRound + 1 };
}

/** The captcha events of a sign-up form: a solved payload is kept (`assignCaptcha`), a reset forgets it. */
export const captchaEvents = {
  'captcha.solved': {
    actions: {
      type: 'assignCaptcha',
      params: ({ event }: { event: { payload: string } }) => ({ payload: event.payload }),
    },
  },
  'captcha.reset': { actions: 'clearCaptcha' },
} as const;

/**
 * How a sign-up call ends (`onDone` / `onError` of its invoke): the sign-in it answers is kept (`assignResult`) and
 * the machine `succeeded`; a failure is kept (`assignFailure`) and the form shown again (`form.failed`).
 */
export function signUpSettled<Result>() {
  return {
    onDone: {
      target: 'succeeded',
      actions: { type: 'assignResult', params: ({ event }: { event: { output: Result } }) => event.output },
    },
    onError: {
      target: 'form.failed',
      actions: {
        type: 'assignFailure',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  } as const;
}
