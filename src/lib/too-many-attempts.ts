import { plural } from '@lingui/core/macro';

/**
 * The translated text of a 429: 'Too many attempts. Please try
 * again in N seconds.' (in minutes beyond 90 seconds), from the `retryAfter` seconds a machine's
 * `Failure` or the auth machine's `AuthFailure` keeps (the answer's Retry-After header; a minute
 * when the header was missing). Uses the active Lingui locale.
 * @returns the text, or null when the failure is not a 429.
 */
export function tooManyAttemptsText(
  failure: { status?: number | undefined; retryAfter?: number | undefined } | null | undefined,
): string | null {
  if (!failure || failure.status !== 429) return null;
  const seconds = Math.max(1, Math.ceil(failure.retryAfter ?? 60));
  if (seconds > 90) {
    const minutes = Math.ceil(seconds / 60);
    return plural(minutes, {
      one: 'Too many attempts. Please try again in # minute.',
      other: 'Too many attempts. Please try again in # minutes.',
    });
  }
  return plural(seconds, {
    one: 'Too many attempts. Please try again in # second.',
    other: 'Too many attempts. Please try again in # seconds.',
  });
}
