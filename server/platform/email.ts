/**
 * The e-mail rule of product.md#validation (one `@`, a domain with a top-level part of two letters or more, no
 * spaces; RFC 5321 caps a path at 254 characters), shared by sign-up and invitations.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Whether `email` (already trimmed) passes {@link EMAIL_PATTERN} and is at most 254 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
