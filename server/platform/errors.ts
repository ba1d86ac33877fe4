/** One field error of a 400 answer: `path` is the field (e.g. `email`, `body.price`). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error with an HTTP status, answered as `{ message, errors? }` (docs/decisions.md "API conventions").
 * Services throw these; the app's error handler turns them into responses.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** For 429 (and 503): seconds after which a retry may succeed, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: FieldError[]) => new HttpError(422, message, errors);
export const paymentRequired = (message: string) => new HttpError(402, message);

/**
 * SQLSTATE codes of PostgreSQL "data exceptions" (class 22) that only a client's value can cause:
 * a value that does not fit its column or cast. The edge refuses such input first (the contract's
 * bounds, the NUL check of server/platform/routes.ts); these are the safety net behind it.
 * - 22001 string too long for a `varchar(n)`; 22003 numeric value out of range (e.g. 2147483648 for
 *   an `integer`); 22007/22008 invalid or overflowing date/time; 22021 character not in repertoire
 *   (U+0000 in `text`); 22P02 invalid text representation (e.g. `'Infinity'::integer`); 22P05
 *   untranslatable character (`\u0000` in `jsonb`).
 * Division by zero (22012) and the other data exceptions are the server's own mistakes: still 500.
 */
export const CLIENT_DATA_SQLSTATES: ReadonlySet<string> = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
]);

/**
 * Whether `err` is a database error (from `pg` or PGlite: both expose the SQLSTATE as `.code`)
 * caused by a client's value out of its column's range or repertoire; answered 400, not 500.
 */
export function isClientDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_DATA_SQLSTATES.has(code);
}

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
