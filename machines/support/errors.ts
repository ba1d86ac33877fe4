/**
 * Reading what an actor threw, without importing its class: an `ApiError` (machines/support/api.ts)
 * carries `status` (HTTP, 0 = no answer), `serverMessage` and `fieldErrors`; anything else
 * (a network `TypeError`, a bug) has none of them.
 */

/** The HTTP status of a thrown `ApiError`, else undefined. */
export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's message of a thrown `ApiError` (non-empty), else undefined. */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { serverMessage?: unknown }).serverMessage;
  return typeof message === 'string' && message ? message : undefined;
}

/** The field errors `{ [field]: message }` of a thrown `ApiError` (string messages only), else `{}`. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields = error && typeof error === 'object' ? (error as { fieldErrors?: unknown }).fieldErrors : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(([, m]) => typeof m === 'string'),
  ) as Record<string, string>;
}

/** Seconds a 429's `Retry-After` asks to wait (an `ApiError`'s `retryAfter`), else undefined. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const seconds = (error as { retryAfter?: unknown }).retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}

/** A failure a machine keeps in context: its code, plus the status, server message and wait (429) when known. */
export interface Failure<Code extends string> {
  code: Code;
  status?: number;
  message?: string;
  /** Seconds to wait before trying again (429 `Retry-After`). */
  retryAfter?: number;
}

/** `{ code, status?, message?, retryAfter? }` from whatever an actor threw (see `statusOf`, `messageOf`, `retryAfterOf`). */
export function failureOf<Code extends string>(code: Code, error: unknown): Failure<Code> {
  const status = statusOf(error);
  const message = messageOf(error);
  const retryAfter = retryAfterOf(error);
  return {
    code,
    ...(status !== undefined ? { status } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}
